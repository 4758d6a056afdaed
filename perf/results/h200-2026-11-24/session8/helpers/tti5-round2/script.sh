# tti5 checkpoint 2 (issue 10: TTI st_reg_feat toward 70 Gpts/s), one H200, after branch tti5 is merged.
# NO BUILD: assumes `source .deps/dev.sh` built seis-bench, seis_native_cuda_check and the test binaries
# (seis_tests_tti, seis_tests_strategies) into build/cuda. Results under $OUT/tti5/.   bash .deps/tti5-gpu2.sh
# Time: ~110 s for steps 1-4 (benches ~12 s each, ncu ~30 s); the tests have fixed timeouts (75 s, 40 s: a
# timeout there means a hang); step 5 runs only while LIMIT=110 s is not yet spent.
# Checkpoint 1 (/work/notes/tti5-gpu1, H200): st_reg_feat:32x8@128 13.64-13.81 ms (twin ratio 0.973-0.975);
# stalls (cycles per issued instruction): barrier 1.55, long_scoreboard 1.42, wait 1.32, short_scoreboard
# 0.23, mio 0.10 -> global-load latency and the barrier, not shared memory. The twin with compile-time ring
# slots (15.72 ms) and st_reg_feat_x2 (two x points a thread: 24.96 ms, 8 warps/SM) lost and are reverted.
# New A/B at run time (one build): SEIS_FEAT_MODEL_AHEAD=1 loads a point's model values (TTI: V, A, B, n_x,
# n_y) one plane ahead, issued right after the current plane's coefficients are made (Kokkos body and twin
# alike; the factory / the twin's launcher pick the variant). Why: in SASS the model loads were issued just
# before the plane's barrier and n_x, n_y were first used ~200 instructions after it (coeffs), inside the
# latency of a loaded DRAM; with the ahead form they have a whole plane. SASS (sm_90): Kokkos TTI 128
# registers, 32 B spills in the prologue/epilogue only (none in the plane loop), plane segments 483-494
# static instructions (default 476-482); twin 128 registers, no spills, 6316 static (default 6148).
# Steps:
#   1. seis_native_cuda_check st_reg_feat, default and SEIS_FEAT_MODEL_AHEAD=1: "ALL NATIVE KERNELS MATCH".
#   2. TTI 900^3 st_reg_feat:32x8@128 and @300, --compare-native, warmup 2, repeats 5, A (default) B
#      (ahead) A B.
#   3. ncu (stall breakdown, as checkpoint 1's stalls.txt) of the ahead form, Kokkos and twin: does
#      long_scoreboard fall from 1.42?
#   4. GPU tests: seis_tests_strategies' TTI cases on the default space, default and ahead; seis_tests_tti.
#   5. If time is left: iso 1024^3 st_reg_feat:32x8@128 A and B (must stay ~6.71 ms); then ncu PC sampling
#      of the default kernel, per SASS instruction (ncu2-source.csv.gz): where the barrier, long-scoreboard
#      and fixed-latency stalls sit, for the next change.
# Success: B faster than A in both pairs (beyond the ~1 % spread) with MATCH and tests passing -> the ahead
# form becomes the only form (switch removed). Failure: B not faster (switch and form removed; the
# finding stays), a mismatch, or a test failure/timeout.
R=${OUT:-/tmp/out}/tti5
mkdir -p $R
start=$(date +%s); LIMIT=${LIMIT:-110}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
cap() { local l=$(left); echo $(( l < $1 ? (l > 5 ? l : 5) : $1 )); }
B=build/cuda
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm --format=csv > $R/gpu2.txt 2>&1; date -u >> $R/gpu2.txt
git rev-parse HEAD >> $R/gpu2.txt 2>/dev/null
run() { echo "$*" >> $R/commands2.txt; "$@"; }

check=$(find $B -name seis_native_cuda_check -type f | head -1)
run timeout 30 $check st_reg_feat > $R/native-check2.txt 2>&1
echo "tti5 native check rc=$? $(grep -E 'MATCH|FAIL' $R/native-check2.txt | tail -1)"
run env SEIS_FEAT_MODEL_AHEAD=1 timeout 30 $check st_reg_feat > $R/native-check2-ahead.txt 2>&1
echo "tti5 native check (model ahead) rc=$? $(grep -E 'MATCH|FAIL' $R/native-check2-ahead.txt | tail -1)"

