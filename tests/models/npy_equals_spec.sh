#!/usr/bin/env bash
# npy_equals_spec.sh PYTHON SEIS WORKDIR: a model given as a file written by
# NumPy or segyio gives bitwise the same seismograms as the same model given
# in the scenario: a constant velocity (.npy float32 C order, float64 Fortran
# order, SEG-Y), a layered one (which also checks that the .npy axes and the
# SEG-Y samples run as x, y, z) and a TTI epsilon.
set -eu
python=$1 seis=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
"$python" - "$work" <<'PY'
import sys
import numpy as np
out = sys.argv[1]
n, h = 40, 10.0
np.save(f"{out}/const.npy", np.full((n, n, n), 2000.0, dtype=np.float32))
np.save(f"{out}/const64.npy", np.asfortranarray(np.full((n, n, n), 2000.0)))
z = np.arange(n) * h
layered = np.where(z >= 200.0, 2400.0, 1800.0).astype(np.float32)
np.save(f"{out}/layered.npy", np.broadcast_to(layered, (n, n, n)).copy())
np.save(f"{out}/eps.npy", np.full((n, n, n), 0.25, dtype=np.float32))
import segyio
spec = segyio.spec()
spec.format = 5
spec.samples = list(range(n))
spec.ilines = list(range(1, n + 1))
spec.xlines = list(range(1, n + 1))
spec.sorting = 2
with segyio.create(f"{out}/layered.sgy", spec) as f:
    for t in range(n * n):
        f.header[t] = {segyio.TraceField.INLINE_3D: t // n + 1, segyio.TraceField.CROSSLINE_3D: t % n + 1}
        f.trace[t] = layered
PY
scenario() {  # name, velocity spec[, physics and TTI model lines]
  cat > "$work/$1.toml" <<TOML
physics = "${3:-iso}"
[grid]
nx = 40
ny = 40
nz = 40
spacing = 10.0
[time]
steps = 60
[model]
${4:-velocity} = $2
${5:-}
[source]
position = [200.0, 200.0, 150.0]
frequency = 15.0
[receivers]
points = [[260.0, 200.0, 150.0], [200.0, 200.0, 300.0]]
[boundary]
pml = 8
[run]
strategy = "gmem_3d"
TOML
  "$seis" run "$work/$1.toml" --output "$work/$1" --quiet --no-stream
}
scenario number 2000.0
scenario npy '{ type = "npy", path = "const.npy" }'
scenario npy64 '{ type = "npy", path = "const64.npy" }'
scenario layers '{ type = "layered", tops = [0.0, 200.0], values = [1800.0, 2400.0] }'
scenario npy_layers '{ type = "npy", path = "layered.npy" }'
scenario segy_layers '{ type = "segy", path = "layered.sgy" }'
scenario tti 2000.0 tti vp 'epsilon = 0.25'
scenario tti_npy 2000.0 tti vp 'epsilon = { type = "npy", path = "eps.npy" }'
same() { cmp "$work/$1/seismograms.npy" "$work/$2/seismograms.npy" || { echo "FAIL: $1 and $2 differ"; exit 1; }; }
same number npy
same number npy64
same layers npy_layers
same layers segy_layers
same tti tti_npy
# The layered model is not the constant one (the comparison can fail).
if cmp -s "$work/number/seismograms.npy" "$work/layers/seismograms.npy"; then echo "FAIL: models indistinguishable"; exit 1; fi
grep -q '"source": "npy file' "$work/npy/report.json" || { echo "FAIL: report does not name the model file"; exit 1; }
echo ok
