#!/usr/bin/env bash
# npy_equals_spec.sh PYTHON SEIS WORKDIR: a velocity model given as a .npy
# file written by NumPy gives bitwise the same seismograms as the same model
# given in the scenario: a constant (float32 C order and float64 Fortran
# order) and a layered model (which also checks that the .npy axes are x, y, z).
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
PY
scenario() {  # name, velocity spec
  cat > "$work/$1.toml" <<TOML
[grid]
nx = 40
ny = 40
nz = 40
spacing = 10.0
[time]
steps = 60
[model]
velocity = $2
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
same() { cmp "$work/$1/seismograms.npy" "$work/$2/seismograms.npy" || { echo "FAIL: $1 and $2 differ"; exit 1; }; }
same number npy
same number npy64
same layers npy_layers
# The layered model is not the constant one (the comparison can fail).
if cmp -s "$work/number/seismograms.npy" "$work/layers/seismograms.npy"; then echo "FAIL: models indistinguishable"; exit 1; fi
grep -q '"source": "npy file' "$work/npy/report.json" || { echo "FAIL: report does not name the model file"; exit 1; }
echo ok
