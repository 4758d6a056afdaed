#!/usr/bin/env bash
# Final check A: build, full GPU ctest, native check, sanitizers.
set -uo pipefail
D=$OUT/check-$(cat .deps/rev); mkdir -p $D
echo "tree $(cat .deps/rev); $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader); $(date -u +%FT%TZ)" | tee $D/gpu.txt
bash .deps/dev.sh || exit 1
cat > $D/commands.txt <<'C'
cd build/cuda && ctest -j4 --output-on-failure
timeout 60 build/cuda/perf/native/seis_native_cuda_check
STRATEGIES="st_reg_feat gmem_3d st_reg_shift smem_3d sliding_window" perf/sanitize.sh build/cuda/app/seis /tmp/fin-san
C
t0=$(date +%s); (cd build/cuda && timeout 330 ctest -j4 --output-on-failure > $D/ctest.txt 2>&1); echo "ctest rc=$? $(( $(date +%s) - t0 )) s"; tail -4 $D/ctest.txt
timeout 60 build/cuda/perf/native/seis_native_cuda_check > $D/native-check.txt 2>&1; echo "native rc=$?"; tail -1 $D/native-check.txt
t0=$(date +%s); STRATEGIES="st_reg_feat gmem_3d st_reg_shift smem_3d sliding_window" timeout 150 perf/sanitize.sh build/cuda/app/seis /tmp/fin-san > $D/sanitize.txt 2>&1; echo "sanitize rc=$? $(( $(date +%s) - t0 )) s"; tail -3 $D/sanitize.txt

# the device returns a few files only: one archive
(cd $OUT && tar czf /tmp/results.tgz . && rm -rf ./* && mv /tmp/results.tgz .)
