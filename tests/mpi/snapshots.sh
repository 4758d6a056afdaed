#!/usr/bin/env bash
# snapshots.sh SEIS SCENARIO WORKDIR NP:PX,PY,PZ...: wavefield snapshots of a
# distributed run (planes on the sub-domain boundaries, and the volume) are
# the single-rank run's, file for file and byte for byte; rank 0 writes them.
set -u
seis=$1 scenario=$2 work=$3
shift 3
source "$(dirname "$0")/launcher.sh"
fail() { echo "FAIL: $*"; exit 1; }
toml=$work/snapshots.toml
{ cat "$scenario"; printf '\n[output]\nsnapshots = { every = 10, slices = ["x=200", "y=180", "z=160"], volume = true }\n'; } > "$toml"
"$seis" run "$toml" --output "$work/ref" --quiet --no-stream || fail "single-rank run"
[ "$(ls "$work/ref/snapshots" | grep -c '\.npy$')" -eq 16 ] || fail "the single-rank run wrote $(ls "$work/ref/snapshots" | grep -c '\.npy$') arrays, not 16"
for config in "$@"; do
  np=${config%%:*} dims=${config#*:}
  case_toml="$work/np$np.toml"
  sed "s/^\[run\]/[run]\ndecomposition = [$dims]/" "$toml" > "$case_toml"
  "${mpirun[@]}" -np "$np" "$seis" run "$case_toml" --output "$work/np$np" --quiet --no-stream ||
    fail "$np ranks ($dims): exit status $?"
  diff -r "$work/ref/snapshots" "$work/np$np/snapshots" > /dev/null ||
    fail "$np ranks ($dims): snapshots differ from the single-rank run's"
  [ ! -e "$work/np$np.snapshots-work" ] || fail "$np ranks: work folder left behind"
  echo "ok: $np ranks, decomposition $dims: snapshots identical"
done
