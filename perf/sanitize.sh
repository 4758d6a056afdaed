#!/usr/bin/env bash
# compute-sanitizer memcheck and racecheck over every strategy offered on this
# GPU, at its default block shape (ALL_SHAPES=1: every shape it offers), for
# both physics, on small grids whose sizes are not multiples of any block
# (perf/sanitize/*.toml).
#
#   perf/sanitize.sh [SEIS] [OUTDIR]     (defaults: build/cuda/app/seis, sanitize-out)
#
# STRATEGIES (a space-separated list of names) limits the runs to those.
#
# Prints one line per run with its ERROR SUMMARY and exits non-zero if any
# run reported errors, if a run printed no sanitizer summary (nothing was
# checked), or if nothing ran at all (no seis, no compute-sanitizer, no
# strategy offered).
set -u
seis=${1:-build/cuda/app/seis}
out=${2:-sanitize-out}
here=$(cd "$(dirname "$0")" && pwd)
command -v compute-sanitizer > /dev/null || { echo "sanitize: compute-sanitizer not found" >&2; exit 2; }
[ -x "$seis" ] || { echo "sanitize: '$seis' is not an executable" >&2; exit 2; }
mkdir -p "$out"
failures=0
runs=0
shapes() {  # the block shapes `seis strategies` lists for strategy $1
  local pattern='sub(/.*shapes: /, ""); sub(/ \(default.*/, ""); gsub(/,/, ""); print; exit'
  [ "${ALL_SHAPES:-0}" = 1 ] || pattern='sub(/.*\(default /, ""); sub(/\).*/, ""); print; exit'
  "$seis" strategies | awk -v s="$1" '$1 == s {found = 1; next} found && /shapes:/ {'"$pattern"'}'
}
for physics in iso tti; do
  for strategy in ${STRATEGIES:-$("$seis" strategies --names)}; do
    # Without ALL_SHAPES the first shape this device can run (a shape whose
    # scratch exceeds the device's limit exits with status 3) stands for it.
    list=$(shapes "$strategy")
    if [ "${ALL_SHAPES:-0}" != 1 ]; then
      list=$(ALL_SHAPES=1 shapes "$strategy")
      for s in $list; do
        if "$seis" run "$here/sanitize/$physics-small.toml" --strategy "$strategy:$s" --steps 1 --output "$out/probe" \
             --overwrite --quiet --no-stream > /dev/null 2>&1; then list=$s; break; fi
      done
    fi
    for shape in $list; do
      for tool in memcheck racecheck; do
        log="$out/${physics}_${strategy}_${shape//[\/@]/-}_${tool}.log"
        compute-sanitizer --tool "$tool" --error-exitcode 99 "$seis" run "$here/sanitize/$physics-small.toml" \
          --strategy "$strategy:$shape" --output "$out/run" --overwrite --quiet --no-stream > "$log" 2>&1
        rc=$?
        summary=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$log" | tail -1)
        runs=$((runs + 1))
        # No summary line: the sanitizer did not check this run.
        if [ $rc -ne 0 ] || [ -z "$summary" ]; then failures=$((failures + 1)); fi
        printf '%-4s %-22s %-12s %-9s rc=%d  %s\n' "$physics" "$strategy" "$shape" "$tool" $rc "${summary:-no summary}"
      done
    done
  done
done
echo "sanitize: $runs runs, $failures with errors"
[ $runs -gt 0 ] || { echo "sanitize: nothing ran" >&2; exit 1; }
[ $failures -eq 0 ]
