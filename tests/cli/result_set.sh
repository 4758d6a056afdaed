#!/usr/bin/env bash
# result_set.sh SEIS SCENARIO WORKDIR: an output folder is replaced as a
# whole, never mixed or half-written:
#  - a run that writes fewer files (no SEG-Y) leaves no old .sgy behind;
#  - staging folders of dead runs and stray temporary files disappear;
#  - a run that fails (instability) leaves the previous results untouched;
#  - a damaged tuner cache is named in a warning and --strategy auto still runs.
set -u
seis=$1 scenario=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; cat "$work/err" 2> /dev/null; exit 1; }
run() { "$seis" run "$@" --steps 6 --quiet --no-stream 2> "$work/err"; }

run "$scenario" --output "$work/out" || fail "first run"
[ -e "$work/out/seismograms.sgy" ] || echo "note: no SEG-Y in this build"
sed 's/^\[run\]/[run]\nsegy = false/' "$scenario" > "$work/no-segy.toml"
mkdir -p "$work/.out.seis-new-4194303" && touch "$work/.out.seis-new-4194303/report.json"
touch "$work/out/report.json.tmp" "$work/out/checkpoint-0000000003.seisck.tmp"
run "$work/no-segy.toml" --output "$work/out" --overwrite || fail "run without SEG-Y"
[ -e "$work/out/seismograms.sgy" ] && fail "an old seismograms.sgy is mixed with the new results"
ls -a "$work/out" | grep -q '\.tmp$' && fail "temporary files left in the output folder"
ls -a "$work" | grep -q 'seis-new\|seis-old' && fail "a staging folder is left"
grep -q 'no-segy' "$work/out/report.json" || fail "report.json is not the new run's"

sums=$(cd "$work/out" && md5sum *)
sed 's/^\[source\]/[source]\namplitude = 1e300/' "$scenario" > "$work/unstable.toml"
run "$work/unstable.toml" --output "$work/out" --overwrite && fail "an unstable run succeeded"
grep -q "inf or NaN" "$work/err" || fail "no instability message"
[ "$(cd "$work/out" && md5sum *)" = "$sums" ] || fail "a failed run changed the previous results"

export SEIS_TUNE_CACHE="$work/tune.json"
echo '{"damaged": ' > "$SEIS_TUNE_CACHE"
run "$scenario" --output "$work/auto" --strategy auto --tune-budget 0.2 || fail "auto with a damaged cache"
grep -q "warning: tuner cache '$SEIS_TUNE_CACHE' is not valid JSON" "$work/err" || fail "damaged cache not named"
sed -i 's/"strategy": "[^"]*"/"strategy": "no_such_strategy:1x1"/' "$SEIS_TUNE_CACHE"
run "$scenario" --output "$work/auto" --overwrite --strategy auto --tune-budget 0.2 || fail "auto with a bad entry"
grep -q "warning: tuner cache '$SEIS_TUNE_CACHE' names 'no_such_strategy:1x1'" "$work/err" || fail "bad entry not named"
run "$scenario" --output "$work/auto" --overwrite --strategy auto || fail "auto with the repaired cache"
grep -q warning "$work/err" && fail "the cache was not repaired"
echo ok
