#pragma once
// st_reg_fixed / st_reg_shift: 2.5D streaming with the z-neighbours of each
// column in a register queue (policies/register_streaming.hpp). Planes whose
// term reaches in-plane neighbours (iso: the centre plane; TTI: z, z+-1,
// z+-2) sit in a shared-memory ring whose tile interior comes from the
// column's own registers and whose halo comes from global memory; all other
// planes are read straight from the queue. Two barriers per plane.
//
// Fixed: the z loop is unrolled by the queue length and the entries keep
//        their registers while their roles rotate (no moves).
// Shift: queue entries move down after every plane.

#include "device/stencil_math.hpp"
#include "device/tiles.hpp"

namespace seis::native::dev {

// Entry of a queue of length N holding the value `Offset` planes after the
// queue's base plane at rotation step U (always 0 for shifting queues).
template <bool Rotating, int N, int U, int Offset>
SEIS_NATIVE_DEV constexpr int queue_slot() {
  static_assert(Offset >= 0 && Offset < N, "offset outside the queue");
  return Rotating ? (U + Offset) % N : Offset;
}

template <class Op>
LaunchPlan plan_register_streaming(const Box& box, const Shape& s) {
  constexpr int P = 2 * Op::S + 1;
  const PlaneLayout L = PlaneLayout::make(s.dx, s.dy, Op::H, Op::H, Op::F);
  const int zchunk = s.zchunk > 0 ? s.zchunk : box.z1 - box.z0;
  return LaunchPlan{TileGrid::make(box, s.dx, s.dy, zchunk), L, s.dx, s.dy, 1, L.bytes(P)};
}

template <class Op, class Backend, bool Fixed>
__global__ void register_streaming_kernel(const StepArgs<Op> a, const TileGrid tiles, const PlaneLayout L) {
  constexpr int F = Op::F;
  constexpr int S = Op::S;          // planes z-S .. z+S in shared memory
  constexpr int P = 2 * S + 1;      // shared ring
  constexpr int Q = 2 * R + 1;      // register queue
  extern __shared__ float scratch[];
  const TileOrigin o = tiles.origin();
  const TileExtent ext(tiles.box, L, o);
  const int zb = o.z;
  const int n = tiles.z_end(zb) - zb;
  const long long sz = a.grid.stride_z;
  const int cx = int(threadIdx.x), cy = int(threadIdx.y);
  const bool owner = ext.owns(cx, cy);
  auto ring = [&](int z) { return scratch + ((z - zb + S) % P) * L.plane_stride; };
  Values<F> queue[Q];

  // Prologue: planes zb-R .. zb+R-1 into the queue, zb-S .. zb+S-1 into shared memory.
  if (owner) {
    const long long idx = point_index(a.grid, o.x + cx, o.y + cy, zb - R);
    static_for<0, 2 * R>([&](auto i) {
      for (int f = 0; f < F; ++f) queue[i][f] = a.cur[f][idx + i * sz];
    });
  }
  for (int z = zb - S; z < zb + S; ++z) stage_plane(a, ext, L, o, z, ring(z), PlainCopy{});

  auto step = [&](int k, auto rotation) {
    constexpr int U = decltype(rotation)::value;
    const int z = zb + k;
    if (owner) {
      const long long idx = point_index(a.grid, o.x + cx, o.y + cy, z + R);
      auto& incoming = queue[queue_slot<Fixed, Q, U, 2 * R>()];
      for (int f = 0; f < F; ++f) incoming[f] = a.cur[f][idx];
      const auto& entering = queue[queue_slot<Fixed, Q, U, R + S>()];
      float* dst = ring(z + S) + L.centre(cx, cy);
      for (int f = 0; f < F; ++f) dst[f * L.field_stride] = entering[f];
    }
    stage_plane_halo(a, ext, L, o, z + S, ring(z + S), PlainCopy{});
    __syncthreads();

    if (owner) {
      const long long idx = point_index(a.grid, o.x + cx, o.y + cy, z);
      const auto coeffs = a.op.coeffs(a, idx);
      typename Op::Accum acc{};
      static_for<-R, R + 1>([&](auto dz) {
        constexpr int DZ = decltype(dz)::value;
        if constexpr (DZ >= -S && DZ <= S) {
          const SharedPlane<F> window{ring(z + dz) + L.centre(cx, cy), L.w, L.field_stride};
          acc += a.op.plane_term(dz, window, coeffs);
        } else {
          const PointPlane<F> point{queue[queue_slot<Fixed, Q, U, R + DZ>()]};
          acc += a.op.plane_term(dz, point, coeffs);
        }
      });
      a.op.template update<false, Backend>(a, idx, acc, queue[queue_slot<Fixed, Q, U, R>()]);
    }
    __syncthreads();
  };

  if constexpr (Fixed) {
    for (int k0 = 0; k0 < n; k0 += Q)
      static_for<0, Q>([&](auto u) {
        if (k0 + u < n) step(k0 + u, u);
      });
  } else {
    for (int k = 0; k < n; ++k) {
      step(k, int_c<0>{});
      shift_queue<1, Q>(queue);
    }
  }
}

}  // namespace seis::native::dev
