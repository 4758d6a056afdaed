#!/usr/bin/env bash
# expect.sh RC REGEX OUTDIR -- COMMAND...
# Runs COMMAND and checks: exit status RC (or any non-zero for "nonzero"),
# stderr+stdout matching REGEX (grep -E), and, when OUTDIR is not "-", that
# OUTDIR was not created (nothing written on invalid input).
set -u
want_rc=$1 regex=$2 outdir=$3
shift 4
output=$("$@" 2>&1)
rc=$?
fail() { echo "FAIL: $*"; echo "--- output ---"; echo "$output"; exit 1; }
if [ "$want_rc" = nonzero ]; then
  [ "$rc" -ne 0 ] || fail "expected a non-zero exit status, got 0"
else
  [ "$rc" -eq "$want_rc" ] || fail "expected exit status $want_rc, got $rc"
fi
echo "$output" | grep -Eq -- "$regex" || fail "output does not match /$regex/"
if [ "$outdir" != - ] && [ -e "$outdir" ]; then fail "$outdir was created"; fi
if [ "$want_rc" != 0 ]; then
  nlines=$(echo "$output" | grep -c "error")
  [ "$nlines" -eq 1 ] || fail "expected exactly one error line, got $nlines"
fi
echo "ok: exit $rc, matched /$regex/"
