#!/usr/bin/env bash
# Runs the test suite of a GPU build where CTest is not configured (e.g. a
# build carried to another machine): the Catch2 executables, then the
# command-line checks of tests/CMakeLists.txt against that build's `seis`.
#   perf/gpu_check.sh BINDIR    (BINDIR holds seis and seis_tests_*)
set -u
bin=$1
here=$(cd "$(dirname "$0")/.." && pwd)
data=$here/tests/data
expect=$here/tests/cli/expect.sh
out=$(mktemp -d)
fail=0
export SEIS_BENCH=$bin/seis-bench
for t in unit physics tti strategies; do
  "$bin/seis_tests_$t" || fail=$((fail + 1))
done
check() { local name=$1; shift; if "$@" > "$out/$name.log" 2>&1; then echo "cli $name: ok"; else echo "cli $name: FAILED"; cat "$out/$name.log"; fail=$((fail + 1)); fi; }
cli_error() { local name=$1 rc=$2 regex=$3; shift 3; check "$name" "$expect" "$rc" "$regex" "$out/$name" -- "$bin/seis" run "$@" --output "$out/$name"; }
cli_error dt_above_cfl 2 "error: dt = 0.01 s exceeds the CFL limit" "$data/dt-above-cfl.toml"
cli_error source_outside 2 "error: source at .* is outside the grid" "$data/source-outside.toml"
cli_error receiver_outside 2 "error: receiver 0 at .* is outside the grid" "$data/receiver-outside.toml"
cli_error zero_velocity 2 "error: velocity must be positive" "$data/zero-velocity.toml"
cli_error zero_size 2 "error: grid size must be positive" "$data/zero-size.toml"
cli_error model_file_size 2 "error: velocity file .*short-model.bin' has 11 bytes" "$data/model-file-size.toml"
cli_error unknown_key 2 "error: unknown key 'boundary.thickness'" "$data/unknown-key.toml"
cli_error unknown_strategy 2 "error: unknown strategy 'semi_c'" "$data/unknown-strategy.toml"
cli_error too_large 3 "error: grid 200000 x 200000 x 30 \\(iso\\) needs .* GB but the device has" "$data/too-large.toml"
check version "$expect" 0 "^seis [0-9]+\\.[0-9]+\\.[0-9]+ \\(Kokkos" - -- "$bin/seis" --version
check overwrite "$here/tests/cli/overwrite.sh" "$bin/seis" "$here/app/scenarios/iso-homogeneous.toml" "$out/overwrite"
echo "gpu_check: $fail failures"
[ $fail -eq 0 ]
