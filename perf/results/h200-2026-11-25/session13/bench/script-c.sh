#!/usr/bin/env bash
# Final run B (after fin-a on a warm machine): 512^3, large scenarios off/ahead, roofline. FEAT: the TTI st_reg_feat shape.
set -uo pipefail
FEAT=${FEAT:-32x8@300}
P=$OUT/bench; mkdir -p $P
echo "tree $(cat .deps/rev); $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader); $(date -u +%FT%TZ)" | tee $P/gpu.txt
bash .deps/dev.sh || exit 1
ISO="st_reg_vec:32x8@128 st_reg_feat:32x8@128 st_reg_fixed:32x8@128 gmem_3d:32x4x4 semi_b_a:32x16 semi_2z:32x8@128 semi_b:32x16@128 swic:32x8@128 st_reg_shift:32x8@64 semi_25d:32x16@128 sliding_window:32x8@128 smem_3d:16x8x2"
TTI="st_reg_feat:$FEAT st_reg_vec:32x8 st_reg_shift:32x8@64 st_reg_fixed:32x8@128 semi_25d:32x16@128 semi_2z:32x8@128 semi_b_a:16x16@128 semi_b:16x16@128 gmem_3d:64x2x2 sliding_window:32x8@128 swic:16x8@8 smem_3d:16x8x2"
run() { echo "$*" >> $P/commands.txt; t0=$(date +%s); "$@"; echo "rc=$? $(( $(date +%s) - t0 )) s: $1 $2 $3"; }
run build/cuda/perf/seis-bench --physics iso --sizes 512 --strategies st_reg_vec:32x8@128,st_reg_feat:32x8@128,st_reg_fixed:32x8@128,gmem_3d:32x4x4 --warmup 3 --repeats 8 --compare-native --json $P/bench-iso-512.json --csv $P/bench-iso-512.csv > $P/bench-iso-512.txt 2>&1
run build/cuda/perf/seis-bench --physics tti --sizes 512 --strategies st_reg_feat:$FEAT,st_reg_feat:32x4@128,st_reg_shift:32x8@64,st_reg_vec:32x8,gmem_3d:64x2x2 --warmup 2 --repeats 6 --compare-native --json $P/bench-tti-512.json --csv $P/bench-tti-512.csv > $P/bench-tti-512.txt 2>&1
for m in off ahead; do
  run timeout 60 build/cuda/app/seis run app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:32x8@128 --steps 200 --cpml-overlap $m --output /tmp/fin-iso-$m --overwrite --no-stream > $P/iso-large-$m.txt 2>&1
  run timeout 60 build/cuda/app/seis run app/scenarios/tti-large-gpu.toml --strategy st_reg_feat:$FEAT --steps 100 --cpml-overlap $m --output /tmp/fin-tti-$m --overwrite --no-stream > $P/tti-large-$m.txt 2>&1
  cp /tmp/fin-iso-$m/report.json $P/iso-large-$m-report.json; cp /tmp/fin-tti-$m/report.json $P/tti-large-$m-report.json
done
grep -h -A12 "^physics" $P/bench-iso-512.txt $P/bench-tti-512.txt

P2=$OUT/scenarios; mkdir -p $P2; echo "TUNE_BUDGET=40 bash perf/gpu_results.sh build/cuda/app $P2 scenarios" > $P2/commands.txt
t0=$(date +%s); TUNE_BUDGET=40 timeout 200 bash perf/gpu_results.sh build/cuda/app $P2 scenarios; echo "scenarios rc=$? $(( $(date +%s) - t0 )) s"
grep -h -E "ms_per_step|expected" $P2/report-*.json | head

# the device returns a few files only: one archive
(cd $OUT && tar czf /tmp/results.tgz . && rm -rf ./* && mv /tmp/results.tgz .)
