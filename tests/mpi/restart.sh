#!/usr/bin/env bash
# restart.sh SEIS SCENARIO WORKDIR: checkpoint/restart of a distributed run
# (4 ranks, 2 x 2 x 1 or the program's choice).
#  1. all ranks killed (SIGKILL) after a checkpoint: no result files are left
#     as if complete; `mpirun -np 4 seis resume` finishes with seismograms
#     bitwise equal to an uninterrupted single-rank run's;
#  2. SIGTERM to ONE rank: every rank stops after the same step, the
#     seismograms so far and a checkpoint of 4 parts are written
#     (report.json "partial": true); resuming with another number of ranks,
#     or from a damaged part, is refused with one error line and exit 2;
#     resuming with 4 ranks gives the uninterrupted seismograms bitwise.
set -u
seis=$1 scenario=$2 work=$3
source "$(dirname "$0")/launcher.sh"
fail() { echo "FAIL: $*"; for f in "$work"/*.err; do echo "--- $f"; tail -5 "$f"; done; exit 1; }
# Long enough to be interrupted: the scenario with 6000 steps.
toml=$work/long.toml
sed 's/^steps = .*/steps = 6000/' "$scenario" > "$toml"
grep -q '^steps = 6000' "$toml" || fail "$scenario has no steps line"

"$seis" run "$toml" --output "$work/full" --quiet --no-stream 2> "$work/full.err" || fail "single-rank run failed"

# Starts 4 ranks in the background and waits for a complete checkpoint
# (a checkpoint folder appears only when every rank's part is in it).
start_and_wait() {  # NAME
  "${mpirun[@]}" -np 4 "$seis" run "$toml" --output "$work/$1" --no-stream --checkpoint-every 500 \
    > "$work/$1.err" 2>&1 &
  pid=$!
  for _ in $(seq 1 6000); do
    compgen -G "$work/$1/checkpoint-*.seisck" > /dev/null && return 0
    kill -0 "$pid" 2> /dev/null || fail "$1: the run ended before it could be interrupted"
    sleep 0.01
  done
  fail "$1: no checkpoint appeared"
}
# The ranks (their command lines start with the program; mpirun's does not).
ranks_of() { pgrep -f "^$seis run $toml --output $work/$1 " ; }
same_results() {  # DIR
  cmp -s "$work/full/seismograms.npy" "$1/seismograms.npy" || fail "$1: seismograms differ from the uninterrupted run's"
  grep -q '"partial": false' "$1/report.json" || fail "$1/report.json is not marked complete"
  ls "$1" | grep -q 'checkpoint-' && fail "a checkpoint is left in $1 after completion"
  return 0
}

# 1. SIGKILL of every rank after a checkpoint, then resume on 4 ranks.
start_and_wait kill9
ranks_of kill9 | xargs -r kill -KILL
wait "$pid" 2> /dev/null
for f in report.json seismograms.npy; do
  [ -e "$work/kill9/$f" ] && fail "killed ranks left $f as if complete"
done
[ "$(ls "$work"/kill9/checkpoint-*.seisck | grep -c 'rank-')" -eq 4 ] || fail "the checkpoint does not hold 4 parts"
"${mpirun[@]}" -np 4 "$seis" resume "$work/kill9" --quiet --no-stream 2> "$work/resume9.err" ||
  fail "resume on 4 ranks after SIGKILL failed"
same_results "$work/kill9"
echo "ok: killed after a checkpoint, resumed on 4 ranks: seismograms identical"

# 2. SIGTERM to one rank only.
start_and_wait term
ranks_of term | tail -1 | xargs -r kill -TERM
wait "$pid"; rc=$?
[ "$rc" -ne 0 ] || fail "the interrupted run exited 0"
grep -q '"partial": true' "$work/term/report.json" || fail "the interrupted run's report is not marked partial"
checkpoint=$(ls -d "$work"/term/checkpoint-*.seisck)
[ "$(ls "$checkpoint" | grep -c '^rank-')" -eq 4 ] || fail "the partial result's checkpoint does not hold 4 parts"
step=$(sed -n 's/.*"steps_done": \([0-9]*\).*/\1/p' "$work/term/report.json")
[ "$checkpoint" = "$work/term/$(printf 'checkpoint-%010d.seisck' "$step")" ] ||
  fail "checkpoint $checkpoint is not of the step the report names ($step)"
echo "ok: SIGTERM to one rank: all stopped after step $step, partial results and a checkpoint of 4 parts"

expect_refused() {  # NAME REGEX COMMAND...
  local name=$1 regex=$2; shift 2
  "$@" > "$work/$name.err" 2>&1; local rc=$?
  [ $rc -eq 2 ] || fail "$name: exit $rc, expected 2"
  [ "$(grep -c '^seis: error:' "$work/$name.err")" -eq 1 ] || fail "$name: not exactly one error line"
  grep -q "$regex" "$work/$name.err" || fail "$name: message does not match '$regex'"
}
expect_refused two_ranks "written by 4 ranks; resume it with mpirun -np 4" \
  "${mpirun[@]}" -np 2 "$seis" resume "$work/term" --quiet --no-stream
expect_refused one_rank "written by 4 ranks; resume it with mpirun -np 4" "$seis" resume "$work/term" --quiet --no-stream
cp -r "$work/term" "$work/damaged"
part=$(ls "$work"/damaged/checkpoint-*.seisck/rank-00002.seisck)
truncate -s 1000 "$part"
expect_refused damaged "checkpoint '.*rank-00002.seisck' " \
  "${mpirun[@]}" -np 4 "$seis" resume "$work/damaged" --quiet --no-stream
echo "ok: resuming with 2 or 1 ranks, or from a damaged part, refused with one error line"

"${mpirun[@]}" -np 4 "$seis" resume "$work/term" --quiet --no-stream 2> "$work/resume-term.err" ||
  fail "resume on 4 ranks after SIGTERM failed"
same_results "$work/term"
grep -q '"resumed_from_step"' "$work/term/report.json" || fail "the report does not say it was resumed"
echo "ok: resumed on 4 ranks after SIGTERM: seismograms identical"
