#!/usr/bin/env bash
# The measurements behind perf/results/, in parts that fit one GPU session
# each. BIN holds seis, seis-bench (and seis_native_cuda_check); OUT receives
# the logs, JSON and CSV.
#
#   perf/gpu_results.sh BIN OUT bench       seis-bench iso 512/1024, TTI 512/900, every shape, --compare-native
#   perf/gpu_results.sh BIN OUT scenarios   seis tune + seis run of the large iso and TTI scenarios
#   perf/gpu_results.sh BIN OUT native      seis_native_cuda_check
#   perf/gpu_results.sh BIN OUT profile     ncu of the fastest iso (1024^3) and TTI (900^3) kernels
#                                           (PROFILE_ISO / PROFILE_TTI: NAME:SHAPE)
set -u
bin=$1 out=$2 part=$3
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
case $part in
  bench)
    native=""
    [ -x "$bin/seis_native_cuda_check" ] && native="--compare-native"
    "$bin/seis-bench" --physics iso --sizes 512,1024 --warmup 3 --repeats 10 $native \
      --json "$out/bench-iso.json" --csv "$out/bench-iso.csv" > "$out/bench-iso.txt" 2> "$out/bench-iso.log"
    "$bin/seis-bench" --physics tti --sizes 512,900 --warmup 2 --repeats 6 $native \
      --json "$out/bench-tti.json" --csv "$out/bench-tti.csv" > "$out/bench-tti.txt" 2> "$out/bench-tti.log"
    ;;
  scenarios)
    export SEIS_TUNE_CACHE=$out/tune.json
    for s in iso-large-gpu tti-large-gpu; do
      "$bin/seis" tune "$here/app/scenarios/$s.toml" --budget "${TUNE_BUDGET:-60}" > "$out/tune-$s.txt" 2>&1
      "$bin/seis" run "$here/app/scenarios/$s.toml" --strategy auto --output "$out/run-$s" --overwrite \
        > "$out/run-$s.txt" 2>&1
      cp "$out/run-$s/report.json" "$out/report-$s.json" 2>/dev/null
      rm -f "$out/run-$s"/seismograms.*
    done
    ;;
  native)
    "$bin/seis_native_cuda_check" > "$out/native-check.txt" 2>&1
    echo "seis_native_cuda_check exit $?" >> "$out/native-check.txt"
    ;;
  profile)
    sections="--section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats \
      --section WarpStateStats --section ComputeWorkloadAnalysis"
    profile() {  # physics size strategy:shape
      # The team kernels' names hold the body's type: match it in the mangled name.
      local body
      case ${3%%:*} in
        st_reg_*) body=RegisterStreamingBody ;;
        semi_*) body=SemiStencilBody ;;
        *) body=Body ;;
      esac
      ncu $sections --kernel-name-base mangled -k "regex:$body" --launch-skip 1 --launch-count 1 \
        "$bin/seis-bench" --physics "$1" --sizes "$2" --strategies "$3" --warmup 1 --repeats 1 \
        > "$out/ncu-$1-$2-${3//[:@]/_}.txt" 2>&1
    }
    profile iso 1024 "${PROFILE_ISO:-st_reg_fixed:32x8@128}"
    profile tti 900 "${PROFILE_TTI:-st_reg_shift:32x8@64}"
    ;;
  *)
    echo "unknown part '$part' (bench, scenarios, native, profile)" >&2
    exit 2
    ;;
esac
