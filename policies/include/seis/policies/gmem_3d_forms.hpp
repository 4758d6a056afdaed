#pragma once
// gmem_3d's tile order and (A/B) launch bounds, one rule for the Kokkos
// strategy and its native twin alike. Plain C++, no Kokkos.
//
// Tile order: with several fields (TTI) the tiles are taken in bands of
// gmem_3d_band_rows tile rows (seis/math/tile_order.hpp), with one field
// (iso) in row order. H200, Kokkos | twin ms, A B A B (parity11 round 1):
//   TTI 900^3 64x2x2: row 27.89 | 26.79 (ratio 1.042), bands of 64 rows
//     24.70 | 24.50 (1.007), of 16 rows 24.77 | 24.58 (1.008); ncu: DRAM
//     reads 50.6 -> 27.5 GB a step, L2 hits 46 -> 66 %, the Kokkos kernel
//     3.9 % -> 0.6 % behind its twin;
//   TTI 512^3: row 1.021-1.025, bands of 64 rows 1.009 (4.27-4.45 ms against
//     4.80-5.32);
//   iso 1024^3 32x4x4: row 9.40 | 9.36 (1.009), bands of 64 rows 9.06 | 8.60
//     (1.053); iso 512^3: row 1.05 | 1.01, bands 1.13 | 1.07 (slower). With
//     one field a point costs ~180 instructions, the banded split ~24 more
//     and the Kokkos team launch 11 more (its level-1 scratch and league
//     tests): without the DRAM wait of row order the kernel runs near its
//     issue limit, where those show.
// Run-time overrides for the A/B, read once (removed after it):
//   SEIS_GMEM_BAND=N    bands of N tile rows for every physics; 0: row order
//   SEIS_GMEM_BOUNDS=1  both kernels under launch bounds (Gmem3dBounds)

#include <cstdlib>

namespace seis {

constexpr int gmem_3d_band_rows = 64;

struct Gmem3dForms {
  bool bounded = false;
  int band = -1;  // tile rows a band, 0: row order; -1: by the field count
};

inline const Gmem3dForms& gmem_3d_forms() {
  static const Gmem3dForms forms = [] {
    Gmem3dForms f;
    if (const char* e = std::getenv("SEIS_GMEM_BOUNDS")) f.bounded = std::atoi(e) != 0;
    if (const char* e = std::getenv("SEIS_GMEM_BAND")) f.band = std::atoi(e) > 0 ? std::atoi(e) : 0;
    return f;
  }();
  return forms;
}

// Tile rows a band for a physics of num_fields fields; 0: row order.
inline int gmem_3d_band(int num_fields) {
  const int forced = gmem_3d_forms().band;
  if (forced >= 0) return forced;
  return num_fields > 1 ? gmem_3d_band_rows : 0;
}

// The bounds of the bounded form: blocks of at most 512 threads, as many an
// SM as the unbounded kernel reaches (nvcc 13, sm_90: iso 32 registers, 4
// blocks; TTI 40, 3), so that ptxas may not take more registers (iso under
// (512, 3): 40) and schedules for that occupancy. Round 1 (row order): the
// twin 26.52 against 26.79 ms, Kokkos unchanged (27.98 against 27.89; its
// SASS hardly changes under them): ratio 1.057.
struct Gmem3dBounds {
  static constexpr int max_threads = 512;
  static constexpr int min_blocks(int num_fields) { return num_fields == 1 ? 4 : 3; }
};

// Whether a block of `threads` threads takes the bounded form.
inline bool gmem_3d_takes_bounds(int threads) {
  return gmem_3d_forms().bounded && threads <= Gmem3dBounds::max_threads;
}

}  // namespace seis