bench() {  # bench TAG AHEAD(0|1)
  run env SEIS_FEAT_MODEL_AHEAD=$2 timeout $(cap 30) $B/perf/seis-bench --physics tti --sizes 900 --compare-native \
    --strategies st_reg_feat:32x8@128,st_reg_feat:32x8@300 --warmup 2 --repeats 5 \
    --json $R/bench2-tti-900-$1.json > $R/bench2-tti-900-$1.txt 2>&1
  echo "tti5 bench tti 900 ($1, model ahead $2) rc=$?"; grep -E "^tti +st_reg_feat" $R/bench2-tti-900-$1.txt
}
bench a1 0
bench b1 1
bench a2 0
bench b2 1

M=gpu__time_duration.sum,smsp__thread_inst_executed.sum,launch__registers_per_thread,\
smsp__inst_executed_op_local_ld.sum,sm__inst_issued.avg.pct_of_peak_sustained_active,\
sm__warps_active.avg.pct_of_peak_sustained_active,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,dram__bytes.sum
run env SEIS_FEAT_MODEL_AHEAD=1 timeout 40 ncu --csv --page raw --print-units base --clock-control none --metrics "$M" \
  --section WarpStateStats --section SchedulerStats \
  --kernel-name-base mangled -k "regex:FeatureStreamingBody|feature_streaming_kernel" --launch-skip 1 --launch-count 2 \
  $B/perf/seis-bench --physics tti --sizes 900 --strategies st_reg_feat:32x8@128 --compare-native --warmup 1 --repeats 1 --stream-bytes 1048576 \
  > $R/ncu2-stalls-ahead.csv 2> $R/ncu2-stalls-ahead.log
echo "tti5 ncu ahead rc=$?"
cat > $R/stalls2.py <<'PY'
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
PY
python3 $R/stalls2.py $R/ncu2-stalls-ahead.csv | tee $R/stalls2-ahead.txt

T=$(find $B -name seis_tests_strategies -type f | head -1)
run timeout 75 $T "*OnDefaultSpace<TtiPhysics*" > $R/tests2-strategies.txt 2>&1
echo "tti5 seis_tests_strategies (TTI, default space) rc=$? $(grep -E 'test cases|All tests passed|No test cases' $R/tests2-strategies.txt | tail -1)"
run env SEIS_FEAT_MODEL_AHEAD=1 timeout 75 $T "*OnDefaultSpace<TtiPhysics*" > $R/tests2-strategies-ahead.txt 2>&1
echo "tti5 seis_tests_strategies (TTI, default space, model ahead) rc=$? $(grep -E 'test cases|All tests passed|No test cases' $R/tests2-strategies-ahead.txt | tail -1)"
T=$(find $B -name seis_tests_tti -type f | head -1)
run timeout 40 $T > $R/tests2-tti.txt 2>&1
echo "tti5 seis_tests_tti rc=$? $(grep -E 'test cases|All tests passed' $R/tests2-tti.txt | tail -1)"

for ahead in 0 1; do
  [ $(left) -gt 12 ] && { run env SEIS_FEAT_MODEL_AHEAD=$ahead timeout $(cap 20) $B/perf/seis-bench --physics iso --sizes 1024 \
    --compare-native --strategies st_reg_feat:32x8@128 --warmup 2 --repeats 5 --json $R/bench2-iso-1024-$ahead.json \
    > $R/bench2-iso-1024-$ahead.txt 2>&1
    echo "tti5 bench iso 1024 (model ahead $ahead) rc=$?"; grep -E "^iso +st_reg_feat" $R/bench2-iso-1024-$ahead.txt; }
done
# Last, if time is left: where the default kernel stalls, instruction by instruction (PC sampling,
# SourceCounters, SASS with per-instruction stall samples) -> ncu2-source.csv (gzip), for the next change.
[ $(left) -gt 25 ] && { run timeout $(cap 40) ncu --section SourceCounters --page source --csv --print-source sass \
  --clock-control none --kernel-name-base mangled -k "regex:FeatureStreamingBody" --launch-skip 1 --launch-count 1 \
  $B/perf/seis-bench --physics tti --sizes 900 --strategies st_reg_feat:32x8@128 --warmup 1 --repeats 1 --stream-bytes 1048576 \
  > $R/ncu2-source.csv 2> $R/ncu2-source.log
  echo "tti5 ncu source rc=$? $(wc -l < $R/ncu2-source.csv) lines"; gzip -f $R/ncu2-source.csv; }
echo "tti5 done in $(( $(date +%s) - start )) s"
