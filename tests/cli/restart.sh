#!/usr/bin/env bash
# restart.sh SEIS SCENARIO WORKDIR: checkpoint/restart and interruption.
#  1. a run killed with SIGKILL after a checkpoint leaves no result files;
#     `seis resume` finishes it with seismograms (.npy, SEG-Y) bitwise equal
#     to an uninterrupted run's;
#  2. SIGINT and SIGTERM finish the current step, write the seismograms so far
#     (report.json "partial": true) and a checkpoint, exit 130 / 143; resuming
#     gives the uninterrupted run's seismograms bitwise;
#  3. a damaged checkpoint, one of another version or grid, or one whose
#     model inputs changed is refused with one error line and exit 2.
set -u
seis=$1 scenario=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; for f in "$work"/*.err; do echo "--- $f"; cat "$f"; done; exit 1; }
same_results() {  # DIR: seismograms equal to the uninterrupted run's
  for f in seismograms.npy seismograms.sgy seismograms.json; do
    [ -e "$work/full/$f" ] || continue
    cmp -s "$work/full/$f" "$1/$f" || fail "$1/$f differs from the uninterrupted run's"
  done
  grep -q '"partial": false' "$1/report.json" || fail "$1/report.json is not marked complete"
  ls "$1" | grep -q 'checkpoint-' && fail "a checkpoint is left in $1 after completion"
  ls -a "$(dirname "$1")" | grep -q 'seis-new' && fail "a staging folder is left beside $1"
  return 0
}
# Starts a run in the background and waits for FILE_GLOB to exist (or the
# run to end: then the machine was too fast for the test, which fails).
start_and_wait() {  # NAME GLOB ARGS...
  local name=$1 glob=$2; shift 2
  "$seis" run "$scenario" --output "$work/$name" --no-stream "$@" 2> "$work/$name.err" &
  pid=$!
  for _ in $(seq 1 3000); do
    compgen -G "$glob" > /dev/null && return 0
    kill -0 "$pid" 2> /dev/null || fail "$name: the run ended before it could be interrupted"
    sleep 0.01
  done
  fail "$name: $glob never appeared"
}

"$seis" run "$scenario" --output "$work/full" --quiet --no-stream 2> "$work/full.err" || fail "uninterrupted run failed"

# 1. SIGKILL after the first checkpoint, then resume.
start_and_wait kill9 "$work/kill9/checkpoint-*.seisck" --checkpoint-every 20
kill -STOP "$pid"; kill -KILL "$pid"; wait "$pid" 2> /dev/null
for f in report.json seismograms.npy seismograms.sgy; do
  [ -e "$work/kill9/$f" ] && fail "a killed run left $f as if complete"
done
"$seis" resume "$work/kill9" --quiet --no-stream 2> "$work/resume9.err" || fail "resume after SIGKILL failed"
same_results "$work/kill9"
grep -q '"resumed_from_step"' "$work/kill9/report.json" || fail "the report does not say it was resumed"

# 2. SIGINT and SIGTERM: partial results, a checkpoint, then resume.
for sig in INT TERM; do
  want=$([ $sig = INT ] && echo 130 || echo 143)
  start_and_wait "sig$sig" "$work/sig$sig.err" --checkpoint-every 0
  while ! grep -q 'progress: step' "$work/sig$sig.err"; do
    kill -0 "$pid" 2> /dev/null || fail "sig$sig: the run ended before it could be interrupted"
    sleep 0.01
  done
  kill -$sig "$pid"; wait "$pid"; rc=$?
  [ "$rc" -eq "$want" ] || fail "SIG$sig: exit $rc, expected $want"
  grep -q '"partial": true' "$work/sig$sig/report.json" || fail "SIG$sig: report.json not marked partial"
  ls "$work/sig$sig" | grep -q '^checkpoint-.*\.seisck$' || fail "SIG$sig: no checkpoint written"
  [ -e "$work/sig$sig/seismograms.npy" ] || fail "SIG$sig: no partial seismograms"
  cp -r "$work/sig$sig" "$work/sig$sig.copy"
  # A new run into it is refused (it would discard the checkpoint).
  "$seis" run "$scenario" --output "$work/sig$sig" --quiet --no-stream 2> "$work/rerun.err" && fail "a run replaced an interrupted one"
  grep -q "holds an interrupted run .*seis resume" "$work/rerun.err" || fail "no hint to resume: $(cat "$work/rerun.err")"
  "$seis" resume "$work/sig$sig" --quiet --no-stream 2> "$work/resume$sig.err" || fail "resume after SIG$sig failed"
  same_results "$work/sig$sig"
done

# 3. Checkpoints that must be refused (exit 2, one error line, nothing changed).
refused() {  # NAME REGEX: resume of $work/NAME must fail so
  local before after out rc
  before=$(ls -l "$work/$1" | md5sum)
  out=$("$seis" resume "$work/$1" --quiet --no-stream 2>&1); rc=$?
  [ "$rc" -eq 2 ] || fail "$1: exit $rc, expected 2: $out"
  echo "$out" | grep -Eq -- "$2" || fail "$1: message '$out' does not match /$2/"
  [ "$(echo "$out" | grep -c error)" -eq 1 ] || fail "$1: expected one error line: $out"
  after=$(ls -l "$work/$1" | md5sum)
  [ "$before" = "$after" ] || fail "$1: the folder changed"
}
ck() { ls "$work/$1"/checkpoint-*.seisck; }
mk() { rm -rf "$work/$1"; cp -r "$work/sigINT.copy" "$work/$1"; }
mk truncated; truncate -s -100 "$(ck truncated)"; refused truncated "truncated or damaged"
mk flipped; f=$(ck flipped); size=$(stat -c %s "$f")
printf '\x55' | dd of="$f" bs=1 seek=$((size / 2)) conv=notrunc status=none; refused flipped "damaged"
mk version; f=$(ck version); sed -i '0,/"seis_version":"[^"]*"/s//"seis_version":"0.0.1"/' "$f"
refused version "written by seis 0.0.1"
mk grid; f=$(ck grid); sed -i '0,/"grid":\[\([0-9]*\),/s//"grid":[7,/' "$f"; refused grid "grid"
mk inputs; f=$(ck inputs); sed -i '0,/"steps":\([0-9]*\)/s//"steps":299/' "$f"; refused inputs "other inputs"
mkdir -p "$work/empty"; refused empty "holds no checkpoint"
echo ok
