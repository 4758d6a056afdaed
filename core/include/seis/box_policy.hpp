#pragma once
// The iteration policy for point-wise kernels over a box of grid points:
// functors take (x, y, z), and x varies fastest. On GPUs the MDRange's first
// index is threadIdx.x, so a warp reads consecutive addresses of a row; on
// CPUs the first index is the innermost loop (Iterate::Left).

#include "seis/grid.hpp"

#include <Kokkos_Core.hpp>

namespace seis {

template <class Exec>
using BoxPolicy = Kokkos::MDRangePolicy<Exec, Kokkos::Rank<3, Kokkos::Iterate::Left, Kokkos::Iterate::Left>>;

// Tiles of 32 x 4 x 2 points: one warp per row segment, 256 threads a block.
template <class Exec>
BoxPolicy<Exec> box_points(const Box& b) {
  return BoxPolicy<Exec>({b.x0, b.y0, b.z0}, {b.x1, b.y1, b.z1}, {32, 4, 2});
}

}  // namespace seis
