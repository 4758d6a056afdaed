#!/usr/bin/env bash
# hostile.sh SEIS WORKDIR: malformed and hostile input, by class. Every case
# must give exactly one "seis: error:" line and the expected exit status
# before anything is written (the output folder is not created); a few
# edge cases that are valid must run. Classes: non-finite numbers,
# out-of-range and overflowing integers, scenario names used as paths,
# special files as inputs, unusable output locations, command-line errors,
# a source that acts after the run, host memory, instability.
set -u
seis=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
failures=0 cases=0

# The base scenario; environment variables replace its parts.
base() {
  cat <<EOT
${NAME_LINE-}
physics = "iso"
[grid]
nx = ${NX:-24}
ny = ${NY:-24}
nz = ${NZ:-24}
spacing = ${SPACING:-10.0}
[time]
steps = ${STEPS:-12}
${DT_LINE-}
cfl_fraction = ${CFL:-0.5}
[model]
velocity = ${VEL:-2000.0}
[source]
position = ${SRC:-[120.0, 120.0, 120.0]}
frequency = ${FREQ:-15.0}
${SOURCE_EXTRA-}
[receivers]
every = ${EVERY:-1}
points = [${RCV:-[150.0, 120.0, 120.0]}]
${RECEIVER_EXTRA-}
[boundary]
pml = ${PML:-4}
reflection = ${REFL:-1e-3}
${BOUNDARY_EXTRA-}
[run]
strategy = "gmem_3d"
${RUN_EXTRA-}
EOT
}

