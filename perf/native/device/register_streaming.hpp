#pragma once
// st_reg_shift / st_reg_fixed: 2.5D streaming with the z-neighbours of each
// column in a register queue (policies/register_streaming.hpp). Planes whose
// term reaches in-plane neighbours (iso: the centre plane; TTI: z, z+-1,
// z+-2) sit in a shared-memory ring whose tile interior comes from the
// column's own registers and whose halo comes from global memory; all other
// planes are read straight from the queue.
//
//   Fixed     false: queue entries move down after every plane (shifting);
//             true: the z loop is unrolled by the queue length and the
//             entries keep their registers while their roles rotate.
//   Prefetch  false: stage the halo, barrier, compute, barrier.
//             true: the next plane's halo is copied with cp.async (4-byte
//             elements) and the next point's own z+R value and its
//             previous-time and model values are loaded into registers while
//             this plane computes; one (possibly empty) cp.async group is
//             committed per plane, and the ring has two spare planes, so one
//             barrier per plane suffices (__pipeline_wait_prior(1), then
//             __syncthreads).
//
// st_reg_shift = <Fixed=false, Prefetch=false>, st_reg_fixed = <true, true>.

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

// Planes of the shared ring: z-S .. z+S, plus (Prefetch) the plane whose halo
// is in flight and the plane the fastest thread already writes next.
template <class Op, bool Prefetch>
inline constexpr int register_ring_planes = 2 * Op::S + 1 + (Prefetch ? 2 : 0);

template <class Op, bool Prefetch>
LaunchPlan plan_register_streaming(const Box& box, const Shape& s) {
  const PlaneLayout L = PlaneLayout::make(s.dx, s.dy, Op::H, Op::H, Op::F);
  const int zchunk = s.zchunk > 0 ? s.zchunk : box.z1 - box.z0;
  return LaunchPlan{TileGrid::make(box, s.dx, s.dy, zchunk), L, s.dx, s.dy, 1,
                    L.bytes(register_ring_planes<Op, Prefetch>)};
}

template <class Op, class Backend, bool Fixed, bool Prefetch>
__global__ void register_streaming_kernel(const StepArgs<Op> a, const TileGrid tiles, const PlaneLayout L) {
  using Point = PreloadedPoint<Op, Backend, false>;
  constexpr int F = Op::F;
  constexpr int S = Op::S;                                  // planes z-S .. z+S in shared memory
  constexpr int P = register_ring_planes<Op, Prefetch>;  // shared ring
  constexpr int Q = 2 * R + 1;                              // register queue
  extern __shared__ float scratch[];
  const TileOrigin o = tiles.origin();
  const TileExtent ext(tiles.box, L, o);
  const int zb = o.z;
  const int n = tiles.z_end(zb) - zb;
  const long long sz = a.grid.stride_z;
  const int cx = int(threadIdx.x), cy = int(threadIdx.y);
  const bool owner = ext.owns(cx, cy);
  auto ring = [&](int z) { return scratch + ((z - zb + S) % P) * L.plane_stride; };
  auto column = [&](int z) { return point_index(a.grid, o.x + cx, o.y + cy, z); };
  Values<F> queue[Q];
  Values<F> ahead;   // Prefetch: own value of the plane after the newest
  Point point;       // Prefetch: previous-time and model values of the point
  Point next_point;

  // Prologue: planes zb-R .. zb+R-1 into the queue, zb-S .. zb+S-1 into shared memory.
  if (owner) {
    const long long idx = column(zb - R);
    static_for<0, 2 * R>([&](auto i) {
      for (int f = 0; f < F; ++f) queue[i][f] = a.cur[f][idx + i * sz];
    });
    if constexpr (Prefetch) {
      for (int f = 0; f < F; ++f) ahead[f] = a.cur[f][idx + 2 * R * sz];
      point.load(a, idx + R * sz);
    }
  }
  for (int z = zb - S; z < zb + S; ++z) stage_plane(a, ext, L, o, z, ring(z), PlainCopy{});
  if constexpr (Prefetch) {
    if (n > 0) stage_plane_halo(a, ext, L, o, zb + S, ring(zb + S), AsyncCopy<Backend>{});
    Backend::async_commit();
  }

  auto step = [&](int k, auto rotation) {
    constexpr int U = decltype(rotation)::value;
    const int z = zb + k;
    [[maybe_unused]] const bool more = k + 1 < n;  // Prefetch only
    if (owner) {
      auto& incoming = queue[queue_slot<Fixed, Q, U, 2 * R>()];
      if constexpr (Prefetch) {
        incoming = ahead;
        if (more) {
          const long long next = column(z + 1);
          for (int f = 0; f < F; ++f) ahead[f] = a.cur[f][next + R * sz];
          next_point.load(a, next);
        }
      } else {
        const long long idx = column(z + R);
        for (int f = 0; f < F; ++f) incoming[f] = a.cur[f][idx];
      }
      const auto& entering = queue[queue_slot<Fixed, Q, U, R + S>()];
      float* dst = ring(z + S) + L.centre(cx, cy);
      for (int f = 0; f < F; ++f) dst[f * L.field_stride] = entering[f];
    }
    if constexpr (Prefetch) {
      if (more) stage_plane_halo(a, ext, L, o, z + 1 + S, ring(z + 1 + S), AsyncCopy<Backend>{});
      Backend::async_commit();  // possibly empty: keeps one group per plane
      Backend::async_wait_all_but_last();
    } else {
      stage_plane_halo(a, ext, L, o, z + S, ring(z + S), PlainCopy{});
      __syncthreads();
    }

    if (owner) {
      if constexpr (!Prefetch) point.load(a, column(z));
      const auto coeffs = a.op.coeffs(point);
      typename Op::Accum acc{};
      static_for<-R, R + 1>([&](auto dz) {
        constexpr int DZ = decltype(dz)::value;
        if constexpr (DZ >= -S && DZ <= S) {
          const SharedPlane<F> window{ring(z + dz) + L.centre(cx, cy), L.w, L.field_stride};
          acc += a.op.plane_term(dz, window, coeffs);
        } else {
          const PointPlane<F> plane{queue[queue_slot<Fixed, Q, U, R + DZ>()]};
          acc += a.op.plane_term(dz, plane, coeffs);
        }
      });
      a.op.update(acc, queue[queue_slot<Fixed, Q, U, R>()], point);
      if constexpr (Prefetch) point = next_point;
      if constexpr (!Fixed) shift_queue<1, Q>(queue);
    }
    if constexpr (!Prefetch) __syncthreads();
  };

  if constexpr (Fixed) {
    for (int k0 = 0; k0 < n; k0 += Q)
      static_for<0, Q>([&](auto u) {
        if (k0 + u < n) step(k0 + u, u);
      });
  } else {
    for (int k = 0; k < n; ++k) step(k, int_c<0>{});
  }
}

}  // namespace seis::native::dev
