#pragma once
// 2.5D streaming semi-stencil (policies/semi_stencil.hpp; semi-stencil seed
// §III). Each point's sum is split by z-offset into a forward half (dz < 0),
// computed as soon as plane z-1 is staged and kept in a register queue, and a
// backward half (dz >= 0), added R planes later. A ring of R+Fold planes is
// staged in shared memory.
//
//   Fold      planes per streaming step (2: the seed's 2z thread folding)
//   Prefetch  stage the next step's planes into extra ring slots while this
//             step computes: one barrier per step instead of two (+b)
//   Async     that prefetch goes through the backend's asynchronous copy
//             (CUDA: cp.async, 4 bytes per element as in the Kokkos traits) (+a)

#include "device/stencil_math.hpp"
#include "device/tiles.hpp"

namespace seis::native::dev {

// Planes of the shared ring.
template <int Fold, bool Prefetch>
inline constexpr int semi_ring_planes = R + Fold + (Prefetch ? Fold : 0);

template <class Op, int Fold, bool Prefetch>
LaunchPlan plan_semi_stencil(const Box& box, const Shape& s) {
  return plan_streaming<Op>(box, s, semi_ring_planes<Fold, Prefetch>);
}

// Sum of the plane terms dz in [First, Last] for the point at column (cx, cy),
// plane zp, reading the staged ring.
template <int First, int Last, class Op, class Ring>
SEIS_NATIVE_DEV typename Op::Accum half_sum(const Op& op, const PlaneLayout& L, const Ring& ring, int cx, int cy,
                                            int zp, const typename Op::Coeffs& coeffs) {
  typename Op::Accum sum{};
  static_for<First, Last + 1>([&](auto dz) {
    const PackedPlaneWindow<float, Op::F> window{ring(zp + dz) + L.centre(cx, cy), L.w, L.field_stride};
    sum += op.plane_term(dz, window, coeffs);
  });
  return sum;
}

// Column: each point's index as the column's index plus a plane offset,
// worked out once per tile (what nvcc makes of the Kokkos semi_b_a body's
// data.grid.index(...) per point: it holds the column's 64-bit part); without
// it the twin redid the 64-bit column arithmetic for every coefficient load
// (TTI semi_b_a: 957 -> 934 instructions a plane, Kokkos 944). semi_b_a's
// twin takes it (semi_stencil.cu).
template <class Op, class Backend, int Fold, bool Prefetch, bool Async, bool Column = false>
__global__ void SEIS_NATIVE_LAUNCH_BOUNDS(Op, Prefetch || Fold == 2 ? LaunchBudget::all_fields : LaunchBudget::single_field)
    semi_stencil_kernel(const StepArgs<Op> a, const TileGrid tiles, const PlaneLayout L) {
  static_assert(Fold == 1 || Fold == 2, "fold 1 or 2 planes per step");
  static_assert(Prefetch || !Async, "the asynchronous copy is the prefetch");
  using Accum = typename Op::Accum;
  constexpr int F = Op::F;
  constexpr int P = semi_ring_planes<Fold, Prefetch>;  // shared ring
  constexpr int NA = R + Fold;                            // forward partial sums
  extern __shared__ float scratch[];
  const TileOrigin o = tiles.origin();
  const TileExtent ext(tiles.box, L, o);
  // The column in registers for the whole tile (TilePoints<Exec, true>).
  const int cx = Backend::opaque_value(int(threadIdx.x)), cy = Backend::opaque_value(int(threadIdx.y));
  const PlaneStager<Op, 3> window(a, ext, L, o, false);  // at most 3 cells per thread, else the team loops
  const int zb = o.z, ze = tiles.z_end(zb);
  const int plane_end = ze + R;  // planes [zb-R, ze+R) are read
  const bool owner = ext.owns(cx, cy);
  const long long column = point_index(a.grid, o.x + cx, o.y + cy, 0);
  auto index_at = [&](int z) {
    if constexpr (Column)
      return column + (long long)a.grid.stride_z * z;  // = point_index(a.grid, o.x + cx, o.y + cy, z)
    else
      return point_index(a.grid, o.x + cx, o.y + cy, z);
  };
  float* const ring0 = Backend::opaque_shared(scratch);  // as the Kokkos team's scratch pointer
  auto ring = [&](int p) { return ring0 + ((p - zb + R) % P) * L.plane_stride; };
  auto stage = [&](int p, const auto& copy) {
    if (p < plane_end) window.stage(p, ring(p), copy);
  };
  Accum forward[NA];

  for (int p = zb - R; p < zb + (Prefetch ? Fold : 0); ++p) stage(p, PlainCopy{});
  __syncthreads();

  for (int z = zb - R; z < ze; z += Fold) {
    if constexpr (Prefetch) {
      for (int i = 0; i < Fold; ++i) {
        if constexpr (Async)
          stage(z + R + Fold + i, AsyncCopy<Backend>{});
        else
          stage(z + R + Fold + i, PlainCopy{});
      }
      if constexpr (Async) Backend::async_commit();
    } else {
      for (int i = 0; i < Fold; ++i) stage(z + R + i, PlainCopy{});
      __syncthreads();
    }

    if (owner) {
      static_for<0, Fold>([&](auto i) {
        const int zf = z + R + i;  // forward half of a point R planes ahead
        if (zf >= zb && zf < ze) {
          const auto coeffs = a.op.coeffs(a, index_at(zf));
          forward[R + i] = half_sum<-R, -1>(a.op, L, ring, cx, cy, zf, coeffs);
        }
      });
      static_for<0, Fold>([&](auto i) {
        const int zp = z + i;  // backward half completes this point
        if (zp >= zb && zp < ze) {
          const long long idx = index_at(zp);
          const auto coeffs = a.op.coeffs(a, idx);
          Accum acc = forward[i];
          acc += half_sum<0, R>(a.op, L, ring, cx, cy, zp, coeffs);
          const float* centre = ring(zp) + L.centre(cx, cy);
          Values<F> values;
          for (int f = 0; f < F; ++f) values[f] = centre[f * L.field_stride];
          a.op.template update<false, Backend>(a, idx, acc, values);
        }
      });
      shift_queue<Fold, NA>(forward);
    }

    if constexpr (Async)
      Backend::async_wait();  // own copies complete, then the block barrier
    else
      __syncthreads();
  }
}

}  // namespace seis::native::dev
