#pragma once
// The iteration policy for point-wise kernels over a box of grid points:
// functors take (x, y, z), and x varies fastest. On GPUs the MDRange's first
// index is threadIdx.x, so a warp reads consecutive addresses of a row; on
// CPUs the first index is the innermost loop (Iterate::Left).

#include "seis/compat/kokkos_compat.hpp"
#include "seis/grid.hpp"

#include <Kokkos_Core.hpp>

#include <array>

namespace seis {

template <class Exec>
using BoxPolicy =
    Kokkos::MDRangePolicy<Exec, Kokkos::Rank<3, Kokkos::Iterate::Left, Kokkos::Iterate::Left>, LightWeightLaunch>;

// Tiles of 32 x 4 x 2 points: one warp per row segment, 256 threads a block.
template <class Exec>
BoxPolicy<Exec> box_points(const Box& b) {
  return BoxPolicy<Exec>({b.x0, b.y0, b.z0}, {b.x1, b.y1, b.z1}, {32, 4, 2});
}

// Tiles of at most `threads` threads and a warp wide in x: a box narrower
// than 32 points (the x-slabs of a thin CPML) fills each warp with its next
// rows instead of leaving lanes idle; deeper in z where the box is thin in y.
inline std::array<int, 3> warp_tile(const Box& b, int threads = 256) {
  const int tx = b.nx() < 32 ? (b.nx() > 0 ? b.nx() : 1) : 32;
  const int rows = threads / tx;
  const int ty = b.ny() < rows ? (b.ny() > 0 ? b.ny() : 1) : rows;
  const int tz = threads / (tx * ty);
  return {tx, ty, b.nz() < tz ? (b.nz() > 0 ? b.nz() : 1) : tz};
}

// f(x, y, z) over a box that may reach into the halo (negative coordinates,
// which the default, unsigned MDRange bounds of Kokkos 3.4 refuse): the
// range starts at 0 and the functor is shifted.
template <class F>
struct ShiftedBy {
  F f;
  int x0, y0, z0;
  KOKKOS_INLINE_FUNCTION void operator()(int x, int y, int z) const { f(x + x0, y + y0, z + z0); }
};

template <class Exec, class F>
void for_each_point(const char* label, const Exec& exec, const Box& b, const F& f) {
  Kokkos::parallel_for(label, BoxPolicy<Exec>(exec, {0, 0, 0}, {b.nx(), b.ny(), b.nz()}, {32, 4, 2}),
                       ShiftedBy<F>{f, b.x0, b.y0, b.z0});
}

}  // namespace seis
