#!/usr/bin/env bash
# out_of_core.sh SEIS SCENARIO WORKDIR: `seis run --device-memory` below the
# state's size runs out-of-core with the in-core seismograms bit for bit,
# says so in report.json, takes its checkpoints on the steps asked, writes
# the in-core snapshots; budgets that cannot work and malformed sizes are
# refused with one line before anything is written.
set -eu
seis=$1 scenario=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }
"$seis" run "$scenario" --output "$work/in" --quiet --no-stream
grep -q '"placement": "in-core"' "$work/in/report.json" || fail "in-core run not reported as in-core"
grep -q '"cpml_memory": "bfloat16"' "$work/in/report.json" || fail "the report does not say bfloat16 CPML memory variables ran"
for budget in 2MiB "2.5 MiB" 3MiB; do
  "$seis" run "$scenario" --output "$work/ooc" --overwrite --quiet --no-stream --device-memory "$budget"
  cmp "$work/in/seismograms.npy" "$work/ooc/seismograms.npy" || fail "seismograms differ with --device-memory $budget"
  grep -q '"placement": "out-of-core"' "$work/ooc/report.json" || fail "no out-of-core placement at $budget"
  chunks=$(sed -n 's/.*"chunks": \([0-9]*\).*/\1/p' "$work/ooc/report.json" | head -1)
  [ "${chunks:-0}" -ge 4 ] || fail "$budget gave ${chunks:-no} chunks, expected at least 4"
done
# Checkpoints every 10 steps: sweeps end on steps 10, 20, 30, each writes one.
"$seis" run "$scenario" --output "$work/ck" --quiet --no-stream --device-memory 2MiB --checkpoint-every 10
cmp "$work/in/seismograms.npy" "$work/ck/seismograms.npy" || fail "seismograms differ with checkpoints"
grep -q '"written": 3' "$work/ck/report.json" || fail "expected 3 checkpoints: $(grep -A4 '"checkpoints"' "$work/ck/report.json")"
# Snapshots every 5 steps (sweeps alternate direction, and the chunks they
# keep on the device go back to the host for each snapshot): equal to in-core.
{ cat "$scenario"; printf '[output]\nsnapshots = { every = 5, slices = ["z=470", "x=120"] }\n'; } > "$work/snap.toml"
"$seis" run "$work/snap.toml" --output "$work/snap-in" --quiet --no-stream
"$seis" run "$work/snap.toml" --output "$work/snap-ooc" --quiet --no-stream --device-memory 2MiB
n=0
for f in "$work"/snap-in/snapshots/*.npy; do
  cmp "$f" "$work/snap-ooc/snapshots/$(basename "$f")" || fail "snapshot $(basename "$f") differs out-of-core"
  n=$((n + 1))
done
[ $n -ge 14 ] || fail "expected 14 snapshot planes (7 steps x 2 slices), found $n"
# Each schedule asked for (run.out_of_core.schedule), with checkpoints:
# the same seismograms; the report says which ran.
for schedule in halo skewed; do
  sed "s/^\[run\]$/[run]\nout_of_core = { schedule = \"$schedule\" }/" "$scenario" > "$work/$schedule.toml"
  "$seis" run "$work/$schedule.toml" --output "$work/$schedule" --quiet --no-stream --device-memory 3MiB --checkpoint-every 10
  cmp "$work/in/seismograms.npy" "$work/$schedule/seismograms.npy" || fail "seismograms differ with the $schedule schedule"
  grep -q "\"schedule\": \"$schedule\"" "$work/$schedule/report.json" || fail "the report does not say $schedule ran"
done
# The CPML memory variables in float ([boundary] pml_memory): out-of-core
# copies them as such, the in-core seismograms again bit for bit.
sed 's/^\[boundary\]$/[boundary]\npml_memory = "float"/' "$scenario" > "$work/float.toml"
"$seis" run "$work/float.toml" --output "$work/float-in" --quiet --no-stream
"$seis" run "$work/float.toml" --output "$work/float-ooc" --quiet --no-stream --device-memory 2MiB
cmp "$work/float-in/seismograms.npy" "$work/float-ooc/seismograms.npy" || fail "float CPML memory: seismograms differ out-of-core"
grep -q '"cpml_memory": "float"' "$work/float-ooc/report.json" || fail "the report does not say float CPML memory variables ran"
expect_refusal() {  # exit code, pattern, extra arguments
  local code=$1 pattern=$2; shift 2
  set +e; "$seis" run "$scenario" --output "$work/refused" --quiet --no-stream "$@" 2> "$work/err"; local rc=$?; set -e
  [ $rc -eq "$code" ] || fail "exit $rc (expected $code) for $*: $(cat "$work/err")"
  # (Kokkos' OpenMP backend may add its own warnings on stderr)
  [ "$(grep -c "error" "$work/err")" -eq 1 ] || fail "not exactly one error line for $*: $(cat "$work/err")"
  grep -Eq "^seis: error: .*$pattern" "$work/err" || fail "unexpected message for $*: $(cat "$work/err")"
  [ ! -e "$work/refused" ] || fail "output written for a refused run ($*)"
}
expect_refusal 3 "smallest workable budget" --device-memory 1MiB
scenario="$work/skewed.toml" expect_refusal 3 "skewed schedule \(the smallest workable budget" --device-memory 2MiB
sed 's/"skewed"/"spiral"/' "$work/skewed.toml" > "$work/spiral.toml"
scenario="$work/spiral.toml" expect_refusal 2 "schedule' must be" --device-memory 3MiB
expect_refusal 2 "must be a size" --device-memory 8GB
expect_refusal 2 "must be a size" --device-memory lots
sed 's/^\[boundary\]$/[boundary]\npml_memory = "half"/' "$scenario" > "$work/half.toml"
scenario="$work/half.toml" expect_refusal 2 "pml_memory' must be \"bfloat16\" or \"float\"" --device-memory 3MiB
echo ok
