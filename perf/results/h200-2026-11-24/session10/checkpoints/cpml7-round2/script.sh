# cpml7 ROUND 2 (branch cpml7, 45d0033 or later: SEIS_CPML_EARLY must exist). NO BUILD: assumes `.deps/dev.sh` built build/cuda.
#   bash .deps/cpml7-gpu.sh   (results under $OUT/cpml7/, <= ~115 s; round 1: cpml7-gpu-round1.sh)
# Since round 1: two columns a thread (VEC 2, 128 regs, no spills) is the DEFAULT of the z-/y-slab
# updates, with blocks of 32x8 threads (round 1: 2.382 iso in one run); losers removed (VEC 4,
# VEC_TEAMS, X_COLUMNS). Switches left for this A/B: SEIS_CPML_VEC=1 (round 1's def: a column a
# thread, 64x4 blocks) and SEIS_CPML_TILE_X=16|32|64|128 (threads along x of the blocks).
# 1. CORRECTNESS FIRST (tests.txt): [pml] (default, and VEC=1), user-physics [pml], tti VTI,
#    iso out-of-core sweeps, [distributed] unit tests. SUCCESS: "All tests passed", rc=0.
#    compare.txt: seismograms.npy against def's; the *-long runs (iso 500, tti 400 steps) reach
#    the receivers (round 1's 100 steps gave max|p| 5e-39): expected bitwise equal.
# 2. Timings A B A B (times.txt): iso-large-gpu st_reg_vec:32x8@128 100 steps off: def v1 def v1
#    def v1, tile16, tile64, tile16 again; ahead def/v1; tti-large-gpu st_reg_feat:32x8@128 50 steps
#    off: def v1 def v1 tile64 tile16; SEIS_CPML_EARLY=1 (new, default off: with VEC 2, p's
#    x/across neighbours loaded a plane ahead too; SASS 282 vs 243 instr per 2 pts, plain walks
#    spill-free, damped walks 3-23 LDL a trip) twice on each, against def in between.
#    SUCCESS: def below v1 beyond the spread on both; early below def (or not: it goes away).
# 3. ncu of one iso step's CPML kernels: def then v1.
set -o pipefail
R=${OUT:-/tmp/out}/cpml7
mkdir -p $R
export LD_LIBRARY_PATH=/tmp/pfx/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
B=${BIN:-$PWD/build/cuda}
start=$(date +%s); LIMIT=${LIMIT:-115}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
{ nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,clocks.mem --format=csv; date -u; git log --oneline -1 2>/dev/null; } > $R/gpu.txt
# 1. the tests (a hang, rc 124, ends them)
t() {  # tag, binary, test spec, env...
  local tag=$1 bin=$2 spec=$3; shift 3; local t0=$(date +%s)
  echo "+ $* timeout 40 $B/tests/$bin \"$spec\"" >> $R/commands.txt
  env X=0 "$@" timeout 40 $B/tests/$bin "$spec" > $R/test-$tag.txt 2>&1; local rc=$?
  echo "$tag rc=$rc $(( $(date +%s) - t0 )) s: $(grep -E 'All tests passed|test cases|FAILED' $R/test-$tag.txt | tail -1)" | tee -a $R/tests.txt
  [ $rc -ne 124 ]
}
t pml seis_tests_unit "[pml]" && \
t pml-v1 seis_tests_unit "[pml]" SEIS_CPML_VEC=1 && \
t user seis_tests_user_physics "[pml]" && \
t tti seis_tests_tti "VTI first arrivals*" && \
t ooc seis_tests_unit "out-of-core iso sweeps*" && \
t dist seis_tests_unit "[distributed]" && \
t pml-early seis_tests_unit "[pml]" SEIS_CPML_EARLY=1 && \
t user-early seis_tests_user_physics "[pml]" SEIS_CPML_EARLY=1
# 2. timings
ISO="app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:32x8@128 --steps 100"
TTI="app/scenarios/tti-large-gpu.toml --strategy st_reg_feat:32x8@128 --steps 50"
run() {  # tag, scenario+args (quoted), then VAR=value... for env
  local tag=$1 sc=$2; shift 2; local t0=$(date +%s)
  echo "+ $* $B/app/seis run $sc --no-stream --quiet --output /tmp/o-cpml7-$tag --overwrite" >> $R/commands.txt
  env X=0 "$@" timeout $(( $(left) - 3 )) $B/app/seis run $sc --no-stream --quiet --output /tmp/o-cpml7-$tag --overwrite > $R/run-$tag.log 2>&1 \
    && cp /tmp/o-cpml7-$tag/report.json $R/report-$tag.json && cp /tmp/o-cpml7-$tag/seismograms.npy $R/seis-$tag.npy \
    || { echo "$tag failed:"; tail -5 $R/run-$tag.log; }
  rm -rf /tmp/o-cpml7-$tag; echo "$tag took $(( $(date +%s) - t0 )) s, $(left) s left"
}
V1="SEIS_CPML_VEC=1"
# Long runs whose waves reach the receivers, for compare.txt (their times are not A/B), first.
ISOL="app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:32x8@128 --steps 500"
TTIL="app/scenarios/tti-large-gpu.toml --strategy st_reg_feat:32x8@128 --steps 400"
run isolong-def "$ISOL --cpml-overlap off"
[ $(left) -gt 80 ] && run isolong-v1 "$ISOL --cpml-overlap off" $V1
[ $(left) -gt 74 ] && run ttilong-def "$TTIL --cpml-overlap off"
[ $(left) -gt 66 ] && run ttilong-v1 "$TTIL --cpml-overlap off" $V1
run iso-def "$ISO --cpml-overlap off"
[ $(left) -gt 60 ] && run iso-v1 "$ISO --cpml-overlap off" $V1
[ $(left) -gt 60 ] && run iso-def2 "$ISO --cpml-overlap off"
[ $(left) -gt 60 ] && run iso-v12 "$ISO --cpml-overlap off" $V1
[ $(left) -gt 58 ] && run iso-def3 "$ISO --cpml-overlap off"
[ $(left) -gt 58 ] && run iso-v13 "$ISO --cpml-overlap off" $V1
[ $(left) -gt 56 ] && run iso-tile16 "$ISO --cpml-overlap off" SEIS_CPML_TILE_X=16
[ $(left) -gt 56 ] && run iso-tile64 "$ISO --cpml-overlap off" SEIS_CPML_TILE_X=64
[ $(left) -gt 56 ] && run iso-tile162 "$ISO --cpml-overlap off" SEIS_CPML_TILE_X=16
[ $(left) -gt 55 ] && run iso-early "$ISO --cpml-overlap off" SEIS_CPML_EARLY=1
[ $(left) -gt 55 ] && run iso-def4 "$ISO --cpml-overlap off"
[ $(left) -gt 55 ] && run iso-early2 "$ISO --cpml-overlap off" SEIS_CPML_EARLY=1
[ $(left) -gt 54 ] && run iso-def-ahead "$ISO --cpml-overlap ahead"
[ $(left) -gt 54 ] && run iso-v1-ahead "$ISO --cpml-overlap ahead" $V1
[ $(left) -gt 50 ] && run tti-def "$TTI --cpml-overlap off"
[ $(left) -gt 48 ] && run tti-v1 "$TTI --cpml-overlap off" $V1
[ $(left) -gt 46 ] && run tti-def2 "$TTI --cpml-overlap off"
[ $(left) -gt 44 ] && run tti-v12 "$TTI --cpml-overlap off" $V1
[ $(left) -gt 42 ] && run tti-tile64 "$TTI --cpml-overlap off" SEIS_CPML_TILE_X=64
[ $(left) -gt 42 ] && run tti-tile16 "$TTI --cpml-overlap off" SEIS_CPML_TILE_X=16
[ $(left) -gt 40 ] && run tti-early "$TTI --cpml-overlap off" SEIS_CPML_EARLY=1
[ $(left) -gt 38 ] && run tti-def3 "$TTI --cpml-overlap off"
[ $(left) -gt 36 ] && run tti-early2 "$TTI --cpml-overlap off" SEIS_CPML_EARLY=1
python3 - $R <<'PY' | tee $R/compare.txt
import glob, os, sys
R = sys.argv[1]
try:
    import numpy as np
