#pragma once
// The order in which gmem_3d takes its tiles, one rule for the Kokkos
// strategy and its native twin. Plain C++, no Kokkos.
//
// With several fields (TTI) the tiles are taken in bands of
// gmem_3d_band_rows tile rows (seis/math/tile_order.hpp), with one field
// (iso) in row order. In row order the tiles in flight are a few rows of one
// z-layer, and the planes that layer reads must stay in L2 until the next
// layer reads them again: at TTI 900^3 (64x2x2) the two fields' 10 planes
// alone are 65 MB, more than L2 holds. H200, Kokkos | twin ms, A B A B
// (parity11, session 14):
//   TTI 900^3 64x2x2: row 27.89-28.00 | 26.79-26.95 (ratio 1.038-1.042),
//     bands of 64 tile rows 24.66-24.83 | 24.50-24.59 (1.007-1.010), of 16
//     rows 24.77 | 24.58 (1.008); ncu: DRAM reads 50.6 -> 27.5 GB a step,
//     L2 hits 46 -> 66 %, the Kokkos kernel 3.9 % -> 0.6 % behind its twin.
//     TTI 512^3: row 1.021-1.025, bands 1.009-1.010.
//   iso 1024^3 32x4x4: row 9.40 | 9.36 (1.009), bands 9.06 | 8.60 (1.053);
//     iso 512^3: row 1.05 | 1.01, bands 1.13 | 1.07. An iso point costs a
//     thread ~180 instructions, the banded split ~24 more and the Kokkos
//     team launch 11 more (its level-1 scratch and league tests); out of row
//     order's DRAM wait the kernel runs near its issue limit, where they show.
// Measured and removed: launch bounds (512, 3) on both sides (row order: the
// twin 26.52 ms, Kokkos unchanged 27.98, its SASS hardly changes under them;
// bands: the twin 24.63-24.78, Kokkos unchanged); the Kokkos team in lanes
// of 32 (a 32 x 8 block), 1.047; the twin in Kokkos' 1 x 256 block with
// Kokkos' dynamic shared memory, as fast as before (26.87): the launch
// configuration was not the cause.

namespace seis {

constexpr int gmem_3d_band_rows = 64;

// Tile rows a band for a physics of num_fields fields; 0: row order.
constexpr int gmem_3d_band(int num_fields) { return num_fields > 1 ? gmem_3d_band_rows : 0; }

}  // namespace seis
