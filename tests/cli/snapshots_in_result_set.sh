#!/usr/bin/env bash
# snapshots_in_result_set.sh SEIS SCENARIO WORKDIR: the snapshots of a run
# (SCENARIO takes them every 50 steps on two planes) arrive with the result
# set in OUT/snapshots, leave no work folder behind, and are replaced as a
# whole by an --overwrite run.
set -eu
seis=$1 scenario=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
count() { grep -c '"step"' "$work/out/snapshots/index.json"; }
"$seis" run "$scenario" --steps 100 --output "$work/out" --quiet --no-stream
[ "$(count)" -eq 4 ] || { echo "FAIL: expected 4 snapshot entries, got $(count)"; exit 1; }
ls "$work/out/snapshots" | grep -q '_step000100\.npy$' || { echo "FAIL: no step-100 plane"; ls "$work/out/snapshots"; exit 1; }
[ ! -e "$work/out.snapshots-work" ] || { echo "FAIL: work folder left behind"; exit 1; }
"$seis" run "$scenario" --steps 50 --output "$work/out" --quiet --no-stream --overwrite
[ "$(count)" -eq 2 ] || { echo "FAIL: --overwrite kept old snapshots ($(count) entries)"; exit 1; }
if ls "$work/out/snapshots" | grep -q '_step000100'; then echo "FAIL: old step-100 files mixed in"; exit 1; fi
[ ! -e "$work/out.snapshots-work" ] || { echo "FAIL: work folder left behind"; exit 1; }
echo ok
