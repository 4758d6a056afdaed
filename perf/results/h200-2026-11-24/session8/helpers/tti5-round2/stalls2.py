import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 5]
if len(rows) < 3: print("no ncu rows"); sys.exit(0)
h = rows[0]; pts = 900 ** 3
for r in rows[2:]:
    d = dict(zip(h, r))
    def g(k):
        try: return float(d.get(k, "nan").replace(",", ""))
        except ValueError: return float("nan")
    side = "twin  " if "feature_streaming_kernel" in d.get("Kernel Name", "") else "kokkos"
    print(f"{side} {g('gpu__time_duration.sum') / 1e6:.3f} ms  inst/pt {g('smsp__thread_inst_executed.sum') / pts:.1f}  "
          f"regs {g('launch__registers_per_thread'):.0f}  local ld {g('smsp__inst_executed_op_local_ld.sum'):.0f}  "
          f"issue {g('sm__inst_issued.avg.pct_of_peak_sustained_active'):.1f} %  warps {g('sm__warps_active.avg.pct_of_peak_sustained_active'):.1f} %  "
          f"dram B/pt {g('dram__bytes.sum') / pts:.2f}")
    st = sorted(((g(k), k.split("stalled_")[1].split("_per_issue")[0]) for k in h
                 if k.startswith("smsp__average_warps_issue_stalled_") and k.endswith("_per_issue_active.ratio")), reverse=True)
    print("   stalls (cycles per issued instruction): " + "  ".join(f"{n}={v:.2f}" for v, n in st if v == v and v >= 0.01))
    for k in ("smsp__warps_eligible.avg.per_cycle_active", "smsp__issue_active.avg.per_cycle_active"):
        if k in d: print(f"   {k} = {d[k]}")
