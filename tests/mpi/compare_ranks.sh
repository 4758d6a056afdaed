#!/usr/bin/env bash
# compare_ranks.sh SEIS SCENARIO WORKDIR NP:PX,PY,PZ...
# Runs SCENARIO on one rank, then under mpirun with each NP ranks and
# decomposition PX x PY x PZ ("auto": the program's choice), and checks that
# every run writes seismograms byte for byte identical to the single-rank
# ones, and a report naming the ranks and the decomposition.
set -u
seis=$1 scenario=$2 work=$3
shift 3
source "$(dirname "$0")/launcher.sh"
fail() { echo "FAIL: $*"; exit 1; }

"$seis" run "$scenario" --output "$work/ref" --quiet --no-stream || fail "single-rank run"
for config in "$@"; do
  np=${config%%:*} dims=${config#*:}
  case_dir="$work/np$np-${dims//,/x}"
  toml="$work/np$np-${dims//,/x}.toml"
  if [ "$dims" = auto ]; then
    cp "$scenario" "$toml"
  else
    # The same scenario with [run] decomposition set.
    sed "s/^\[run\]/[run]\ndecomposition = [$dims]/" "$scenario" > "$toml"
    grep -q "^decomposition = \[$dims\]" "$toml" || fail "$scenario has no [run] table"
  fi
  log=$("${mpirun[@]}" -np "$np" "$seis" run "$toml" --output "$case_dir" --quiet --no-stream 2>&1) ||
    fail "$np ranks ($dims): exit status $?: $log"
  cmp "$work/ref/seismograms.npy" "$case_dir/seismograms.npy" ||
    fail "$np ranks ($dims): seismograms differ from the single-rank run"
  cmp "$work/ref/seismograms.json" "$case_dir/seismograms.json" || fail "$np ranks ($dims): headers differ"
  grep -q "\"ranks\": $np" "$case_dir/report.json" || fail "$np ranks ($dims): report lacks \"ranks\": $np"
  echo "ok: $np ranks, decomposition $dims: seismograms identical"
done
