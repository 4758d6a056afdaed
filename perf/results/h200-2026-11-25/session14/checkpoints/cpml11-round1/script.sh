# cpml11 ROUND 1 (branch cpml11). NO BUILD: assumes `.deps/dev.sh` built build/cuda.
#   bash .deps/cpml11-gpu.sh   (results under $OUT/cpml11/: summary.txt, all.tgz; <= ~115 s)
# The CPML's bfloat16 memory variables rounded by the device's conversion instruction (cvt.rn.bf16x2.f32: one
# instruction for a pair against ~12 integer ones) in every CPML kernel; the same bits. Chosen at run time:
#   A = SEIS_CPML_CVT=0   main's form (integer rounding; SASS of the z-/y-slab kernel 14042 instructions, its
#                         two-point loop 291)
#   C = SEIS_CPML_CVT=1   the branch's default (13083; loop 273; XColumns' loop 212 -> 206)
# 1. CORRECTNESS FIRST: [pml] under A and C (a new [pml] test compares the device's rounding with the host's bitwise;
#    the others compare the kernels with the host's point-by-point update bitwise).
# 2. Timings A C A C, CPML ms/step, --cpml-overlap off: iso-large-gpu st_reg_vec:32x8@128 200 steps x4;
#    tti-large-gpu st_reg_feat:32x8@300 100 steps x2. Seismograms byte-compared with each physics' first A run.
# 3. ncu of one iso step's CPML kernels (3 launches), A and C, with the stall reasons and cache hit rates
#    (why the z-/y-slab kernel runs at ~3.0 TB/s).
set -o pipefail
R=${OUT:-/tmp/out}/cpml11
mkdir -p $R/all
A=$R/all
export LD_LIBRARY_PATH=/tmp/pfx/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
B=${BIN:-$PWD/build/cuda}
start=$(date +%s); LIMIT=${LIMIT:-115}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
{ nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,clocks.mem --format=csv; date -u; git log --oneline -1 2>/dev/null; } > $A/gpu.txt
FA="SEIS_CPML_CVT=0"; FC="SEIS_CPML_CVT=1"
# 1. the tests (a hang, rc 124, ends them)
t() {  # tag, binary, test spec, then env VAR=value
  local tag=$1 bin=$2 spec=$3; shift 3; local t0=$(date +%s)
  echo "+ $* timeout 40 $B/tests/$bin \"$spec\"" >> $A/commands.txt
  env X=0 "$@" timeout 40 $B/tests/$bin "$spec" > $A/test-$tag.txt 2>&1; local rc=$?
  echo "$tag rc=$rc $(( $(date +%s) - t0 )) s: $(grep -E 'All tests passed|test cases|FAILED' $A/test-$tag.txt | tail -1)" | tee -a $R/tests.txt
  [ $rc -eq 0 ]
}
OK=1
t pml-A seis_tests_unit "[pml]" $FA || OK=0
t pml-C seis_tests_unit "[pml]" $FC || OK=0
[ $OK = 1 ] || echo "TESTS FAILED: timings below are of forms that did not pass" | tee -a $R/tests.txt
# 2. timings
run() {  # tag, scenario+args (quoted), then VAR=value... for env
  local tag=$1 sc=$2; shift 2; local t0=$(date +%s)
  echo "+ $* $B/app/seis run $sc --no-stream --quiet --output /tmp/o-cpml11-$tag --overwrite" >> $A/commands.txt
  env X=0 "$@" timeout $(( $(left) - 3 )) $B/app/seis run $sc --no-stream --quiet --output /tmp/o-cpml11-$tag --overwrite > $A/run-$tag.log 2>&1 \
    && cp /tmp/o-cpml11-$tag/report.json $A/report-$tag.json && cp /tmp/o-cpml11-$tag/seismograms.npy $A/seis-$tag.npy \
    || { echo "$tag failed:"; tail -5 $A/run-$tag.log; }
  rm -rf /tmp/o-cpml11-$tag; echo "$tag took $(( $(date +%s) - t0 )) s, $(left) s left"
}
ab() {  # need, scenario+args, then tag:env ... (env entries joined by +)
  local need=$1 sc=$2; shift 2
  for s in "$@"; do
    [ $(left) -gt $need ] || break
    local tag=${s%%:*} e=${s#*:}
    run $tag "$sc" ${e//+/ }
  done
}
ISO="app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:32x8@128 --steps 200 --cpml-overlap off"
TTI="app/scenarios/tti-large-gpu.toml --strategy st_reg_feat:32x8@300 --steps 100 --cpml-overlap off"
ab 60 "$ISO" iso-A-1:$FA iso-C-1:$FC iso-A-2:$FA iso-C-2:$FC
ab 50 "$TTI" tti-A-1:$FA tti-C-1:$FC tti-A-2:$FA tti-C-2:$FC
ab 40 "$ISO" iso-A-3:$FA iso-C-3:$FC iso-A-4:$FA iso-C-4:$FC
python3 - $A <<'PY' | tee $R/compare.txt
import glob, os, sys
R = sys.argv[1]
for f in sorted(glob.glob(os.path.join(R, "seis-*.npy"))):
    tag = os.path.basename(f)[5:-4]; ref = tag.split("-")[0] + "-A-1"
    if ref == tag: continue
    rf = os.path.join(R, "seis-%s.npy" % ref)
    if not os.path.exists(rf): print("%-10s no %s" % (tag, ref)); continue
    print("%-10s vs %-6s bytes %s" % (tag, ref, "equal" if open(f, "rb").read() == open(rf, "rb").read() else "DIFFER"))
PY
python3 - $A <<'PY' | tee $R/times.txt
import glob, json, os, sys, collections
R = sys.argv[1]
print("run        stencil  CPML    step  (ms/step)  slab/inner point")
per = collections.defaultdict(list)
for f in sorted(glob.glob(os.path.join(R, "report-*.json")), key=os.path.getmtime):
    tag = os.path.basename(f)[7:-5]
    r = json.load(open(f)); t = r["timing"]; g = r["grid"]
    st, pm = t["stencil_ms_per_step"], t["pml_ms_per_step"]
    ratio = (pm / g["pml_points"]) / (st / g["inner_points"]) if st > 0 else 0
    print("%-10s %7.3f %6.3f %7.3f %17.3f" % (tag, st, pm, t["ms_per_step"], ratio))
    phys, form, rep = tag.split("-"); per[(phys, form)].append(pm)
print("form: CPML ms/step runs (in order)")
for k, v in per.items(): print("%s %-3s %s" % (k[0], k[1], " ".join("%.3f" % x for x in v)))
PY
# 3. ncu of one step's CPML kernels (3 launches a step), with the stall reasons
S=smsp__average_warps_issue_stalled
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,smsp__thread_inst_executed.sum,smsp__inst_executed.sum,launch__registers_per_thread,launch__grid_size,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active,sm__inst_issued.avg.pct_of_peak_sustained_active,smsp__inst_executed_op_local_ld.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct,l1tex__t_sector_hit_rate.pct,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors_srcunit_tex.sum,l1tex__throughput.avg.pct_of_peak_sustained_active,lts__throughput.avg.pct_of_peak_sustained_elapsed
for s in long_scoreboard short_scoreboard wait lg_throttle mio_throttle not_selected selected math_pipe_throttle no_instruction dispatch_stall branch_resolving drain imc_miss barrier; do M=$M,${S}_${s}_per_issue_active.ratio; done
for v in iso:A:$FA iso:C:$FC tti:C:$FC; do
  [ $(left) -gt 12 ] || break
  IFS=: read -r phys form e <<< "$v"
  if [ $phys = iso ]; then sc="app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:32x8@128"; else sc="app/scenarios/tti-large-gpu.toml --strategy st_reg_feat:32x8@300"; fi
  cmd="ncu --csv --page raw --print-units base --clock-control none --metrics $M --kernel-name-base mangled -k regex:Cpml --launch-skip 3 --launch-count 3 $B/app/seis run $sc --steps 2 --cpml-overlap off --no-stream --quiet --output /tmp/o-cpml11-ncu --overwrite"
  echo "+ $e $cmd" >> $A/commands.txt
  env $e timeout $(( $(left) - 3 )) $cmd > $A/ncu-$phys-$form.csv 2> $A/ncu-$phys-$form.log; echo "ncu $phys $form rc=$?"; rm -rf /tmp/o-cpml11-ncu
  python3 - $A/ncu-$phys-$form.csv $phys <<'PY' | tee $A/ncu-$phys-$form.txt >> $R/ncu.txt
import csv, re, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 5]
if not rows: print("no ncu rows: " + sys.argv[1]); sys.exit(0)
head = rows[0]; data = [dict(zip(head, r)) for r in rows[2:] if r[0].isdigit()]
def f(r, k):
    try: return float(r.get(k, "nan").replace(",", ""))
    except ValueError: return float("nan")
S = "smsp__average_warps_issue_stalled_%s_per_issue_active.ratio"
print("== " + sys.argv[1].split("/")[-1])
print("kernel,grid,block,regs,ms,dram_MB,GB/s,thread_inst_M,warp_inst_M,warps_active_pct,issue_pct,dram_pct,l2_hit_pct,l1_hit_pct,l1_ld_sectors_M,l2_read_sectors_M,l1_pct,l2_pct,local_ld")
tot = 0
stalls = "long_scoreboard short_scoreboard wait lg_throttle mio_throttle not_selected selected math_pipe_throttle no_instruction dispatch_stall branch_resolving drain imc_miss barrier".split()
for r in data:
    name = r.get("Kernel Name", "")
    m = re.search(r"(MemoryColumns|XColumns|UpdateSlabs|UpdateColumns)", name)
    short = m.group(0) if m else name[:40]
    ms = f(r, "gpu__time_duration.sum") / 1e6; b = f(r, "dram__bytes_read.sum") + f(r, "dram__bytes_write.sum")
    tot += ms
    print("%s,%s,%s,%.0f,%.3f,%.1f,%.0f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.0f" % (short, r.get("launch__grid_size", "").replace(",", ""),
          r.get("launch__block_size", "").replace(",", ""), f(r, "launch__registers_per_thread"), ms, b / 1e6, b / 1e6 / ms,
          f(r, "smsp__thread_inst_executed.sum") / 1e6, f(r, "smsp__inst_executed.sum") / 1e6, f(r, "sm__warps_active.avg.pct_of_peak_sustained_active"),
          f(r, "sm__inst_issued.avg.pct_of_peak_sustained_active"), f(r, "dram__throughput.avg.pct_of_peak_sustained_elapsed"),
          f(r, "lts__t_sector_hit_rate.pct"), f(r, "l1tex__t_sector_hit_rate.pct"), f(r, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum") / 1e6,
          f(r, "lts__t_sectors_srcunit_tex.sum") / 1e6, f(r, "l1tex__throughput.avg.pct_of_peak_sustained_active"),
          f(r, "lts__throughput.avg.pct_of_peak_sustained_elapsed"), f(r, "smsp__inst_executed_op_local_ld.sum")))
    print("  stalls/issue " + " ".join("%s %.2f" % (s, f(r, S % s)) for s in stalls))
print("total_ms,%.3f\nlaunches,%d" % (tot, len(data)))
PY
done
cp $R/tests.txt $R/compare.txt $R/times.txt $A/ 2>/dev/null
{ echo "== summary (cpml11 round 1) =="; cat $R/tests.txt; echo; cat $R/compare.txt; echo; cat $R/times.txt; echo; cat $R/ncu.txt 2>/dev/null; } > $R/summary.txt
rm -f $R/tests.txt $R/compare.txt $R/times.txt $R/ncu.txt
tar -czf $R/all.tgz -C $R all && rm -rf $A
cat $R/summary.txt
echo "cpml11 done, $(left) s of $LIMIT left"
