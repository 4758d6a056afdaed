#pragma once
// swic: scatter with an output register queue (policies/swic.hpp; SWiC seed
// §IV). One plane is staged in shared memory at a time; each thread scatters
// that plane's terms into the 2R+1 partial sums of the points z-R..z+R of its
// column and writes the oldest one out once its last plane has arrived. Two
// barriers per plane.

#include "device/stencil_math.hpp"
#include "device/tiles.hpp"

namespace seis::native::dev {

template <class Op>
LaunchPlan plan_swic(const Box& box, const Shape& s) {
  return plan_streaming<Op>(box, s, 1);
}

template <class Op, class Backend>
__global__ void SEIS_NATIVE_LAUNCH_BOUNDS(Op, LaunchBudget::single_field)
    swic_kernel(const StepArgs<Op> a, const TileGrid tiles, const PlaneLayout L) {
  using Accum = typename Op::Accum;
  using Coeffs = typename Op::Coeffs;
  constexpr int F = Op::F;
  constexpr int Q = 2 * R + 1;
  extern __shared__ float scratch[];
  const TileOrigin o = tiles.origin();
  const TileExtent ext(tiles.box, L, o);
  // The column in registers for the whole tile (TilePoints<Exec, true>).
  const int cx = Backend::opaque_value(int(threadIdx.x)), cy = Backend::opaque_value(int(threadIdx.y));
  const PlaneStager<Op, 3> window(a, ext, L, o, false);  // at most 3 cells per thread, else the team loops
  const int zb = o.z, ze = tiles.z_end(zb);
  const bool owner = ext.owns(cx, cy);
  // Entry j of the queues belongs to the point zp - R + j.
  Accum acc[Q];
  Coeffs coeffs[Q];
  Values<F> centre[R + 1];

  for (int zp = zb - R; zp < ze + R; ++zp) {
    window.stage(zp, scratch, PlainCopy{});
    __syncthreads();
    if (owner) {
      const float* here = scratch + L.centre(cx, cy);
      const int newest = zp + R;
      acc[Q - 1] = Accum{};
      if (newest >= zb && newest < ze)
        coeffs[Q - 1] = a.op.coeffs(a, point_index(a.grid, o.x + cx, o.y + cy, newest));
      for (int f = 0; f < F; ++f) centre[R][f] = here[f * L.field_stride];
      const PackedPlaneWindow<float, F> window{here, L.w, L.field_stride};
      static_for<-R, R + 1>([&](auto dz) {
        constexpr int J = R - decltype(dz)::value;  // this plane is offset dz from point zp - dz
        const int target = zp - dz;
        if (target >= zb && target < ze) acc[J] += a.op.plane_term(dz, window, coeffs[J]);
      });
      const int done = zp - R;
      if (done >= zb)
        a.op.template update<false, Backend>(a, point_index(a.grid, o.x + cx, o.y + cy, done), acc[0], centre[0]);
      shift_queue<1, Q>(acc);
      shift_queue<1, Q>(coeffs);
      shift_queue<1, R + 1>(centre);
    }
    __syncthreads();
  }
}

}  // namespace seis::native::dev
