# tti5 checkpoint 1 (issue 10: TTI st_reg_feat toward 70 Gpts/s), one H200, after branch tti5 is merged.
# NO BUILD: assumes `source .deps/dev.sh` built seis-bench, seis_native_cuda_check and the test binaries
# (seis_tests_tti, seis_tests_strategies) into build/cuda. Results under $OUT/tti5/.   bash .deps/tti5-gpu.sh
# Time: ~130 s for steps 1-4 (benches ~15 s each, ncu ~40 s); the tests have fixed timeouts (40 s, 75 s: a timeout means a hang,
# not a cut), and the repeat bench / iso bench run only if LIMIT=110 s is not yet spent.
# Branch tti5 at this checkpoint:
#   - b44e9a3: the default-off SEIS_FEAT_HALO_LAST A/B removed (Kokkos body, twin, interleaved_layout.hpp's
#     getenv); halo copies dealt by team rank, as the default was. SASS (sm_90): Kokkos TTI kernel 6521 ->
#     6508 static instructions (prologue only; each plane segment keeps 72 LDS, 149 FP), 128 registers,
#     0 spills. Expected neutral.
#   - 74c8fbf: the twin's ring slots, an A/B at run time (SEIS_NATIVE_FEATURE_SLOTS=fixed): compile-time slots as
#     the Kokkos body has them. SASS TTI twin: plane segments ~453 instead of ~475 static instructions,
#     128 registers, 16 B spills (1-2 reloads a plane in half the planes); iso twin 195 vs 207, no spills.
#     session 7: twin 14.136 ms against Kokkos 13.690 (0.968), ncu twin ~6 % more instructions.
#   - 51dc49f: st_reg_feat_x2, the st_reg_feat body with TWO x points a GPU thread (a thread owns
#     columns 2c, 2c+1; teams of dx*dy/2; launch budget 128 threads x 2 teams -> 255 registers; no twin
#     yet). SASS TTI: 255 registers, 0 spills, ~385-393 static instructions a point (st_reg_feat 477),
#     60-65 LDS a point (72), 8 warps an SM instead of 16. bench-tti-900-x2.txt says whether it pays.
# And MEASUREMENT: why the Kokkos kernel stalls (session 7: issue 57.6 %, 0.93 eligible warps, CPI 6.96;
# the breakdown by reason was not collected).
# Steps:
#   1. seis_native_cuda_check st_reg_feat, default twin and SEIS_NATIVE_FEATURE_SLOTS=fixed: both
#      "ALL NATIVE KERNELS MATCH" (Kokkos == twin, bitwise).
#   2. TTI 900^3 st_reg_feat:32x8@128 --compare-native, warmup 2, repeats 5: a1 (twin index slots),
#      b1 (twin fixed slots); the Kokkos column of both is the same kernel (its spread); then
#      st_reg_feat_x2:32x8@128 and @300 (bench-tti-900-x2).
#   3. ncu of the Kokkos kernel and of the (default) twin (TTI 900^3, 32x8@128; Kokkos' 2nd launch, the
#      twin's 1st and 2nd): sections WarpStateStats, SchedulerStats, Occupancy, MemoryWorkloadAnalysis +
#      instructions, bank conflicts -> stalls.txt (cycles per issued instruction by reason, sorted).
#   4. GPU tests: seis_tests_tti (whole), seis_tests_strategies' TTI cases on the default space (Cuda).
#   5. If time is left: ncu of st_reg_feat_x2 (stalls-x2.txt), a2, b2 (A B A B), then iso 1024^3 st_reg_feat:32x8@128 with both twin forms
#      (Kokkos must stay ~6.77 ms, twin 6.81).
# x2: a success if faster than a1/b1's Kokkos st_reg_feat (then its twin comes next); the GPU strategies
# test runs its catalogue shapes (32x8@128, 32x8@300, 16x8@8) against gmem_3d: a failure or timeout there
# is x2's. Success: MATCH twice; Kokkos @128 within ~1 % of 13.69 ms (the cleanup is neutral); relL2 0.0; tests
# pass; stalls.txt lists the reasons (they decide checkpoint 2); the fixed twin closer to Kokkos than the
# index twin in both a/b pairs (then it becomes the default). Failure: a mismatch, a test timeout (a
# barrier mismatch hangs), or Kokkos @128 slower by > 2 % in every run.
R=${OUT:-/tmp/out}/tti5
mkdir -p $R
start=$(date +%s); LIMIT=${LIMIT:-110}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
cap() { local l=$(left); echo $(( l < $1 ? (l > 5 ? l : 5) : $1 )); }
B=build/cuda
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm --format=csv > $R/gpu.txt 2>&1; date -u >> $R/gpu.txt
git rev-parse HEAD >> $R/gpu.txt 2>/dev/null
run() { echo "$*" >> $R/commands.txt; "$@"; }

