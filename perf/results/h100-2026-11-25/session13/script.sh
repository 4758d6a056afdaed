#!/usr/bin/env bash
# H100 run: build, native check, ncu of the best kernels, bench with native comparison, large scenarios.
set -uo pipefail
FEAT=${FEAT:-32x8@300}
P=$OUT/h100; mkdir -p $P/ncu
echo "tree $(cat .deps/rev); $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader); $(date -u +%FT%TZ)" | tee $P/gpu.txt
bash .deps/dev.sh || exit 1
run() { echo "$*" >> $P/commands.txt; t0=$(date +%s); "$@"; echo "rc=$? $(( $(date +%s) - t0 )) s: $1 $2 $3"; }
run timeout 60 build/cuda/perf/native/seis_native_cuda_check > $P/native-check.txt 2>&1
run timeout 100 perf/ncu_strategies.sh build/cuda/perf $P/ncu iso 1024 st_reg_vec:32x8@128 st_reg_fixed:32x8@128 > $P/ncu-iso.log 2>&1
run timeout 100 perf/ncu_strategies.sh build/cuda/perf $P/ncu tti 900 st_reg_feat:$FEAT st_reg_shift:32x8@64 > $P/ncu-tti.log 2>&1
run build/cuda/perf/seis-bench --physics iso --sizes 1024 --strategies st_reg_vec:32x8@128,st_reg_vec:16x16@128,st_reg_feat:32x8@128,st_reg_fixed:32x8@128,gmem_3d:32x4x4,semi_b_a:32x16,semi_2z:32x8@128,semi_b:32x16@128,swic:32x8@128,st_reg_shift:32x8@64,semi_25d:32x16@128,sliding_window:32x8@128,smem_3d:16x8x2 --warmup 2 --repeats 6 --compare-native --counters iso=$P/ncu/ncu-iso-1024.csv --json $P/bench-iso.json --csv $P/bench-iso.csv > $P/bench-iso.txt 2>&1
run build/cuda/perf/seis-bench --physics tti --sizes 900 --strategies st_reg_feat:$FEAT,st_reg_vec:32x8,st_reg_shift:32x8@64,st_reg_fixed:32x8@128,semi_25d:32x16@128,semi_2z:32x8@128,semi_b_a:16x16@128,semi_b:16x16@128,gmem_3d:64x2x2,sliding_window:32x8@128,swic:16x8@8,smem_3d:16x8x2 --warmup 2 --repeats 5 --compare-native --counters tti=$P/ncu/ncu-tti-900.csv --json $P/bench-tti.json --csv $P/bench-tti.csv > $P/bench-tti.txt 2>&1
for m in off ahead; do
  run timeout 70 build/cuda/app/seis run app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:32x8@128 --steps 200 --cpml-overlap $m --output /tmp/h-iso-$m --overwrite --no-stream > $P/iso-large-$m.txt 2>&1
  run timeout 70 build/cuda/app/seis run app/scenarios/tti-large-gpu.toml --strategy st_reg_feat:$FEAT --steps 100 --cpml-overlap $m --output /tmp/h-tti-$m --overwrite --no-stream > $P/tti-large-$m.txt 2>&1
  cp /tmp/h-iso-$m/report.json $P/iso-large-$m-report.json; cp /tmp/h-tti-$m/report.json $P/tti-large-$m-report.json
done
grep -h -A30 "^physics" $P/bench-iso.txt $P/bench-tti.txt | head -60

# the device returns a few files only: one archive
(cd $OUT && tar czf /tmp/results.tgz . && rm -rf ./* && mv /tmp/results.tgz .)
