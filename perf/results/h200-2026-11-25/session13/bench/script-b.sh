#!/usr/bin/env bash
# Final run B (after fin-a on a warm machine): ncu of every strategy, bench with counters and native
# comparison, 512^3, large scenarios off/ahead, roofline. FEAT: the TTI st_reg_feat shape.
set -uo pipefail
FEAT=${FEAT:-32x8@300}
P=$OUT/bench; mkdir -p $P/ncu
echo "tree $(cat .deps/rev); $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader); $(date -u +%FT%TZ)" | tee $P/gpu.txt
bash .deps/dev.sh || exit 1
ISO="st_reg_vec:32x8@128 st_reg_feat:32x8@128 st_reg_fixed:32x8@128 gmem_3d:32x4x4 semi_b_a:32x16 semi_2z:32x8@128 semi_b:32x16@128 swic:32x8@128 st_reg_shift:32x8@64 semi_25d:32x16@128 sliding_window:32x8@128 smem_3d:16x8x2"
TTI="st_reg_feat:32x8@300 st_reg_feat:32x8@128 st_reg_vec:32x8 st_reg_shift:32x8@64 st_reg_fixed:32x8@128 semi_25d:32x16@128 semi_2z:32x8@128 semi_b_a:16x16@128 semi_b:16x16@128 gmem_3d:64x2x2 sliding_window:32x8@128 swic:16x8@8 smem_3d:16x8x2"
run() { echo "$*" >> $P/commands.txt; t0=$(date +%s); "$@"; echo "rc=$? $(( $(date +%s) - t0 )) s: $1 $2 $3"; }
run timeout 170 perf/ncu_strategies.sh build/cuda/perf $P/ncu iso 1024 $ISO > $P/ncu-iso.log 2>&1
run timeout 170 perf/ncu_strategies.sh build/cuda/perf $P/ncu tti 900 $TTI > $P/ncu-tti.log 2>&1
run build/cuda/perf/seis-bench --physics iso --sizes 1024 --strategies $(echo $ISO | tr ' ' ,) --warmup 2 --repeats 8 --compare-native --counters iso=$P/ncu/ncu-iso-1024.csv --json $P/bench-iso.json --csv $P/bench-iso.csv > $P/bench-iso.txt 2>&1
run build/cuda/perf/seis-bench --physics tti --sizes 900 --strategies $(echo $TTI | tr ' ' ,) --warmup 2 --repeats 6 --compare-native --counters tti=$P/ncu/ncu-tti-900.csv --json $P/bench-tti.json --csv $P/bench-tti.csv > $P/bench-tti.txt 2>&1

# the device returns a few files only: one archive
(cd $OUT && tar czf /tmp/results.tgz . && rm -rf ./* && mv /tmp/results.tgz .)
