#!/usr/bin/env bash
# sanitize_ran_nothing.sh SEIS SANITIZE WORKDIR: perf/sanitize.sh must fail
# when it checked nothing: without compute-sanitizer, and with a
# "sanitizer" that runs the program but prints no summary.
set -u
seis=$1 sanitize=$2 work=$3
rm -rf "$work" && mkdir -p "$work/bin"
if PATH=/usr/bin:/bin bash "$sanitize" "$seis" "$work/out" > "$work/none.log" 2>&1; then
  echo "FAIL: sanitize.sh succeeded without compute-sanitizer"; cat "$work/none.log"; exit 1
fi
# A stand-in that runs nothing and reports nothing.
printf '#!/bin/sh\nexit 0\n' > "$work/bin/compute-sanitizer"
chmod +x "$work/bin/compute-sanitizer"
if PATH="$work/bin:$PATH" bash "$sanitize" "$seis" "$work/out" > "$work/silent.log" 2>&1; then
  echo "FAIL: sanitize.sh succeeded although no run printed a sanitizer summary"; cat "$work/silent.log"; exit 1
fi
grep -q "with errors" "$work/silent.log" || { echo "FAIL: no summary line"; cat "$work/silent.log"; exit 1; }
echo ok
