#pragma once
// gmem_3d: 3D blocking from global memory only (policies/gmem_3d.hpp). One
// thread per point; every plane term reads global memory directly. The
// reference every other kernel is checked against.

#include "device/stencil_math.hpp"
#include "device/tiles.hpp"
#include "seis/math/fast_divisor.hpp"

namespace seis::native::dev {

template <class Op>
LaunchPlan plan_gmem_3d(const Box& box, const Shape& s) {
  return LaunchPlan{TileGrid::make(box, s.dx, s.dy, s.dz), PlaneLayout{}, s.dx, s.dy, s.dz, 0};
}

// A point's update. Fresh: each plane one 32-bit offset from the point's
// address, sz fresh (Backend::fresh_value), as the Kokkos body has it (nvcc
// 13, sm_90, 3D grid: iso 149 -> 140 instructions, 32 registers; TTI 754 ->
// 657 and 56 -> 40 registers). Fresh = false: the plain addresses, an A/B
// (cuda/blocking_3d.cu).
template <class Op, class Backend, bool Fresh>
SEIS_NATIVE_DEV void gmem_3d_point(const StepArgs<Op>& a, int x, int y, int z) {
  const long long idx = point_index(a.grid, x, y, z);
  const int sz = int(a.grid.stride_z);  // one plane: well within int
  const int sy = int(a.grid.stride_y);
  const auto coeffs = a.op.coeffs(a, idx);
  typename Op::Accum acc{};
  const float* at[Op::F];  // Fresh: the point's address, each plane one 32-bit offset from it
  for (int f = 0; f < Op::F; ++f) at[f] = a.cur[f] + idx;
  const int psz = Backend::fresh_value(sz);
  static_for<-R, R + 1>([&](auto dz) {
    PlaneWindow<float, Op::F> window;
    for (int f = 0; f < Op::F; ++f) window.base[f] = Fresh ? at[f] + dz * psz : a.cur[f] + idx + dz * sz;
    window.row_stride = sy;
    acc += a.op.plane_term(dz, window, coeffs);
  });
  a.op.template update<false, Backend>(a, idx, acc, load_centre(a, idx));
}

// A tile a block, on the 3D grid of tiles, a point a thread of a 3D block:
// no split of a rank, which the Kokkos team launch cannot avoid (an A/B).
template <class Op, class Backend, bool Fresh = true>
__global__ void gmem_3d_kernel(const StepArgs<Op> a, const TileGrid tiles) {
  const TileOrigin o = tiles.origin();
  const int x = o.x + int(threadIdx.x), y = o.y + int(threadIdx.y), z = o.z + int(threadIdx.z);
  if (!contains(tiles.box, x, y, z)) return;
  gmem_3d_point<Op, Backend, Fresh>(a, x, y, z);
}

// The Kokkos launch's split of the tiles and of a tile's points, prepared on
// the host (policies/tile_grid.hpp, team_loops.hpp TilePoints).
struct TeamSplit {
  FastDivisor by_ntx, by_nty, by_dx, by_dxdy;
  static TeamSplit make(const TileGrid& t) {
    return {FastDivisor(t.ntx > 0 ? t.ntx : 1), FastDivisor(t.nty > 0 ? t.nty : 1), FastDivisor(t.dx),
            FastDivisor(t.dx * t.dy)};
  }
};

// As Kokkos launches the strategy, the default: a 1D grid of tiles (x
// fastest) and 1D blocks, the tile's origin split from the block index and
// the point from the thread index with the divisors the host prepared, as
// TileGrid::origin and TilePoints do in the Kokkos team (nvcc 13, sm_90,
// instructions on a thread's path: iso 172 Fresh, 181 plain; the Kokkos
// kernel 184 and 181).
template <class Op, class Backend, bool Fresh>
__global__ void gmem_3d_team_kernel(const StepArgs<Op> a, const TileGrid tiles, const TeamSplit split) {
  const int tile = int(blockIdx.x), rank = int(threadIdx.x);
  const int rest = split.by_ntx.div(tile);
  const int tz = split.by_nty.div(rest);
  const int ox = tiles.box.x0 + (tile - rest * tiles.ntx) * tiles.dx;
  const int oy = tiles.box.y0 + (rest - tz * tiles.nty) * tiles.dy;
  const int oz = tiles.box.z0 + tz * tiles.dz;
  if (rank >= tiles.dx * tiles.dy * tiles.dz) return;
  const int row = split.by_dx.div(rank);
  const int cz = split.by_dxdy.div(rank);
  const int x = ox + rank - row * tiles.dx, y = oy + row - cz * tiles.dy, z = oz + cz;
  if (!contains(tiles.box, x, y, z)) return;
  gmem_3d_point<Op, Backend, Fresh>(a, x, y, z);
}

}  // namespace seis::native::dev
