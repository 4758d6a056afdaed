#!/usr/bin/env bash
# overwrite.sh SEIS SCENARIO WORKDIR: a second run into the same output
# directory is refused and leaves the first run's files untouched; with
# --overwrite it replaces them.
set -eu
seis=$1 scenario=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
"$seis" run "$scenario" --steps 5 --output "$work/out" --quiet --no-stream
sum1=$(md5sum "$work/out/report.json" "$work/out/seismograms.npy")
if "$seis" run "$scenario" --steps 7 --output "$work/out" --quiet --no-stream 2> "$work/err"; then
  echo "FAIL: second run into a full output directory succeeded"; exit 1
fi
grep -q "already holds results" "$work/err" || { echo "FAIL: unexpected message"; cat "$work/err"; exit 1; }
[ "$(md5sum "$work/out/report.json" "$work/out/seismograms.npy")" = "$sum1" ] || { echo "FAIL: files changed"; exit 1; }
"$seis" run "$scenario" --steps 7 --output "$work/out" --quiet --no-stream --overwrite
grep -q '"steps": 7' "$work/out/report.json" || { echo "FAIL: --overwrite did not replace the report"; exit 1; }
ls "$work/out" | grep -q '\.tmp$' && { echo "FAIL: temporary files left"; exit 1; }
echo ok