check=$(find $B -name seis_native_cuda_check -type f | head -1)
run timeout 30 $check st_reg_feat > $R/native-check.txt 2>&1
echo "tti5 native check rc=$? $(grep -E 'MATCH|FAIL' $R/native-check.txt | tail -1)"
run env SEIS_NATIVE_FEATURE_SLOTS=fixed timeout 30 $check st_reg_feat > $R/native-check-fixed.txt 2>&1
echo "tti5 native check (twin slots fixed) rc=$? $(grep -E 'MATCH|FAIL' $R/native-check-fixed.txt | tail -1)"

# A: the twin's ring slots as an advancing index (default); B: compile-time slots (SEIS_NATIVE_FEATURE_SLOTS=fixed).
bench() {  # bench TAG [ENV=VALUE]: TTI 900^3 st_reg_feat:32x8@128 and its twin
  local tag=$1; shift
  run env "$@" timeout $(cap 30) $B/perf/seis-bench --physics tti --sizes 900 --compare-native \
    --strategies st_reg_feat:32x8@128 --warmup 2 --repeats 5 --json $R/bench-tti-900-$tag.json > $R/bench-tti-900-$tag.txt 2>&1
  echo "tti5 bench tti 900 ($tag) rc=$?"; grep -E "^tti +st_reg_feat" $R/bench-tti-900-$tag.txt
}
bench a1 SEIS_NATIVE_FEATURE_SLOTS=index
bench b1 SEIS_NATIVE_FEATURE_SLOTS=fixed
# st_reg_feat_x2 (two x points a thread; no twin): against a1/b1's Kokkos st_reg_feat column.
run timeout $(cap 30) $B/perf/seis-bench --physics tti --sizes 900 --strategies st_reg_feat_x2:32x8@128,st_reg_feat_x2:32x8@300 \
  --warmup 2 --repeats 5 --json $R/bench-tti-900-x2.json > $R/bench-tti-900-x2.txt 2>&1
echo "tti5 bench tti 900 x2 rc=$?"; grep -E "^tti +st_reg_feat" $R/bench-tti-900-x2.txt

# Stall breakdown of both kernels: Kokkos' second launch, then the twin's two (bench order).
M=gpu__time_duration.sum,smsp__thread_inst_executed.sum,launch__registers_per_thread,\
smsp__inst_executed_op_local_ld.sum,sm__inst_issued.avg.pct_of_peak_sustained_active,\
sm__warps_active.avg.pct_of_peak_sustained_active,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,dram__bytes.sum
run timeout 45 ncu --csv --page raw --print-units base --clock-control none --metrics "$M" \
  --section WarpStateStats --section SchedulerStats --section Occupancy --section MemoryWorkloadAnalysis \
  --kernel-name-base mangled -k "regex:FeatureStreamingBody|feature_streaming_kernel" --launch-skip 1 --launch-count 3 \
  $B/perf/seis-bench --physics tti --sizes 900 --strategies st_reg_feat:32x8@128 --compare-native --warmup 1 --repeats 1 --stream-bytes 1048576 \
  > $R/ncu-stalls.csv 2> $R/ncu-stalls.log