except ImportError:
    np = None
for phys in ("iso", "tti", "isolong", "ttilong"):
    ref = os.path.join(R, "seis-%s-def.npy" % phys)
    if not os.path.exists(ref): print(phys, "no def seismograms"); continue
    for f in sorted(glob.glob(os.path.join(R, "seis-%s-*.npy" % phys))):
        if "long" not in phys and "long" in os.path.basename(f): continue
        tag = os.path.basename(f)[5:-4]
        if np is None:
            print("%-14s bytes %s def's" % (tag, "equal to" if open(f, "rb").read() == open(ref, "rb").read() else "DIFFER from")); continue
        a, b = np.load(f), np.load(ref)
        if a.shape != b.shape: print("%-14s shape %s against %s" % (tag, a.shape, b.shape)); continue
        d = float(np.max(np.abs(a.astype(np.float64) - b))); m = float(np.max(np.abs(b)))
        print("%-14s max|diff| %.3g, max|def| %.3g, relative %.3g, bitwise %s" % (tag, d, m, d / m if m else 0.0, bool(np.array_equal(a, b))))
PY
python3 - $R <<'PY' | tee $R/times.txt
import glob, json, os, sys
R = sys.argv[1]
print("run            stencil  CPML    step  (ms/step)  slab/inner point")
for f in sorted(glob.glob(os.path.join(R, "report-*.json"))):
    tag = os.path.basename(f)[7:-5]
    r = json.load(open(f)); t = r["timing"]; g = r["grid"]
    st, pm = t["stencil_ms_per_step"], t["pml_ms_per_step"]
    ratio = "%.2f" % ((pm / g["pml_points"]) / (st / g["inner_points"])) if "ahead" not in tag and "long" not in tag and st > 0 else ""
    print("%-14s %7.3f %6.3f %7.3f %17s" % (tag, st, pm, t["ms_per_step"], ratio))
