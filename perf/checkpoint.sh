#!/usr/bin/env bash
# Checkpoint cost and restart on a GPU (issue 13): runs SCENARIO (default
# iso-large-gpu) once uninterrupted, then with a checkpoint every EVERY
# (default 250) steps, interrupted by SIGINT after its first checkpoint and
# resumed with `seis resume`; checks that the seismograms are bitwise equal
# and records what one checkpoint costs (report.json "checkpoints":
# seconds_each, bytes). Then compute-sanitizer memcheck over a short
# checkpointed, interrupted and resumed run.
#
#   perf/checkpoint.sh BIN OUT [SCENARIO] [EVERY]
# BIN holds seis; OUT receives the runs, logs and summary.txt. STRATEGY
# (default gmem_3d) picks the strategy. Exits non-zero if the resumed
# seismograms differ or a step of it failed.
set -u
bin=$1 out=$2 scenario=${3:-iso-large-gpu} every=${4:-250}
here=$(cd "$(dirname "$0")/.." && pwd)
toml=$here/app/scenarios/$scenario.toml
strategy=${STRATEGY:-gmem_3d}
mkdir -p "$out"
fail=0
run() { echo "+ $*" >> "$out/commands.txt"; "$@"; }
run "$bin/seis" run "$toml" --strategy "$strategy" --output "$out/full" --overwrite --no-stream > "$out/full.log" 2>&1 || fail=1
echo "+ $bin/seis run $toml --strategy $strategy --checkpoint-every $every --output $out/ckpt --overwrite --no-stream (SIGINT after the first checkpoint)" >> "$out/commands.txt"
"$bin/seis" run "$toml" --strategy "$strategy" --checkpoint-every "$every" --output "$out/ckpt" --overwrite \
  --no-stream > "$out/ckpt.log" 2>&1 &
pid=$!
until ls "$out"/ckpt/checkpoint-*.seisck > /dev/null 2>&1 || ! kill -0 $pid 2> /dev/null; do sleep 0.5; done
kill -INT $pid 2> /dev/null
wait $pid
echo "interrupted run: exit $? (130 expected)" >> "$out/summary.txt"
cp "$out/ckpt/report.json" "$out/report-partial.json" 2> /dev/null
run "$bin/seis" resume "$out/ckpt" > "$out/resume.log" 2>&1 || fail=1
{
  echo "scenario $scenario, strategy $strategy, checkpoint every $every steps, $(date -u +%F), $(nvidia-smi --query-gpu=name --format=csv,noheader 2> /dev/null)"
  if cmp -s "$out/full/seismograms.npy" "$out/ckpt/seismograms.npy"; then echo "resume: seismograms bitwise equal"
  else echo "resume: seismograms DIFFER"; fi
  python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print('checkpoints of the interrupted run:', r.get('checkpoints')); print('partial:', r.get('partial'), 'steps_done:', r['time'].get('steps_done'))" \
    "$out/report-partial.json"
  python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print('uninterrupted wall_s:', r['timing']['wall_s'])" \
    "$out/full/report.json"
} >> "$out/summary.txt" 2>&1
cmp -s "$out/full/seismograms.npy" "$out/ckpt/seismograms.npy" || fail=1
if command -v compute-sanitizer > /dev/null; then
  small=$here/app/scenarios/iso-homogeneous.toml
  compute-sanitizer --tool memcheck --error-exitcode 99 "$bin/seis" run "$small" --steps 40 --checkpoint-every 10 \
    --output "$out/sanitize" --overwrite --no-stream > "$out/sanitize.log" 2>&1
  echo "compute-sanitizer memcheck, checkpointed run: exit $?" >> "$out/summary.txt"
fi
cat "$out/summary.txt"
exit $fail
