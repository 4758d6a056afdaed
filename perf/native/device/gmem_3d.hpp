#pragma once
// gmem_3d: 3D blocking from global memory only (policies/gmem_3d.hpp). One
// thread per point; every plane term reads global memory directly. The
// reference every other kernel is checked against.

#include "device/stencil_math.hpp"
#include "device/tiles.hpp"

namespace seis::native::dev {

template <class Op>
LaunchPlan plan_gmem_3d(const Box& box, const Shape& s) {
  return LaunchPlan{TileGrid::make(box, s.dx, s.dy, s.dz), PlaneLayout{}, s.dx, s.dy, s.dz, 0};
}

template <class Op, class Backend>
__global__ void gmem_3d_kernel(const StepArgs<Op> a, const TileGrid tiles) {
  const TileOrigin o = tiles.origin();
  const int x = o.x + int(threadIdx.x), y = o.y + int(threadIdx.y), z = o.z + int(threadIdx.z);
  if (!contains(tiles.box, x, y, z)) return;
  const long long idx = point_index(a.grid, x, y, z);
  const int sz = int(a.grid.stride_z);  // one plane: well within int
  const int sy = int(a.grid.stride_y);
  const auto coeffs = a.op.coeffs(a, idx);
  typename Op::Accum acc{};
  static_for<-R, R + 1>([&](auto dz) {
    PlaneWindow<float, Op::F> window;
    for (int f = 0; f < Op::F; ++f) window.base[f] = a.cur[f] + idx + dz * sz;
    window.row_stride = sy;
    acc += a.op.plane_term(dz, window, coeffs);
  });
  a.op.template update<false, Backend>(a, idx, acc, load_centre(a, idx));
}

}  // namespace seis::native::dev