PY
# 3. ncu of one iso step's CPML kernels (3 launches a step)
S=smsp__average_warps_issue_stalled
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,smsp__thread_inst_executed.sum,launch__registers_per_thread,launch__grid_size,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active,sm__inst_issued.avg.pct_of_peak_sustained_active,smsp__inst_executed_op_local_ld.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,${S}_long_scoreboard_per_issue_active.ratio,${S}_barrier_per_issue_active.ratio,${S}_lg_throttle_per_issue_active.ratio
for v in def v1; do
  [ $(left) -gt 15 ] || break
  e=X=0; [ $v = v1 ] && e=$V1
  cmd="ncu --csv --page raw --print-units base --clock-control none --metrics $M --kernel-name-base mangled -k regex:Cpml --launch-skip 3 --launch-count 3 $B/app/seis run app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:32x8@128 --steps 2 --cpml-overlap off --no-stream --quiet --output /tmp/o-cpml7-ncu --overwrite"
  echo "+ $e $cmd" >> $R/commands.txt
  env $e timeout $(( $(left) - 3 )) $cmd > $R/ncu-$v.csv 2> $R/ncu-$v.log; echo "ncu $v rc=$?"; rm -rf /tmp/o-cpml7-ncu
  python3 - $R/ncu-$v.csv <<'PY' | tee $R/ncu-$v.txt
import csv, re, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 5]
if not rows: print("no ncu rows"); sys.exit(0)
head = rows[0]; data = [dict(zip(head, r)) for r in rows[2:] if r[0].isdigit()]
def f(r, k):
    try: return float(r.get(k, "nan").replace(",", ""))
    except ValueError: return float("nan")
S = "smsp__average_warps_issue_stalled_%s_per_issue_active.ratio"
print("kernel,grid,block,regs,ms,dram_MB,thread_inst_M,warps_active_pct,issue_pct,dram_pct,local_ld,stall_long_sb,stall_barrier,stall_lg_throttle")
tot = byt = ins = 0
for r in data:
    name = r.get("Kernel Name", ""); i = name.find("Cpml")
    m = re.search(r"(MemoryColumns|XColumns|UpdateSlabs|UpdateColumns)(<[^,>]*<[^>]*>(, ?[-\w]+)*>)?", name)
    lb = re.search(r"LaunchBounds<(\d+), ?(\d+)>|LaunchBoundsILj(\d+)ELj(\d+)E", name)
    short = (m.group(0) if m else name[i:i + 40]).replace("Physics<float>", "").replace(" ", "")
    if lb: short += " LB" + "/".join(g for g in lb.groups() if g)
    ms = f(r, "gpu__time_duration.sum") / 1e6; b = f(r, "dram__bytes_read.sum") + f(r, "dram__bytes_write.sum")
    tot += ms; byt += b; ins += f(r, "smsp__thread_inst_executed.sum")
    print("%s,%s,%s,%.0f,%.3f,%.1f,%.1f,%.1f,%.1f,%.1f,%.0f,%.2f,%.2f,%.2f" % (short, r.get("launch__grid_size", ""),
          r.get("launch__block_size", ""), f(r, "launch__registers_per_thread"), ms, b / 1e6,
          f(r, "smsp__thread_inst_executed.sum") / 1e6, f(r, "sm__warps_active.avg.pct_of_peak_sustained_active"),
          f(r, "sm__inst_issued.avg.pct_of_peak_sustained_active"), f(r, "dram__throughput.avg.pct_of_peak_sustained_elapsed"),
          f(r, "smsp__inst_executed_op_local_ld.sum"), f(r, S % "long_scoreboard"), f(r, S % "barrier"), f(r, S % "lg_throttle")))
pts = 189005824
print("total_ms,%.3f\nlaunches,%d\ndram_bytes_per_slab_point,%.1f (minimum 32 per face-slab point)\n"
      "thread_instructions_per_slab_point,%.1f" % (tot, len(data), byt / pts, ins / pts))
PY
done
echo "== summary (cpml7) =="; cat $R/tests.txt; cat $R/compare.txt; cat $R/times.txt
echo "cpml7 done, $(left) s of $LIMIT left"
