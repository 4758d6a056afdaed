#pragma once
// smem_3d: 3D blocking with the whole tile and its halo in shared memory
// (policies/smem_3d.hpp). The block stages dz+2R planes of the bounding box
// (corners included, as Kokkos does), one barrier, then every plane term reads
// shared memory.

#include "device/stencil_math.hpp"
#include "device/gmem_3d.hpp"  // TeamSplit
#include "device/tiles.hpp"

namespace seis::native::dev {

template <class Op>
LaunchPlan plan_smem_3d(const Box& box, const Shape& s) {
  const PlaneLayout L = PlaneLayout::make(s.dx, s.dy, Op::H, Op::H, Op::F);
  return LaunchPlan{TileGrid::make(box, s.dx, s.dy, s.dz), L, s.dx, s.dy, s.dz, L.bytes(s.dz + 2 * R)};
}

// One tile: stage its dz+2R planes with `threads`, one barrier, then the
// point (cx, cy, cz) of this thread.
template <class Op, class Backend>
SEIS_NATIVE_DEV void smem_3d_tile(const StepArgs<Op>& a, const TileGrid& tiles, const PlaneLayout& L, TileOrigin o,
                                  const TeamGrid2D& threads, int cx, int cy, int cz, float* scratch) {
  const TileExtent ext(tiles.box, L, o);
  const int nzv = tiles.z_end(o.z) - o.z;
  for (int pz = 0; pz < nzv + 2 * R; ++pz)
    stage_plane(threads, a, ext, L, o, o.z - R + pz, scratch + pz * L.plane_stride, PlainCopy{});
  __syncthreads();

  if (!ext.owns(cx, cy) || cz >= nzv) return;
  const long long idx = point_index(a.grid, o.x + cx, o.y + cy, o.z + cz);
  const float* centre = scratch + (cz + R) * L.plane_stride + L.centre(cx, cy);
  const auto coeffs = a.op.coeffs(a, idx);
  typename Op::Accum acc{};
  static_for<-R, R + 1>([&](auto dz) {
    const PackedPlaneWindow<float, Op::F> window{centre + dz * L.plane_stride, L.w, L.field_stride};
    acc += a.op.plane_term(dz, window, coeffs);
  });
  Values<Op::F> values;
  for (int f = 0; f < Op::F; ++f) values[f] = centre[f * L.field_stride];
  a.op.template update<false, Backend>(a, idx, acc, values);
}

// A tile a block on the 3D grid of tiles, a point a thread of a 3D block.
template <class Op, class Backend>
__global__ void smem_3d_kernel(const StepArgs<Op> a, const TileGrid tiles, const PlaneLayout L) {
  extern __shared__ float scratch[];
  smem_3d_tile<Op, Backend>(a, tiles, L, tiles.origin(), TeamGrid2D(L.dx),  // the grid once per tile, not per plane
                            int(threadIdx.x), int(threadIdx.y), int(threadIdx.z), scratch);
}

// As Kokkos launches the strategy (an A/B, cuda/blocking_3d.cu): a 1D grid of
// tiles and 1D blocks, the tile's origin and the staging grid with the
// divisors the host prepared (TileGrid::origin, TeamGrid2D), the thread's
// point by the plain rank split of the Kokkos body (smem_3d.hpp, TilePoints).
template <class Op, class Backend>
__global__ void smem_3d_team_kernel(const StepArgs<Op> a, const TileGrid tiles, const PlaneLayout L,
                                    const TeamSplit split) {
  extern __shared__ float scratch[];
  const int tile = int(blockIdx.x), rank = int(threadIdx.x);
  const int rest = split.by_ntx.div(tile);
  const int tz = split.by_nty.div(rest);
  const TileOrigin o{tiles.box.x0 + (tile - rest * tiles.ntx) * tiles.dx,
                     tiles.box.y0 + (rest - tz * tiles.nty) * tiles.dy, tiles.box.z0 + tz * tiles.dz};
  const int cx = rank % L.dx, cy = (rank / L.dx) % L.dy, cz = rank / (L.dx * L.dy);  // a block of dx dy dz threads
  smem_3d_tile<Op, Backend>(a, tiles, L, o, TeamGrid2D(L.dx, split.by_dx), cx, cy, cz, scratch);
}

}  // namespace seis::native::dev
