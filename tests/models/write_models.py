#!/usr/bin/env python3
"""Writes model files with NumPy and segyio for the reader round-trip tests.

write_models.py OUTDIR
  OUTDIR/c_f4.npy, f_f8.npy   f(x, y, z) = 1500 + 3x + 5y + 7z on a 5 x 4 x 3 grid
                              (float32 C order; float64 Fortran order)
  OUTDIR/cube_ieee.sgy        the same cube, inline = 10 + x, crossline = 20 + y,
                              IEEE floats, traces in crossline-major order
  OUTDIR/cube_ibm.sgy         the same, IBM floats, inline-major order
  OUTDIR/section.sgy          a 2D section (no line numbers): 5 traces of 3 samples,
                              g(x, z) = 1500 + 3x + 7z
  OUTDIR/big_endian.npy, flat.npy, holey.sgy
                              unreadable as models: '>f4', 2 axes, a cube missing a trace
  OUTDIR/distinct.bin, distinct_c_f4.npy, distinct_f_f8.npy, distinct_ieee.sgy, distinct_ibm.sgy
                              a 9 x 7 x 6 cube of distinct random values (raw float32
                              x fastest; .npy; SEG-Y with the traces in random order),
                              for reading boxes of each layout
"""
import sys

import numpy as np
import segyio

out = sys.argv[1]
nx, ny, nz = 5, 4, 3
x, y, z = np.meshgrid(np.arange(nx), np.arange(ny), np.arange(nz), indexing="ij")
f = 1500.0 + 3 * x + 5 * y + 7 * z
np.save(f"{out}/c_f4.npy", np.ascontiguousarray(f, dtype=np.float32))
np.save(f"{out}/f_f8.npy", np.asfortranarray(f, dtype=np.float64))


def write_cube(path, fmt, order):
    spec = segyio.spec()
    spec.format = fmt
    spec.samples = list(range(nz))
    spec.ilines = list(range(10, 10 + nx))
    spec.xlines = list(range(20, 20 + ny))
    spec.sorting = 2 if order == "inline" else 1
    spec.tracecount = nx * ny
    with segyio.create(path, spec) as s:
        pairs = [(i, j) for i in range(nx) for j in range(ny)] if order == "inline" else \
                [(i, j) for j in range(ny) for i in range(nx)]
        for t, (i, j) in enumerate(pairs):
            s.header[t] = {segyio.TraceField.INLINE_3D: 10 + i, segyio.TraceField.CROSSLINE_3D: 20 + j}
            s.trace[t] = f[i, j, :].astype(np.float32)


write_cube(f"{out}/cube_ieee.sgy", 5, "crossline")
write_cube(f"{out}/cube_ibm.sgy", 1, "inline")

spec = segyio.spec()
spec.format = 5
spec.samples = list(range(nz))
spec.tracecount = nx
with segyio.create(f"{out}/section.sgy", spec) as s:
    for i in range(nx):
        s.trace[i] = (1500.0 + 3 * i + 7 * np.arange(nz)).astype(np.float32)

np.save(f"{out}/big_endian.npy", f.astype(">f4"))
np.save(f"{out}/flat.npy", f[:, :, 0].astype(np.float32))
spec = segyio.spec()
spec.format = 5
spec.samples = list(range(nz))
spec.tracecount = nx * ny - 1
with segyio.create(f"{out}/holey.sgy", spec) as s:
    for t in range(nx * ny - 1):
        s.header[t] = {segyio.TraceField.INLINE_3D: 10 + t // ny, segyio.TraceField.CROSSLINE_3D: 20 + t % ny}
        s.trace[t] = f[t // ny, t % ny, :].astype(np.float32)

# Distinct values, so that a sample read into the wrong place shows.
dx, dy, dz = 9, 7, 6
rng = np.random.default_rng(11)
d = (1500.0 + 1500.0 * rng.permutation(dx * dy * dz) / (dx * dy * dz)).reshape(dx, dy, dz).astype(np.float32)
d.ravel(order="F").tofile(f"{out}/distinct.bin")
np.save(f"{out}/distinct_c_f4.npy", np.ascontiguousarray(d))
np.save(f"{out}/distinct_f_f8.npy", np.asfortranarray(d, dtype=np.float64))
for name, fmt in (("distinct_ieee", 5), ("distinct_ibm", 1)):
    spec = segyio.spec()
    spec.format = fmt
    spec.samples = list(range(dz))
    spec.tracecount = dx * dy
    with segyio.create(f"{out}/{name}.sgy", spec) as s:
        for t, k in enumerate(rng.permutation(dx * dy)):
            i, j = k % dx, k // dx
            s.header[t] = {segyio.TraceField.INLINE_3D: 10 + i, segyio.TraceField.CROSSLINE_3D: 20 + j}
            s.trace[t] = d[i, j, :]
