# Per-kernel ncu table (one profiled step) from a raw `ncu --csv --page raw` file.
import csv, sys, re
raw, physics = sys.argv[1], sys.argv[2]
N, L = (1024, 32) if physics == "iso" else (900, 20)
I = N - 2 * L
slab = {"z": N * N * L, "y": N * L * I, "x": L * I * I}
rows = [r for r in csv.reader(open(raw)) if len(r) > 5]
head = rows[0]
data = [dict(zip(head, r)) for r in rows[2:] if r[0].isdigit()]
def num(r, k): return float(r[k].replace(",", ""))
# launch order per step: main = pass A z-,z+,y-,y+,x-,x+ then pass B likewise;
# cpml-perf = pass A x-,x+ (MemoryColumns 0), y-,y+ (1), then update z-,z+,y-,y+,x-,x+
old_order = [("pass A (psi, all axes)", s) for s in "zzyyxx"] + [("pass B (update)", s) for s in "zzyyxx"]
new_order = [("pass A psi_x", "ax"), ("pass A psi_x", "ax"), ("pass A psi_y", "ay"), ("pass A psi_y", "ay")] + \
            [("update + psi_z", "z"), ("update + psi_z", "z"), ("update", "y"), ("update", "y"), ("update", "x"), ("update", "x")]
order = old_order if len(data) == 12 else new_order
print("kernel,slab,points_M,ms,ps_per_point,dram_B_per_point,thread_inst_per_point,registers,warps_active_pct,issue_active_pct,dram_pct_of_peak,local_loads")
tot = 0
for r, (what, s) in zip(data, order):
    pts = slab[s] if s in slab else N * N * L
    side = {"ax": "x layers", "ay": "y layers"}.get(s, s + "-slab")
    ms = num(r, "gpu__time_duration.sum") / 1e6; tot += ms
    b = num(r, "dram__bytes_read.sum") + num(r, "dram__bytes_write.sum")
    print("%s,%s,%.1f,%.3f,%.1f,%.1f,%.0f,%d,%.0f,%.0f,%.0f,%d" % (what, side, pts / 1e6, ms, ms * 1e9 / pts, b / pts,
          num(r, "smsp__thread_inst_executed.sum") / pts, num(r, "launch__registers_per_thread"),
          num(r, "sm__warps_active.avg.pct_of_peak_sustained_active"), num(r, "sm__inst_issued.avg.pct_of_peak_sustained_active"),
          num(r, "dram__throughput.avg.pct_of_peak_sustained_elapsed"), num(r, "smsp__inst_executed_op_local_ld.sum")))
print("total,,%.1f,%.3f" % (sum(slab.values()) * 2 / 1e6, tot))