echo "tti5 ncu stalls rc=$?"
cat > $R/stalls.py <<'PY'
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 5]
if len(rows) < 3: print("no ncu rows"); sys.exit(0)
h = rows[0]; pts = 900 ** 3
for r in rows[2:]:
    d = dict(zip(h, r))
    def g(k):
        try: return float(d.get(k, "nan").replace(",", ""))
        except ValueError: return float("nan")
    name = d.get("Kernel Name", "")
    side = "twin  " if "feature_streaming_kernel" in name else "x2    " if ("32, 2>" in name or "Li32ELi2E" in name) else "kokkos"
    print(f"{side} {g('gpu__time_duration.sum') / 1e6:.3f} ms  inst/pt {g('smsp__thread_inst_executed.sum') / pts:.1f}  "
          f"regs {g('launch__registers_per_thread'):.0f}  local ld {g('smsp__inst_executed_op_local_ld.sum'):.0f}  "
          f"issue {g('sm__inst_issued.avg.pct_of_peak_sustained_active'):.1f} %  warps {g('sm__warps_active.avg.pct_of_peak_sustained_active'):.1f} %  "
          f"bank conflicts/pt {g('l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum') / pts:.2f}  dram B/pt {g('dram__bytes.sum') / pts:.2f}")
    st = sorted(((g(k), k.split("stalled_")[1].split("_per_issue")[0]) for k in h
                 if k.startswith("smsp__average_warps_issue_stalled_") and k.endswith("_per_issue_active.ratio")), reverse=True)
    print("   stalls (cycles per issued instruction): " + "  ".join(f"{n}={v:.2f}" for v, n in st if v == v and v >= 0.01))
    for k in ("smsp__warps_eligible.avg.per_cycle_active", "smsp__issue_active.avg.per_cycle_active",
              "smsp__warps_active.avg.per_cycle_active", "sm__warps_active.avg.pct_of_peak_sustained_active",
              "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum", "l1tex__data_pipe_lsu_wavefronts_mem_shared_cmd_read.sum",
              "smsp__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active", "l1tex__throughput.avg.pct_of_peak_sustained_active",
              "sm__memory_throughput.avg.pct_of_peak_sustained_active", "launch__occupancy_limit_registers",
              "launch__occupancy_limit_shared_mem", "sm__maximum_warps_per_active_cycle_pct"):
        if k in d: print(f"   {k} = {d[k]}")
PY
python3 $R/stalls.py $R/ncu-stalls.csv | tee $R/stalls.txt

T=$(find $B -name seis_tests_tti -type f | head -1)
run timeout 40 $T > $R/tests-tti.txt 2>&1
echo "tti5 seis_tests_tti rc=$? $(grep -E 'test cases|All tests passed' $R/tests-tti.txt | tail -1)"
T=$(find $B -name seis_tests_strategies -type f | head -1)
run timeout 75 $T "*OnDefaultSpace<TtiPhysics*" > $R/tests-strategies.txt 2>&1
echo "tti5 seis_tests_strategies (TTI, default space) rc=$? $(grep -E 'test cases|All tests passed|No test cases' $R/tests-strategies.txt | tail -1)"

# If time is left: ncu of st_reg_feat_x2 (same counters), then A B again, then iso 1024^3 (must not get slower) with both twin forms.
[ $(left) -gt 25 ] && { run timeout $(cap 40) ncu --csv --page raw --print-units base --clock-control none --metrics "$M" \
  --section WarpStateStats --section SchedulerStats --kernel-name-base mangled -k "regex:FeatureStreamingBody" \
  --launch-skip 1 --launch-count 1 $B/perf/seis-bench --physics tti --sizes 900 --strategies st_reg_feat_x2:32x8@128 \
  --warmup 1 --repeats 1 --stream-bytes 1048576 > $R/ncu-stalls-x2.csv 2> $R/ncu-stalls-x2.log
  echo "tti5 ncu x2 rc=$?"; python3 $R/stalls.py $R/ncu-stalls-x2.csv | tee $R/stalls-x2.txt; }
[ $(left) -gt 20 ] && bench a2 SEIS_NATIVE_FEATURE_SLOTS=index
[ $(left) -gt 20 ] && bench b2 SEIS_NATIVE_FEATURE_SLOTS=fixed
for tag in index fixed; do
  [ $(left) -gt 12 ] && { run env SEIS_NATIVE_FEATURE_SLOTS=$tag timeout $(cap 20) $B/perf/seis-bench --physics iso --sizes 1024 \
    --compare-native --strategies st_reg_feat:32x8@128 --warmup 2 --repeats 5 --json $R/bench-iso-1024-$tag.json \
    > $R/bench-iso-1024-$tag.txt 2>&1
    echo "tti5 bench iso 1024 (twin slots $tag) rc=$?"; grep -E "^iso +st_reg_feat" $R/bench-iso-1024-$tag.txt; }
done
echo "tti5 done in $(( $(date +%s) - start )) s"
