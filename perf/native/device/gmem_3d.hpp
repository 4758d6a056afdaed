#pragma once
// gmem_3d: 3D blocking from global memory only (policies/gmem_3d.hpp). One
// thread per point; every plane term reads global memory directly. The
// reference every other kernel is checked against.

#include "device/stencil_math.hpp"
#include "device/tiles.hpp"
#include "seis/math/fast_divisor.hpp"
#include "seis/math/tile_order.hpp"
#include "seis/policies/gmem_3d_order.hpp"  // plain C++, no Kokkos

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
// the host (policies/tile_grid.hpp, team_loops.hpp TilePoints): tile number
// `tile` in row order (x fastest), as TileGrid::origin takes a league rank.
struct TeamSplit {
  FastDivisor by_ntx, by_nty, by_dx, by_dxdy;
  static TeamSplit make(const TileGrid& t) {
    return {FastDivisor(t.ntx > 0 ? t.ntx : 1), FastDivisor(t.nty > 0 ? t.nty : 1), FastDivisor(t.dx),
            FastDivisor(t.dx * t.dy)};
  }
  SEIS_NATIVE_DEV TileOrigin origin(const TileGrid& tiles, int tile) const {
    const int rest = by_ntx.div(tile);
    const int tz = by_nty.div(rest);
    return {tiles.box.x0 + (tile - rest * tiles.ntx) * tiles.dx, tiles.box.y0 + (rest - tz * tiles.nty) * tiles.dy,
            tiles.box.z0 + tz * tiles.dz};
  }
};

// The same with the tiles in banded order (seis/math/tile_order.hpp), as
// the Kokkos BandedTileGrid takes them (gmem_3d_order.hpp: which physics).
struct BandedTeamSplit {
  FastDivisor by_dx, by_dxdy;
  BandedTileOrder order;
  static BandedTeamSplit make(const TileGrid& t, int band) {
    return {FastDivisor(t.dx), FastDivisor(t.dx * t.dy),
            BandedTileOrder(t.ntx > 0 ? t.ntx : 1, t.nty > 0 ? t.nty : 1, t.ntz > 0 ? t.ntz : 1, band)};
  }
  SEIS_NATIVE_DEV TileOrigin origin(const TileGrid& tiles, int tile) const {
    const TileIndex i = order.tile(tile);
    return {tiles.box.x0 + i.tx * tiles.dx, tiles.box.y0 + i.ty * tiles.dy, tiles.box.z0 + i.tz * tiles.dz};
  }
};

// As Kokkos launches the strategy, the default: a 1D grid of tiles and 1D
// blocks, the tile's origin split from the block index (Split: row or
// banded order) and the point from the thread index with the divisors the
// host prepared, as the Kokkos team does (nvcc 13, sm_90, instructions on a
// thread's path, row order: iso 172 Fresh, 181 plain; the Kokkos kernel 192
// plain, its team launch adding 11).
template <class Op, class Backend, bool Fresh, class Split = TeamSplit>
__global__ void gmem_3d_team_kernel(const StepArgs<Op> a, const TileGrid tiles, const Split split) {
  const int rank = int(threadIdx.x);
  const TileOrigin o = split.origin(tiles, int(blockIdx.x));
  if (rank >= tiles.dx * tiles.dy * tiles.dz) return;
  const int row = split.by_dx.div(rank);
  const int cz = split.by_dxdy.div(rank);
  const int x = o.x + rank - row * tiles.dx, y = o.y + row - cz * tiles.dy, z = o.z + cz;
  if (!contains(tiles.box, x, y, z)) return;
  gmem_3d_point<Op, Backend, Fresh>(a, x, y, z);
}

}  // namespace seis::native::dev
