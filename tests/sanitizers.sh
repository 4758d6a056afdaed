#!/usr/bin/env bash
# sanitizers.sh [FUZZ_RUNS]: memory and undefined-behaviour checks for CI
# (2 cores, no GPU), after `ctest --preset serial`:
#  1. the `asan` preset (AddressSanitizer + UndefinedBehaviorSanitizer)
#     builds seis and the unit tests and runs the unit and command-line tests
#     (hostile input, restart, result sets, errors); any report fails; at
#     -O1, as the sanitizers' documentation advises: it compiles in a fifth
#     of -O3's time (family_semi_stencil.cpp: 15.6 s against 73.4 s of CPU),
#     the larger part of this script's time on CI;
#  2. a libFuzzer target (Debian's clang) feeds the scenario parser
#     FUZZ_RUNS inputs (default 1,000,000, about a minute on 2 cores) grown
#     from the shipped scenarios, with a fixed seed: the same inputs on every
#     run, so CI never fails by chance (change the seed by hand to explore).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-1000000}

cmake --preset asan && cmake --build --preset asan && ctest --preset asan

clang=$(command -v clang++-14 || command -v clang++)
mkdir -p build/fuzz/corpus
"$clang" -std=c++17 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -I core/include tests/fuzz/fuzz_scenario.cpp core/src/scenario.cpp core/src/toml_input_guard.cpp -o build/fuzz/fuzz_scenario
# The corpus starts from the shipped scenarios and the inputs that once
# crashed toml++ 3.3 (tests/data/fuzz/: regressions, run first).
cp app/scenarios/*.toml tests/data/*.toml tests/data/fuzz/*.toml build/fuzz/corpus/
build/fuzz/fuzz_scenario -artifact_prefix=build/fuzz/ -seed=20261123 -runs="$runs" -max_total_time=600 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  build/fuzz/corpus
