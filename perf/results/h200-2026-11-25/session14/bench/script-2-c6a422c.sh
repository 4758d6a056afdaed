#!/usr/bin/env bash
# Final call 2 (warm, after fin-1): bench 1024/900 with counters, 512^3, large scenarios (off), tuner scenarios.
set -uo pipefail
FEAT=${FEAT:-32x8@300}
P=$OUT/bench; mkdir -p $P/ncu
cp build/ncu-keep/*.csv $P/ncu/ || echo "no ncu csv from fin-1"
echo "tree $(cat .deps/rev); $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader); $(date -u +%FT%TZ)" > $P/gpu2.txt
bash .deps/dev.sh || exit 1
ISO="st_reg_vec:32x8@128 st_reg_feat:32x8@128 st_reg_fixed:32x8@128 gmem_3d:32x4x4 semi_b_a:32x16 semi_2z:32x8@128 semi_b:32x16@128 swic:32x8@128 st_reg_shift:32x8@64 semi_25d:32x16@128 sliding_window:32x8@128 smem_3d:16x8x2"
TTI="st_reg_feat:32x8@300 st_reg_feat:32x8@128 st_reg_vec:32x8 st_reg_shift:32x8@64 st_reg_fixed:32x8@128 semi_25d:32x16@128 semi_2z:32x8@128 semi_b_a:16x16@128 semi_b:16x16@128 gmem_3d:64x2x2 sliding_window:32x8@128 swic:16x8@8 smem_3d:16x8x2"
run() { echo "$*" >> $P/commands.txt; t0=$(date +%s); "$@"; echo "rc=$? $(( $(date +%s) - t0 )) s: $1 $2 $3"; }
run build/cuda/perf/seis-bench --physics iso --sizes 1024 --strategies $(echo $ISO | tr ' ' ,) --warmup 2 --repeats 8 --compare-native --counters iso=$P/ncu/ncu-iso-1024.csv --json $P/bench-iso.json --csv $P/bench-iso.csv > $P/bench-iso.txt 2>&1
run build/cuda/perf/seis-bench --physics tti --sizes 900 --strategies $(echo $TTI | tr ' ' ,) --warmup 2 --repeats 6 --compare-native --counters tti=$P/ncu/ncu-tti-900.csv --json $P/bench-tti.json --csv $P/bench-tti.csv > $P/bench-tti.txt 2>&1
run build/cuda/perf/seis-bench --physics iso --sizes 512 --strategies st_reg_vec:32x8@128,st_reg_feat:32x8@128,st_reg_fixed:32x8@128,gmem_3d:32x4x4 --warmup 3 --repeats 8 --compare-native --json $P/bench-iso-512.json --csv $P/bench-iso-512.csv > $P/bench-iso-512.txt 2>&1
run build/cuda/perf/seis-bench --physics tti --sizes 512 --strategies st_reg_feat:$FEAT,st_reg_feat:32x4@128,st_reg_shift:32x8@64,st_reg_vec:32x8,gmem_3d:64x2x2 --warmup 2 --repeats 6 --compare-native --json $P/bench-tti-512.json --csv $P/bench-tti-512.csv > $P/bench-tti-512.txt 2>&1
grep -h -A14 "^physics" $P/bench-iso.txt $P/bench-tti.txt $P/bench-iso-512.txt $P/bench-tti-512.txt
for m in off; do
  run timeout 60 build/cuda/app/seis run app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:32x8@128 --steps 200 --cpml-overlap $m --output /tmp/fin-iso-$m --overwrite --no-stream > $P/iso-large-$m.txt 2>&1
  run timeout 60 build/cuda/app/seis run app/scenarios/tti-large-gpu.toml --strategy st_reg_feat:$FEAT --steps 100 --cpml-overlap $m --output /tmp/fin-tti-$m --overwrite --no-stream > $P/tti-large-$m.txt 2>&1
  cp /tmp/fin-iso-$m/report.json $P/iso-large-$m-report.json; cp /tmp/fin-tti-$m/report.json $P/tti-large-$m-report.json
done
tail -3 $P/iso-large-off.txt $P/tti-large-off.txt
(cd $OUT && tar czf /tmp/results-a.tgz bench && rm -rf bench && mv /tmp/results-a.tgz .)
P2=$OUT/scenarios; mkdir -p $P2; echo "TUNE_BUDGET=25 bash perf/gpu_results.sh build/cuda/app $P2 scenarios" > $P2/commands.txt
echo "tree $(cat .deps/rev); $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader); $(date -u +%FT%TZ)" > $P2/gpu.txt
t0=$(date +%s); TUNE_BUDGET=25 timeout 220 bash perf/gpu_results.sh build/cuda/app $P2 scenarios; echo "scenarios rc=$? $(( $(date +%s) - t0 )) s"
grep -h -E "ms_per_step|expected" $P2/report-*.json | head
(cd $OUT && tar czf /tmp/results-b.tgz scenarios && rm -rf scenarios && mv /tmp/results-b.tgz .)
