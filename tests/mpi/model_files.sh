#!/usr/bin/env bash
# model_files.sh SEIS PYTHON MPI_TEST_DIR WORKDIR NP:PX,PY,PZ...
# Distributed runs with model FILES, each rank reading only its part of them:
# velocity as raw float32 on the grid, as a float64 .npy in C order and as a
# SEG-Y cube with its traces in random order (both resampled onto the grid),
# and a TTI epsilon .npy on the grid. For each, compare_ranks.sh checks that
# every decomposition writes seismograms byte for byte those of the
# single-rank run; then every rank's report must show it read less than the
# file's samples, and the ranks together all of them (a file on the grid
# exactly once: the parts tile it).
set -u
seis=$1 python=$2 dir=$3 work=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }

# Smooth heterogeneous models (positive, finite) of the 40 x 36 x 32 grid of
# iso-cpml.toml (10 m) and tti-cpml.toml.
"$python" - "$work" <<'PY' || fail "writing the model files"
import sys
import numpy as np
out = sys.argv[1]
def field(n, h, o=0.0):
    x, y, z = np.meshgrid(*(o + h * np.arange(k) for k in n), indexing="ij")
    return 2000.0 + 1.5 * z + 200.0 * np.sin(x / 70.0) * np.cos(y / 90.0)
field((40, 36, 32), 10.0).astype(np.float32).ravel(order="F").tofile(f"{out}/vp.bin")
np.save(f"{out}/vp_coarse.npy", np.ascontiguousarray(field((27, 25, 22), 15.0, -5.0)))
np.save(f"{out}/eps.npy", (0.2 + 0.05 * np.sin(field((40, 36, 32), 10.0) / 50.0)).astype(np.float32))
try:
    import segyio
except ImportError:
    sys.exit(0)
cube = field((21, 19, 17), 20.0).astype(np.float32)
spec = segyio.spec()
spec.format = 5
spec.samples = list(range(17))
spec.tracecount = 21 * 19
with segyio.create(f"{out}/vp.sgy", spec) as f:
    for t, k in enumerate(np.random.default_rng(5).permutation(21 * 19)):
        i, j = k % 21, k // 21
        f.header[t] = {segyio.TraceField.INLINE_3D: 1 + i, segyio.TraceField.CROSSLINE_3D: 1 + j}
        f.trace[t] = cube[i, j, :]
PY

# check_reads NAME SAMPLE_BYTES EXACT: the per-rank bytes of every distributed run of NAME.
check_reads() {
  "$python" - "$work/$1" "$2" "$3" <<'PY' || fail "$1: model file reads"
import glob, json, sys
work, total, exact = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "exact"
for report in sorted(glob.glob(f"{work}/np*/report.json")):
    ranks = json.load(open(report))["distributed"]["per_rank"]
    read = [r["model_file_bytes_read"] for r in ranks]
    if len(ranks) > 1 and max(read) >= total:
        sys.exit(f"{report}: a rank read {max(read)} bytes, the whole file has {total}")
    if sum(read) < total or (exact and sum(read) != total):
        sys.exit(f"{report}: the ranks read {sum(read)} bytes together, the file has {total}")
    print(f"ok: {report.split('/')[-2]}: ranks read {read} of {total} bytes")
PY
}

# run_case NAME PHYSICS SAMPLE_BYTES EXACT SED_SCRIPT: the scenario with its model line(s) replaced.
run_case() {
  local name=$1 physics=$2 bytes=$3 exact=$4 script=$5
  shift 5
  sed -e "$script" "$dir/$physics-cpml.toml" > "$work/$name.toml"
  grep -q 'type = "\(file\|npy\|segy\)"' "$work/$name.toml" || fail "$name: no model file in the scenario"
  "$here/compare_ranks.sh" "$seis" "$work/$name.toml" "$work/$name" "$@" || fail "$name"
  check_reads "$name" "$bytes" "$exact"
}

# The sed script giving the scenario's velocity as the model table $1.
velocity() { echo "s|^velocity = .*|velocity = $1|"; }

run_case raw iso $((40 * 36 * 32 * 4)) exact \
  "$(velocity "{ type = \"file\", path = \"$work/vp.bin\", dims = [40, 36, 32] }")" "$@"
run_case npy_resampled iso $((27 * 25 * 22 * 8)) overlap \
  "$(velocity "{ type = \"npy\", path = \"$work/vp_coarse.npy\", spacing = [15.0, 15.0, 15.0], origin = [-5.0, -5.0, -5.0] }")" \
  "$@"
run_case tti_epsilon tti $((40 * 36 * 32 * 4)) exact \
  "s|^epsilon = .*|epsilon = { type = \"npy\", path = \"$work/eps.npy\" }|" "$@"
segy=$(velocity "{ type = \"segy\", path = \"$work/vp.sgy\", spacing = [20.0, 20.0, 20.0] }")
sed -e "$segy" "$dir/iso-cpml.toml" > "$work/segy-probe.toml"
if [ -e "$work/vp.sgy" ] && ! "$seis" check "$work/segy-probe.toml" --output "$work/probe" 2>&1 | grep -q "no segyio"; then
  run_case segy_resampled iso $((21 * 19 * 17 * 4)) overlap "$segy" "$@"
else
  echo "segyio missing (Python module or this build): no SEG-Y case"
fi
