#pragma once
// gmem_3d's launch forms under A/B (issue 10, parity: TTI gmem_3d runs 4 %
// behind its twin), one switch for the Kokkos strategy and its native twin
// alike, read once from the environment. Plain C++, no Kokkos.
//   SEIS_GMEM_BOUNDS=1  both kernels compiled with launch bounds of
//                       gmem_3d_bounds (where the block fits them), which
//                       made the twin faster in session 12 (TTI 900^3 26.63
//                       against 27.00 ms) with its 40 registers unchanged
//   SEIS_GMEM_BAND=N    tiles taken in bands of N tile rows
//                       (seis/math/tile_order.hpp); unset or 0: row order
//   SEIS_GMEM_LANES=1   (Kokkos only, with neither of the above) the team
//                       launched in lanes of 32, a 32 x n/32 block, where
//                       Kokkos launches 1 x n; the twin's n x 1 block has the
//                       same warps

#include <cstdlib>

namespace seis {

struct Gmem3dForms {
  bool bounded = false;
  int band = 0;  // tile rows a band; 0: row order
  bool lanes = false;
};

inline const Gmem3dForms& gmem_3d_forms() {
  static const Gmem3dForms forms = [] {
    Gmem3dForms f;
    if (const char* e = std::getenv("SEIS_GMEM_BOUNDS")) f.bounded = std::atoi(e) != 0;
    if (const char* e = std::getenv("SEIS_GMEM_BAND")) f.band = std::atoi(e) > 0 ? std::atoi(e) : 0;
    if (const char* e = std::getenv("SEIS_GMEM_LANES")) f.lanes = std::atoi(e) != 0;
    return f;
  }();
  return forms;
}

// The bounds of the bounded form: blocks of at most 512 threads, as many an
// SM as the unbounded kernel reaches (nvcc 13, sm_90: iso 32 registers, 4
// blocks; TTI 40, 3), so that ptxas may not take more registers (iso under
// (512, 3): 40) and schedules for that occupancy.
struct Gmem3dBounds {
  static constexpr int max_threads = 512;
  static constexpr int min_blocks(int num_fields) { return num_fields == 1 ? 4 : 3; }
};

// Whether a block of `threads` threads takes the bounded form.
inline bool gmem_3d_takes_bounds(int threads) {
  return gmem_3d_forms().bounded && threads <= Gmem3dBounds::max_threads;
}

}  // namespace seis
