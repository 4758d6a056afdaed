# cpml5 checkpoint 1 (branch cpml5, 58a37e7): the CPML hang fix, then run-time A/B of
# the CPML updates (core/include/seis/pml.hpp, Cpml::tuning()). NO BUILD:
# assumes `source .deps/dev.sh` built build/cuda (app/seis, tests/*).
#   bash .deps/cpml5-gpu.sh        (results under $OUT/cpml5/, <= ~110 s)
# 1. CORRECTNESS FIRST (each under timeout 60; tests.txt): the two GPU tests that
#    hung with cpml4's pml.hpp (user_physics "the CPML absorbs the waves of a
#    physics defined in tests", 40^3 L=10; tti "VTI first arrivals ...", 80^3
#    L=10: XColumns tiles with rows beyond psi_x's box), then the GPU [pml]
#    tests; then [pml] and the user-physics CPML test with the A/B variant
#    SEIS_CPML_AHEAD=2 SEIS_CPML_UPDATE_MIN_TEAMS=7 SEIS_CPML_X_AHEAD=2 (all).
#    SUCCESS: every line "All tests passed", rc=0. FAILURE: rc=124 (hang: the
#    fix is wrong) or a failed assertion.
# 2. Timings, iso-large-gpu st_reg_vec:32x8@128 100 steps --cpml-overlap off
#    (times.txt: stencil, CPML = timing.pml_ms_per_step, step, slab/inner point):
#    def   : defaults = cpml4's launches (pairs, 64x4 update tiles) + the fix, and pass A's
#            4 launches of psi_y in one (7 -> 4 launches a step)
#    base  : SEIS_CPML_PAIRS=0 SEIS_CPML_MEMORY_ONE=0 (10 launches, main's layout)
#    mem0  : SEIS_CPML_MEMORY_ONE=0 (pass A in 4 launches, as cpml4: 7 launches)
#    x2    : SEIS_CPML_X_AHEAD=2 (XColumns loads its streamed values 2 planes ahead; 64 regs,
#            no spills)
#    all   : SEIS_CPML_AHEAD=2 SEIS_CPML_UPDATE_MIN_TEAMS=7 SEIS_CPML_X_AHEAD=2
#    a2t3  : SEIS_CPML_AHEAD=2 SEIS_CPML_UPDATE_MIN_TEAMS=3 (updates load p, p-, V, psi_W,
#            xi_W two planes ahead; 80 regs, 3 blocks of 256, no spills)
#    a2t7  : SEIS_CPML_AHEAD=2 SEIS_CPML_UPDATE_MIN_TEAMS=7 (blocks of 128, 72 regs, 28 warps)
#    a1t7  : SEIS_CPML_UPDATE_MIN_TEAMS=7 alone (separates the block size from the prefetch)
#    *2    : repeats (A B A B) for the spread.
#    SASS (sm_90, nvcc 13, face loop of the z-slab update): ahead=1 reads the
#    5 streamed loads 50-64 instructions after issuing them (a move at the
#    trip's end waits for DRAM); ahead=2 ~one whole trip (176-180 of 180).
#    SUCCESS: a variant's CPML below def's by more than def/def2's spread
#    (reference: H200 c41924e 2.529, cpml4 def 2.545/2.544, w64 2.527).
#    Targets: CPML <= ~2.04 ms (iso step <= 6.5 off), <= 1.85 (slab point <= 2x inner).
#    Also iso def with --cpml-overlap ahead, tti-large-gpu st_reg_feat:32x8@128
#    50 steps off: def and all (reference c41924e 1.774, cpml4 1.703).
# 3. ncu of one iso step's CPML kernels (def, all) if time is left: per kernel
#    time, DRAM bytes, thread instructions, registers, warps active, local loads, stalls.
set -o pipefail
R=${OUT:-/tmp/out}/cpml5
mkdir -p $R
export LD_LIBRARY_PATH=/tmp/pfx/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
B=${BIN:-$PWD/build/cuda}
start=$(date +%s); LIMIT=${LIMIT:-110}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
{ nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv; date -u; git log --oneline -1 2>/dev/null; } > $R/gpu.txt
# 1. the tests (hang check first)
t() {  # tag, binary, test spec, env...
  local tag=$1 bin=$2 spec=$3; shift 3; local t0=$(date +%s)
  echo "+ $* timeout 60 $B/tests/$bin \"$spec\"" >> $R/commands.txt
  env X=0 "$@" timeout 60 $B/tests/$bin "$spec" > $R/test-$tag.txt 2>&1; local rc=$?
  echo "$tag rc=$rc $(( $(date +%s) - t0 )) s: $(grep -E 'All tests passed|test cases|FAILED' $R/test-$tag.txt | tail -1)" | tee -a $R/tests.txt
  [ $rc -ne 124 ]
}
# A hang (rc 124) ends the tests: each further one would cost its 60 s.
t hang-user seis_tests_user_physics "the CPML absorbs the waves of a physics defined in tests" && \
t hang-tti seis_tests_tti "VTI first arrivals*" && \
t pml seis_tests_unit "[pml]" && \
t pml-all seis_tests_unit "[pml]" SEIS_CPML_AHEAD=2 SEIS_CPML_UPDATE_MIN_TEAMS=7 SEIS_CPML_X_AHEAD=2 && \
t user-all seis_tests_user_physics "the CPML absorbs the waves of a physics defined in tests" SEIS_CPML_AHEAD=2 SEIS_CPML_UPDATE_MIN_TEAMS=7 SEIS_CPML_X_AHEAD=2 && \
t tti-all seis_tests_tti "VTI first arrivals*" SEIS_CPML_AHEAD=2 SEIS_CPML_UPDATE_MIN_TEAMS=7 SEIS_CPML_X_AHEAD=2
# 2. timings
ISO="app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:32x8@128 --steps 100"
TTI="app/scenarios/tti-large-gpu.toml --strategy st_reg_feat:32x8@128 --steps 50"
run() {  # tag, scenario+args (quoted), then VAR=value... for env
  local tag=$1 sc=$2; shift 2; local t0=$(date +%s)
  echo "+ $* $B/app/seis run $sc --no-stream --quiet --output /tmp/o-cpml5-$tag --overwrite" >> $R/commands.txt
  env X=0 "$@" timeout $(( $(left) - 3 )) $B/app/seis run $sc --no-stream --quiet --output /tmp/o-cpml5-$tag --overwrite > $R/run-$tag.log 2>&1 \
    && cp /tmp/o-cpml5-$tag/report.json $R/report-$tag.json || { echo "$tag failed:"; tail -5 $R/run-$tag.log; }
  rm -rf /tmp/o-cpml5-$tag; echo "$tag took $(( $(date +%s) - t0 )) s, $(left) s left"
}
A2T3="SEIS_CPML_AHEAD=2 SEIS_CPML_UPDATE_MIN_TEAMS=3"
A2T7="SEIS_CPML_AHEAD=2 SEIS_CPML_UPDATE_MIN_TEAMS=7"
ALL="SEIS_CPML_AHEAD=2 SEIS_CPML_UPDATE_MIN_TEAMS=7 SEIS_CPML_X_AHEAD=2"
run iso-def "$ISO --cpml-overlap off"
[ $(left) -gt 50 ] && run iso-a2t7 "$ISO --cpml-overlap off" $A2T7
[ $(left) -gt 50 ] && run iso-a2t3 "$ISO --cpml-overlap off" $A2T3
[ $(left) -gt 50 ] && run iso-x2 "$ISO --cpml-overlap off" SEIS_CPML_X_AHEAD=2
[ $(left) -gt 50 ] && run iso-all "$ISO --cpml-overlap off" $ALL
[ $(left) -gt 50 ] && run iso-def2 "$ISO --cpml-overlap off"
[ $(left) -gt 50 ] && run iso-a2t72 "$ISO --cpml-overlap off" $A2T7
[ $(left) -gt 50 ] && run iso-a2t32 "$ISO --cpml-overlap off" $A2T3
[ $(left) -gt 50 ] && run iso-x22 "$ISO --cpml-overlap off" SEIS_CPML_X_AHEAD=2
[ $(left) -gt 50 ] && run iso-all2 "$ISO --cpml-overlap off" $ALL
[ $(left) -gt 48 ] && run iso-mem0 "$ISO --cpml-overlap off" SEIS_CPML_MEMORY_ONE=0
[ $(left) -gt 48 ] && run iso-a1t7 "$ISO --cpml-overlap off" SEIS_CPML_UPDATE_MIN_TEAMS=7
[ $(left) -gt 48 ] && run iso-base "$ISO --cpml-overlap off" SEIS_CPML_PAIRS=0 SEIS_CPML_MEMORY_ONE=0
[ $(left) -gt 46 ] && run iso-def-ahead "$ISO --cpml-overlap ahead"
[ $(left) -gt 44 ] && run tti-def "$TTI --cpml-overlap off"
[ $(left) -gt 42 ] && run tti-all "$TTI --cpml-overlap off" $ALL
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
# 3. ncu of one iso step's CPML kernels (step 2 of 2: 4 launches a step with the defaults)
S=smsp__average_warps_issue_stalled
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,smsp__thread_inst_executed.sum,launch__registers_per_thread,launch__grid_size,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active,sm__inst_issued.avg.pct_of_peak_sustained_active,smsp__inst_executed_op_local_ld.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,${S}_long_scoreboard_per_issue_active.ratio,${S}_barrier_per_issue_active.ratio,${S}_lg_throttle_per_issue_active.ratio
for v in def all; do
  [ $(left) -gt 22 ] || break
  e=X=0; [ $v = all ] && e="$ALL"
  cmd="ncu --csv --page raw --print-units base --clock-control none --metrics $M --kernel-name-base mangled -k regex:Cpml --launch-skip 4 --launch-count 4 $B/app/seis run app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:32x8@128 --steps 2 --cpml-overlap off --no-stream --quiet --output /tmp/o-cpml5-ncu --overwrite"
  echo "+ $e $cmd" >> $R/commands.txt
  env $e timeout $(( $(left) - 3 )) $cmd > $R/ncu-$v.csv 2> $R/ncu-$v.log; echo "ncu $v rc=$?"; rm -rf /tmp/o-cpml5-ncu
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
    short = re.sub(r"N6Kokkos9CudaSpaceE|INS_10|IsoPhysicsIfEE|INS3_10", "", name[i + 4:i + 90]).split("EENS_1")[0]
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
echo "cpml5 done, $(left) s of $LIMIT left"
