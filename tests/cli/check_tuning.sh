#!/usr/bin/env bash
# check_tuning.sh SEIS SCENARIO WORKDIR: `seis check` says "no cached tuning"
# without a tuner cache, and with one predicts steps x the cached ms/step.
set -eu
seis=$1 scenario=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
out=$(SEIS_TUNE_CACHE="$work/none.json" "$seis" check "$scenario" --steps 250)
line=$(echo "$out" | grep "^run time") || { echo "FAIL: no run time line"; echo "$out"; exit 1; }
echo "$line" | grep -q "no cached tuning for " || { echo "FAIL: $line"; exit 1; }
key=$(echo "$line" | sed -e 's/^run time *no cached tuning for //' -e 's/ (seis tune caches one)$//')
printf '{"%s": {"strategy": "gmem_3d:32x4x4", "ms_per_step": 2.0, "tuned": "2026-01-01"}}\n' "$key" > "$work/tune.json"
out=$(SEIS_TUNE_CACHE="$work/tune.json" "$seis" check "$scenario" --steps 250)
echo "$out" | grep -q "^run time     about 0.5 s for the time loop .*cached tuning of 2026-01-01.*gmem_3d:32x4x4 at 2 ms per whole step" ||
  { echo "FAIL: cached tuning not used"; echo "$out"; exit 1; }
echo ok
