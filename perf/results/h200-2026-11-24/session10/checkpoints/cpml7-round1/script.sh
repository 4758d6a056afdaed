# cpml7 checkpoint 1 (branch cpml7, 90b6b71 or later). NO BUILD: assumes `.deps/dev.sh` built
# build/cuda.   bash .deps/cpml7-gpu.sh   (results under $OUT/cpml7/, <= ~115 s)
# New run-time switches, all default off (= main's kernels, SASS identical):
#   SEIS_CPML_VEC=2|4      the z-/y-slab updates (UpdateSlabs) walk 2 or 4 neighbouring x columns a
#                          thread with vector loads/stores (walk_lanes);
#   SEIS_CPML_VEC_TEAMS=2|3  their launch bounds where VEC>1 (blocks of 256 an SM: 2 = 128 regs,
#                          the default; 3 = 80 regs);
#   SEIS_CPML_X_COLUMNS=2  XColumns: two places of a tile a thread, teams of 128 (128 regs).
#   Static SASS (nvcc 13, sm_90, iso and tti alike): the plain z/y walk 170 instr/pt at 64 regs
#   with VEC=1 (spills in the damped walks: 31 LDL/29 STL in the kernel); VEC=2 at 2 blocks:
#   121.5 instr/pt, no local memory anywhere in the kernel; VEC=2 at 3 blocks and VEC=4 spill
#   (12-70 LDL a trip): expected to lose, measured once each.
# 1. CORRECTNESS FIRST (tests.txt): [pml] unit tests (incl. the new bitwise 1-vs-2-vs-4-column
#    test) under each switch, the user-physics [pml] tests, tti "VTI first arrivals*", iso
#    out-of-core sweeps. SUCCESS: "All tests passed", rc=0 (rc 124 = hang: stops the tests).
#    compare.txt: seismograms.npy of every timed run against def's of its physics: expected
#    bitwise equal (serial runs of iso-/tti-homogeneous are, with VEC 2 and 4).
# 2. Timings (times.txt; CPML = timing.pml_ms_per_step), iso-large-gpu st_reg_vec:32x8@128
#    100 steps --cpml-overlap off: def v2 def v2 def v2, x2 v2x2 x2 v2x2, then v2t3, v4,
#    v2 with SEIS_CPML_TILE_X=32/128, v2 and def with --cpml-overlap ahead; tti-large-gpu
#    st_reg_feat:32x8@128 50 steps off: def v2 def v2 v2x2.
#    SUCCESS: v2 (v2x2) CPML below def beyond the def repeats' spread (session 8: 2.420-2.439).
# 3. ncu of one iso step's CPML kernels, v2x2 then def: regs, local loads, DRAM B and
#    instructions per slab point, DRAM %.
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
t pml-v2 seis_tests_unit "[pml]" SEIS_CPML_VEC=2 && \
t pml-v4 seis_tests_unit "[pml]" SEIS_CPML_VEC=4 && \
t pml-v2t3 seis_tests_unit "[pml]" SEIS_CPML_VEC=2 SEIS_CPML_VEC_TEAMS=3 && \
t pml-x2 seis_tests_unit "[pml]" SEIS_CPML_X_COLUMNS=2 && \
t user-x2 seis_tests_user_physics "[pml]" SEIS_CPML_X_COLUMNS=2 && \
t user-v2 seis_tests_user_physics "[pml]" SEIS_CPML_VEC=2 && \
t tti-v2 seis_tests_tti "VTI first arrivals*" SEIS_CPML_VEC=2 && \
t ooc-v2 seis_tests_unit "out-of-core iso sweeps*" SEIS_CPML_VEC=2
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
V2="SEIS_CPML_VEC=2"
run iso-def "$ISO --cpml-overlap off"
[ $(left) -gt 60 ] && run iso-v2 "$ISO --cpml-overlap off" $V2
[ $(left) -gt 60 ] && run iso-def2 "$ISO --cpml-overlap off"
[ $(left) -gt 60 ] && run iso-v22 "$ISO --cpml-overlap off" $V2
[ $(left) -gt 58 ] && run iso-def3 "$ISO --cpml-overlap off"
[ $(left) -gt 58 ] && run iso-v23 "$ISO --cpml-overlap off" $V2
X2="SEIS_CPML_X_COLUMNS=2"
[ $(left) -gt 56 ] && run iso-x2 "$ISO --cpml-overlap off" $X2
[ $(left) -gt 56 ] && run iso-v2x2 "$ISO --cpml-overlap off" $V2 $X2
[ $(left) -gt 56 ] && run iso-x22 "$ISO --cpml-overlap off" $X2
[ $(left) -gt 56 ] && run iso-v2x22 "$ISO --cpml-overlap off" $V2 $X2
[ $(left) -gt 54 ] && run iso-v2t3 "$ISO --cpml-overlap off" $V2 SEIS_CPML_VEC_TEAMS=3
[ $(left) -gt 54 ] && run iso-v4 "$ISO --cpml-overlap off" SEIS_CPML_VEC=4
[ $(left) -gt 54 ] && run iso-v2tile32 "$ISO --cpml-overlap off" $V2 SEIS_CPML_TILE_X=32
[ $(left) -gt 54 ] && run iso-v2tile128 "$ISO --cpml-overlap off" $V2 SEIS_CPML_TILE_X=128
[ $(left) -gt 52 ] && run iso-v2-ahead "$ISO --cpml-overlap ahead" $V2
[ $(left) -gt 52 ] && run iso-def-ahead "$ISO --cpml-overlap ahead"
[ $(left) -gt 50 ] && run tti-def "$TTI --cpml-overlap off"
[ $(left) -gt 48 ] && run tti-v2 "$TTI --cpml-overlap off" $V2
[ $(left) -gt 46 ] && run tti-def2 "$TTI --cpml-overlap off"
[ $(left) -gt 44 ] && run tti-v22 "$TTI --cpml-overlap off" $V2
[ $(left) -gt 42 ] && run tti-v2x2 "$TTI --cpml-overlap off" $V2 $X2
python3 - $R <<'PY' | tee $R/compare.txt
import glob, os, sys
R = sys.argv[1]
try:
    import numpy as np
except ImportError:
    np = None
for phys in ("iso", "tti"):
    ref = os.path.join(R, "seis-%s-def.npy" % phys)
    if not os.path.exists(ref): print(phys, "no def seismograms"); continue
    for f in sorted(glob.glob(os.path.join(R, "seis-%s-*.npy" % phys))):
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
    ratio = "%.2f" % ((pm / g["pml_points"]) / (st / g["inner_points"])) if "ahead" not in tag and st > 0 else ""
    print("%-14s %7.3f %6.3f %7.3f %17s" % (tag, st, pm, t["ms_per_step"], ratio))
PY
# 3. ncu of one iso step's CPML kernels (3 launches a step)
S=smsp__average_warps_issue_stalled
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,smsp__thread_inst_executed.sum,launch__registers_per_thread,launch__grid_size,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active,sm__inst_issued.avg.pct_of_peak_sustained_active,smsp__inst_executed_op_local_ld.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,${S}_long_scoreboard_per_issue_active.ratio,${S}_barrier_per_issue_active.ratio,${S}_lg_throttle_per_issue_active.ratio
for v in v2x2 def; do
  [ $(left) -gt 18 ] || break
  e=X=0; [ $v = v2x2 ] && e="$V2 $X2"
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
