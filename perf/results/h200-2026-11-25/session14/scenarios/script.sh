#!/usr/bin/env bash
# Final call 3 (fresh): the tree with main's TTI arithmetic restored. TTI rows again: GPU strategy tests,
# native check, ncu of every TTI strategy, bench TTI 900 (counters) and 512, tti-large off, the tuner scenarios.
set -uo pipefail
FEAT=32x8@300
P=$OUT/bench; mkdir -p $P/ncu
echo "tree $(cat .deps/rev); $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader); $(date -u +%FT%TZ)" | tee $P/gpu3.txt
bash .deps/dev.sh || exit 1
run() { echo "$*" >> $P/commands.txt; t0=$(date +%s); "$@"; echo "rc=$? $(( $(date +%s) - t0 )) s: $1 $2 $3"; }
(cd build/cuda && timeout 100 ctest -R "strategies|physics" --output-on-failure > $P/ctest-strategies-physics.txt 2>&1); echo "ctest strategies|physics rc=$?"; tail -n 4 $P/ctest-strategies-physics.txt
timeout 60 build/cuda/perf/native/seis_native_cuda_check > $P/native-check.txt 2>&1; echo "native rc=$?"; tail -n 1 $P/native-check.txt
TTI="st_reg_feat:32x8@300 st_reg_feat:32x8@128 st_reg_vec:32x8 st_reg_shift:32x8@64 st_reg_fixed:32x8@128 semi_25d:32x16@128 semi_2z:32x8@128 semi_b_a:16x16@128 semi_b:16x16@128 gmem_3d:64x2x2 sliding_window:32x8@128 swic:16x8@8 smem_3d:16x8x2"
run timeout 100 perf/ncu_strategies.sh build/cuda/perf $P/ncu tti 900 $TTI > $P/ncu-tti.log 2>&1
run build/cuda/perf/seis-bench --physics tti --sizes 900 --strategies $(echo $TTI | tr ' ' ,) --warmup 2 --repeats 6 --compare-native --counters tti=$P/ncu/ncu-tti-900.csv --json $P/bench-tti.json --csv $P/bench-tti.csv > $P/bench-tti.txt 2>&1
run build/cuda/perf/seis-bench --physics tti --sizes 512 --strategies st_reg_feat:$FEAT,st_reg_feat:32x4@128,st_reg_shift:32x8@64,st_reg_vec:32x8,gmem_3d:64x2x2 --warmup 2 --repeats 6 --compare-native --json $P/bench-tti-512.json --csv $P/bench-tti-512.csv > $P/bench-tti-512.txt 2>&1
grep -h -A14 "^physics" $P/bench-tti.txt $P/bench-tti-512.txt
run timeout 60 build/cuda/app/seis run app/scenarios/tti-large-gpu.toml --strategy st_reg_feat:$FEAT --steps 100 --cpml-overlap off --output /tmp/fin-tti-off --overwrite --no-stream > $P/tti-large-off.txt 2>&1
cp /tmp/fin-tti-off/report.json $P/tti-large-off-report.json; tail -n 2 $P/tti-large-off.txt
(cd $OUT && tar czf /tmp/results-a.tgz bench && rm -rf bench && mv /tmp/results-a.tgz .)
P2=$OUT/scenarios; mkdir -p $P2; echo "TUNE_BUDGET=25 bash perf/gpu_results.sh build/cuda/app $P2 scenarios" > $P2/commands.txt
echo "tree $(cat .deps/rev); $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader); $(date -u +%FT%TZ)" > $P2/gpu.txt
t0=$(date +%s); TUNE_BUDGET=25 timeout 120 bash perf/gpu_results.sh build/cuda/app $P2 scenarios; echo "scenarios rc=$? $(( $(date +%s) - t0 )) s"
grep -h -E "\"ms_per_step|expected_wall|measured_over" $P2/report-*.json | head
(cd $OUT && tar czf /tmp/results-b.tgz scenarios && rm -rf scenarios && mv /tmp/results-b.tgz .)