# expect NAME RC REGEX [VAR=VALUE...] [-- SEIS-ARGS...]: RC "ok" means a
# successful run. Without SEIS-ARGS: seis run SCENARIO --output OUT.
expect() {
  local name=$1 want=$2 regex=$3
  shift 3
  local vars=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do vars+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  local scenario="$work/$name.toml" out="$work/out-$name"
  (for v in "${vars[@]+"${vars[@]}"}"; do export "$v"; done; base) > "$scenario"
  local args=("$@")
  [ ${#args[@]} -eq 0 ] && args=(run "$scenario" --output "$out" --quiet --no-stream)
  local output rc problem=""
  output=$(timeout 60 "$seis" "${args[@]}" 2>&1); rc=$?
  cases=$((cases + 1))
  if [ "$want" = ok ]; then
    [ "$rc" -eq 0 ] || problem="exit $rc, expected success"
  else
    [ "$rc" -eq "$want" ] || problem="exit $rc, expected $want"
    [ "$(echo "$output" | grep -c 'error')" -eq 1 ] || problem="$problem; not exactly one error line"
    echo "$output" | grep -q '^seis: error: ' || problem="$problem; no 'seis: error:' line"
    [ -e "$out" ] && problem="$problem; $out was created"
  fi
  echo "$output" | grep -Eq -- "$regex" || problem="$problem; output does not match /$regex/"
  if [ -n "$problem" ]; then
    failures=$((failures + 1))
    echo "FAIL $name: $problem"
    echo "$output" | head -5 | sed 's/^/    /'
  fi
}

# Non-finite numbers, wherever a number is read.
for v in nan inf -inf; do
  t="nan|inf"
  for var in SPACING VEL FREQ REFL CFL; do expect "nonfinite-$var-$v" 2 "$t" "$var=$v"; done
  expect "nonfinite-dt-$v" 2 "$t" "DT_LINE=dt = $v"
  expect "nonfinite-delay-$v" 2 "$t" "SOURCE_EXTRA=delay = $v"
  expect "nonfinite-amplitude-$v" 2 "$t" "SOURCE_EXTRA=amplitude = $v"
  expect "nonfinite-source-$v" 2 "$t" "SRC=[120.0, $v, 120.0]"
  expect "nonfinite-receiver-$v" 2 "$t" "RCV=[$v, 120.0, 120.0]"
  expect "nonfinite-layer-$v" 2 "$t" "VEL={ type = \"layered\", tops = [0.0, 100.0], values = [2000.0, $v] }"
  expect "nonfinite-line-$v" 2 "$t" "RECEIVER_EXTRA=[[receivers.line]]
from = [100.0, 100.0, $v]
to = [130.0, 100.0, 100.0]
count = 3"
done

# Integers out of range or whose products would overflow.
expect int-nx-zero 2 "grid size must be positive" NX=0
expect int-nx-huge 2 "out of range" NX=99999999999
expect int-grid-product 2 "more than" NX=1073741824 NY=1073741824 NZ=1073741824
expect int-every-zero 2 "every must be positive" EVERY=0
expect int-every-max ok "" EVERY=2147483647
expect int-steps-max-every-max ok "" STEPS=13 EVERY=2147483647
expect int-pml-huge 2 "boundary.pml|absorbing layers" PML=2147483647
expect int-taper-huge 2 "boundary.taper" "BOUNDARY_EXTRA=taper = 2147483647"
expect int-line-count-huge 2 "receivers" "RECEIVER_EXTRA=[[receivers.line]]
from = [100.0, 100.0, 100.0]
to = [130.0, 100.0, 100.0]
count = 2147483647"
expect int-dims-fraction 2 "positive integers" "VEL={ type = \"file\", path = \"v.bin\", dims = [24.5, 24, 24] }"
expect int-dims-huge 2 "positive integers" "VEL={ type = \"file\", path = \"v.bin\", dims = [1e300, 24, 24] }"

# Scenario names that are paths or cannot be folder names.
expect name-dotdot 2 "scenario name '..'" 'NAME_LINE=name = ".."'
expect name-dot 2 "scenario name '.'" 'NAME_LINE=name = "."'
expect name-slash 2 "path separator" 'NAME_LINE=name = "../../escape"'
expect name-backslash 2 "path separator" 'NAME_LINE=name = "a\\b"'
expect name-empty 2 "must not be empty" 'NAME_LINE=name = ""'
expect name-control 2 "control character" 'NAME_LINE=name = "a\u0007b"'
expect name-long 2 "at most 200" "NAME_LINE=name = \"$(printf 'n%.0s' $(seq 1 300))\""

# Characters toml++ 3.3 cannot take safely (found by the fuzzer): refused,
# except in comments.
expect unicode-bare 2 "non-ASCII character" "NAME_LINE=é = 1"
expect unicode-after-value 2 "U\\+FDF7" "NAME_LINE=name = \"x\"\"$(printf '\xef\xb7\xb7')"
expect unicode-comment ok "" "NAME_LINE=# café, 30°, §4"

# Special files as model or scenario files.
mkfifo "$work/fifo.bin"
mkdir -p "$work/dir.bin"
for f in fifo.bin dir.bin /dev/null /dev/zero missing.bin; do
  p=$f; [ "${f#/}" = "$f" ] && p="$work/$f"
  expect "special-model-$(basename "$f")" 2 "velocity file .*(directory|regular file|cannot be opened)" \
    "VEL={ type = \"file\", path = \"$p\", dims = [24, 24, 24] }"
done
expect special-scenario-fifo 2 "not a regular file" -- run "$work/fifo.bin" --output "$work/out-sf"
expect special-scenario-dir 2 "not a regular file" -- run "$work/dir.bin" --output "$work/out-sd"

# Output locations that cannot be written.
base > "$work/good.toml"
long=$(printf 'x%.0s' $(seq 1 300))
deep=$(printf '/d%.0s' $(seq 1 2100))
echo "not a folder" > "$work/plain-file"
mkdir -p "$work/user-folder" && echo "mine" > "$work/user-folder/notes.txt"
expect out-proc 2 "procfs|cannot be created" -- run "$work/good.toml" --output /proc/seis-out
expect out-sys 2 "sysfs|cannot be created" -- run "$work/good.toml" --output /sys/seis-out
expect out-dev 2 "device filesystem" -- run "$work/good.toml" --output /dev/seis-out
expect out-name-long 2 "bytes; at most" -- run "$work/good.toml" --output "$work/$long"
expect out-path-long 2 "output path is" -- run "$work/good.toml" --output "$work$deep"
expect out-under-file 2 "not a directory" -- run "$work/good.toml" --output "$work/plain-file/out"
expect out-is-file 2 "not a directory" -- run "$work/good.toml" --output "$work/plain-file"
expect out-user-files 2 "which seis did not write" -- run "$work/good.toml" --output "$work/user-folder" --overwrite
expect out-root 2 "filesystem root" -- run "$work/good.toml" --output /
if [ "$(id -u)" -ne 0 ]; then
  mkdir -p "$work/read-only" && chmod 555 "$work/read-only"
  expect out-read-only 2 "cannot be created" -- run "$work/good.toml" --output "$work/read-only/out"
else
  echo "note: running as root, the read-only folder case is skipped (root writes anywhere)"
fi
[ -e "$work/user-folder/notes.txt" ] || { echo "FAIL: the user's file was deleted"; failures=$((failures + 1)); }

# Command-line errors: one line, exit 2.
digits=$(printf '9%.0s' $(seq 1 300))
expect cli-steps-digits 2 "characters\\)" -- run "$work/good.toml" --steps "$digits" --output "$work/out-c1"
expect cli-steps-negative 2 "steps" -- run "$work/good.toml" --steps -3 --output "$work/out-c2"
expect cli-steps-text 2 "steps" -- run "$work/good.toml" --steps many --output "$work/out-c3"
expect cli-unknown-option 2 "frobnicate" -- run "$work/good.toml" --frobnicate --output "$work/out-c4"
expect cli-no-scenario 2 "scenario" -- run
expect cli-no-command 2 "subcommand" -- --quiet
expect cli-bad-command 2 "frobnicate" -- frobnicate
expect cli-checkpoint-negative 2 "checkpoint-every" -- run "$work/good.toml" --checkpoint-every -1 --output "$work/out-c5"
expect cli-budget-text 2 "tune-budget" -- run "$work/good.toml" --tune-budget soon --output "$work/out-c6"

# A source that acts only after the run; a run that blows up.
expect source-after-end 2 "every trace would be zero" "SOURCE_EXTRA=delay = 100.0"
expect unstable-nan 1 "inf or NaN by step 12 .*likely causes" "SOURCE_EXTRA=amplitude = 1e300"
expect unstable-growth 1 "exploded .* by step (50|100|150) .*likely causes" STEPS=150 "SOURCE_EXTRA=amplitude = 1e36"

# Host memory: traces that cannot fit.
expect host-memory 3 "host memory" STEPS=2000000000 "RECEIVER_EXTRA=[[receivers.line]]
from = [100.0, 100.0, 100.0]
to = [130.0, 100.0, 100.0]
count = 100000"

echo "$cases cases, $failures failed"
[ "$failures" -eq 0 ]
