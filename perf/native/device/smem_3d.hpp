#pragma once
// smem_3d: 3D blocking with the whole tile and its halo in shared memory
// (policies/smem_3d.hpp). The block stages dz+2R planes of the bounding box
// (corners included, as Kokkos does), one barrier, then every plane term reads
// shared memory.

#include "device/stencil_math.hpp"
#include "device/tiles.hpp"

namespace seis::native::dev {

template <class Op>
LaunchPlan plan_smem_3d(const Box& box, const Shape& s) {
  const PlaneLayout L = PlaneLayout::make(s.dx, s.dy, Op::H, Op::H, Op::F);
  return LaunchPlan{TileGrid::make(box, s.dx, s.dy, s.dz), L, s.dx, s.dy, s.dz, L.bytes(s.dz + 2 * R)};
}

template <class Op, class Backend>
__global__ void smem_3d_kernel(const StepArgs<Op> a, const TileGrid tiles, const PlaneLayout L) {
  extern __shared__ float scratch[];
  const TileOrigin o = tiles.origin();
  const TileExtent ext(tiles.box, L, o);
  const int nzv = tiles.z_end(o.z) - o.z;
  const TeamGrid2D threads(L.dx);  // once per tile, not per plane
  for (int pz = 0; pz < nzv + 2 * R; ++pz)
    stage_plane(threads, a, ext, L, o, o.z - R + pz, scratch + pz * L.plane_stride, PlainCopy{});
  __syncthreads();

  const int cx = int(threadIdx.x), cy = int(threadIdx.y), cz = int(threadIdx.z);
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

}  // namespace seis::native::dev
