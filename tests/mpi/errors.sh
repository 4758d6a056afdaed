#!/usr/bin/env bash
# errors.sh SEIS MPI_TEST_DIR WORKDIR: errors of distributed runs reach the
# user as one "seis: error:" line, every rank exits non-zero, nothing hangs
# (each run is bounded by `timeout`) and nothing is written.
set -u
seis=$1 dir=$2 work=$3
MPI_TIMEOUT=60 source "$(dirname "$0")/launcher.sh"
fail() { echo "FAIL: $*"; echo "--- output ---"; echo "$output"; exit 1; }

# expect NAME NP REGEX TOML: the run fails with REGEX printed once.
expect() {
  local name=$1 np=$2 regex=$3 toml=$4
  output=$("${mpirun[@]}" -np "$np" "$seis" run "$toml" --output "$work/$name" --quiet --no-stream 2>&1)
  local rc=$?
  [ "$rc" -ne 0 ] || fail "$name: exit status 0"
  [ "$rc" -ne 124 ] || fail "$name: hung (killed after 60 s)"
  echo "$output" | grep -Eq -- "$regex" || fail "$name: output does not match /$regex/"
  [ "$(echo "$output" | grep -c "seis: error")" -eq 1 ] || fail "$name: expected exactly one error line"
  [ ! -e "$work/$name" ] || fail "$name: $work/$name was written"
  echo "ok: $name ($np ranks): exit $rc, one line matching /$regex/"
}

# A decomposition that does not match the number of ranks.
sed 's/^\[run\]/[run]\ndecomposition = [3, 1, 1]/' "$dir/iso-cpml.toml" > "$work/bad-decomposition.toml"
expect bad_decomposition 2 "error: run.decomposition \[3, 1, 1\] needs 3 ranks, the run has 2" "$work/bad-decomposition.toml"

# A velocity file with a NaN in the part of the last rank.
python3 - "$work/vp.bin" <<'PY'
import struct, sys
n = 40 * 36 * 32
v = [2000.0] * n
v[n - 5] = float("nan")
open(sys.argv[1], "wb").write(struct.pack("<%df" % n, *v))
PY
sed "s|^velocity = .*|velocity = { type = \"file\", path = \"$work/vp.bin\", dims = [40, 36, 32] }|" "$dir/iso-cpml.toml" \
  > "$work/nan-model.toml"
expect nan_in_model_part 4 "error: velocity file .* holds a non-finite value at element 46075" "$work/nan-model.toml"

# NaNs in the parts of ranks 1 and 2 (of 2 x 2 x 1): rank 1 finds element
# 14515, rank 2 element 5525; the file's first, which a single rank reports,
# is the one reported.
python3 - "$work/vp2.bin" <<'PY'
import struct, sys
n = 40 * 36 * 32
v = [2000.0] * n
v[35 + 40 * (2 + 36 * 10)] = float("nan")
v[5 + 40 * (30 + 36 * 3)] = float("inf")
open(sys.argv[1], "wb").write(struct.pack("<%df" % n, *v))
PY
sed "s|^velocity = .*|velocity = { type = \"file\", path = \"$work/vp2.bin\", dims = [40, 36, 32] }|" "$dir/iso-cpml.toml" \
  > "$work/nans-model.toml"
expect first_nan_of_file 4 "error: velocity file .* holds a non-finite value at element 5525" "$work/nans-model.toml"
