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
// The prologue planes are staged by the team loops (PlaneStager<0>), each
// halo ring through a per-thread plan of at most 2 cells (PlaneStager<2>).
// The ring position advances once per plane (RingIndex) and each column's
// global index is worked out once per tile.
//
// st_reg_shift = <Fixed=false, Prefetch=false>, st_reg_fixed = <true, true>.

#include "device/stencil_math.hpp"
#include "device/tiles.hpp"

namespace seis::native::dev {

// Planes of the shared ring: z-S .. z+S, plus (Prefetch) the plane whose halo
// is in flight and the plane the fastest thread already writes next.
template <class Op, bool Prefetch>
inline constexpr int register_ring_planes = 2 * Op::S + 1 + (Prefetch ? 2 : 0);

template <class Op, bool Prefetch>
LaunchPlan plan_register_streaming(const Box& box, const Shape& s) {
  return plan_streaming<Op>(box, s, register_ring_planes<Op, Prefetch>);
}

template <class Op, class Backend, bool Fixed, bool Prefetch>
__global__ void SEIS_NATIVE_LAUNCH_BOUNDS(Op, LaunchBudget::all_fields)
    register_streaming_kernel(const StepArgs<Op> a, const TileGrid tiles, const PlaneLayout L) {
  using Point = PreloadedPoint<Op, Backend, false>;
  constexpr int F = Op::F;
  constexpr int S = Op::S;                               // planes z-S .. z+S in shared memory
  constexpr int P = register_ring_planes<Op, Prefetch>;  // shared ring
  constexpr int Q = 2 * R + 1;                           // register queue
  extern __shared__ float scratch[];
  const TileOrigin o = tiles.origin();
  const TileExtent ext(tiles.box, L, o);
  const int cx = int(threadIdx.x), cy = int(threadIdx.y);
  const PlaneStager<Op, 0> window(a, ext, L, o, false);  // prologue planes: the team loops
  const PlaneStager<Op, 2> halo(a, ext, L, o, true);     // halo rings: a per-thread plan
  const int zb = o.z;
  const int n = tiles.z_end(zb) - zb;
  const int sz = int(a.grid.stride_z);  // one plane: well within int
  const bool owner = ext.owns(cx, cy);
  RingIndex<P> ring(S);  // slot of the plane being updated
  auto plane = [&](int slot) { return scratch + slot * L.plane_stride; };
  // Prefetch: the plane-ahead loads of a multi-field physics stay under the
  // owner branch, the Kokkos kernel's form: predicated, the TTI twin spilled
  // more (196 vs 168 B of reloads) and ran 23.83 vs 23.01 ms (H200, 900^3);
  // one field predicated, as ptxas compiles the Kokkos iso kernel (branched,
  // the iso twin ran 9.10 vs 7.15 ms; perf/results/h200-2026-11-24/session7/parity4-tti-round1).
  constexpr bool branch_ahead = F > 1;
  Values<F> queue[Q];
  long long column = 0;  // the column's index at plane zb (0: a thread that owns no point)
  Values<F> ahead;   // Prefetch: own value of the plane after the newest
  Point point;       // Prefetch: previous-time and model values of the point
  Point next_point;

  // Prologue: planes zb-R .. zb+R-1 into the queue, zb-S .. zb+S-1 into shared memory.
  if (owner) {
    column = point_index(a.grid, o.x + cx, o.y + cy, zb);
    const long long idx = column - R * sz;
    static_for<0, 2 * R>([&](auto i) {
      for (int f = 0; f < F; ++f) queue[i][f] = a.cur[f][idx + i * sz];
    });
    if constexpr (Prefetch) {
      for (int f = 0; f < F; ++f) ahead[f] = a.cur[f][column + R * sz];
      point.load(a, column);
    }
  }
  static_for<-S, S>([&](auto dz) { window.stage(zb + dz, plane(ring.slot(dz)), PlainCopy{}); });
  if constexpr (Prefetch) {
    if (n > 0) halo.stage(zb + S, plane(ring.slot(int_c<S>{})), AsyncCopy<Backend>{});
    Backend::async_commit();
  }

  auto step = [&](int k, auto rotation) {
    constexpr int U = decltype(rotation)::value;
    const int z = zb + k;
    const long long offset = (long long)k * sz;
    [[maybe_unused]] const bool more = k + 1 < n;  // Prefetch only
    float* entering_plane = plane(ring.slot(int_c<S>{}));
    // The incoming value: one predicated load outside the owner branch (a
    // non-owner's column is 0, never loaded from), the form ptxas gives the
    // Kokkos kernel; branched around, the twin ran 14 % (st_reg_shift) and
    // 17 % (st_reg_fixed) slower, iso, H100 (perf/results/h100-2026-11-24/parity3-r2).
    auto& incoming = queue[queue_slot<Fixed, Q, U, 2 * R>()];
    const long long idx = column + offset;
    if constexpr (Prefetch) {
      if constexpr (!branch_ahead) {
        if (owner) incoming = ahead;
        for (int f = 0; f < F; ++f) ahead[f] = Backend::load_if(owner && more, a.cur[f] + idx + (R + 1) * sz, ahead[f]);
      }
    } else {
      for (int f = 0; f < F; ++f) incoming[f] = Backend::load_if(owner, a.cur[f] + idx + R * sz, incoming[f]);
    }
    if (owner) {
      if constexpr (Prefetch && branch_ahead) {
        incoming = ahead;
        if (more) {
          for (int f = 0; f < F; ++f) ahead[f] = a.cur[f][idx + (R + 1) * sz];
          next_point.load(a, idx + sz);
        }
      } else if constexpr (Prefetch) {
        if (more) next_point.load(a, idx + sz);
      }
      const auto& entering = queue[queue_slot<Fixed, Q, U, R + S>()];
      float* dst = entering_plane + L.centre(cx, cy);
      for (int f = 0; f < F; ++f) dst[f * L.field_stride] = entering[f];
    }
    if constexpr (Prefetch) {
      if (more) halo.stage(z + 1 + S, plane(ring.slot(int_c<S + 1>{})), AsyncCopy<Backend>{});
      Backend::async_commit();  // possibly empty: keeps one group per plane
      Backend::async_wait_all_but_last();
    } else {
      halo.stage(z + S, entering_plane, PlainCopy{});
      __syncthreads();
    }

    if (owner) {
      if constexpr (!Prefetch) point.load(a, column + offset);
      const auto coeffs = a.op.coeffs(point);
      const int centre = L.centre(cx, cy);
      typename Op::Accum acc{};
      static_for<-R, R + 1>([&](auto dz) {
        constexpr int DZ = decltype(dz)::value;
        if constexpr (DZ >= -S && DZ <= S) {
          const PackedPlaneWindow<float, F> window{plane(ring.slot(dz)) + centre, L.w, L.field_stride};
          acc += a.op.plane_term(dz, window, coeffs);
        } else {
          const PointPlane<F> point_plane{queue[queue_slot<Fixed, Q, U, R + DZ>()]};
          acc += a.op.plane_term(dz, point_plane, coeffs);
        }
      });
      a.op.update(acc, queue[queue_slot<Fixed, Q, U, R>()], point);
      if constexpr (Prefetch) point = next_point;
      if constexpr (!Fixed) shift_queue<1, Q>(queue);
    }
    if constexpr (!Prefetch) __syncthreads();
    ring.advance();
  };

  for_each_streamed_plane<Fixed, Q>(n, step);
}

}  // namespace seis::native::dev
