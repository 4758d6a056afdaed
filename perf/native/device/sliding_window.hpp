#pragma once
// sliding_window: the one-pass kernel of the AMD seed (part 3), as
// policies/sliding_window.hpp does it. Each thread owns VEC consecutive x
// points, loaded with vector loads; their x neighbours stay in registers,
// their y neighbours come from one plane in shared memory, their z neighbours
// from a sliding window of registers; results leave with streaming
// (non-temporal) stores, and z is cut into chunks for parallelism.
//
// The in-plane part of a point is computed when its plane is loaded and waits
// in an output queue until the z window is complete. A physics with in-plane
// terms on planes z+-1 .. z+-S (TTI) scatters those from the freshly loaded
// plane too; only planes whose term is a single z-arm value are read from the
// window. Physics with xy cross terms also stage an x halo.

#include "device/stencil_math.hpp"
#include "device/tiles.hpp"

namespace seis::native::dev {

// Vector width: the backend's (CUDA 2 floats, one 8-byte load; HIP 4, one
// 16-byte load; as ExecTraits::vector_width) for single-field physics; 1 for
// TTI, whose two fields would not fit the register budget (as in Kokkos).
template <class Op, int BackendWidth>
inline constexpr int sliding_vec = Op::F == 1 ? BackendWidth : 1;

// The tiles start at box.x0 rounded down to a whole vector, so that every
// vector load is aligned; the points before box.x0 are loaded, not stored.
template <class Op, int BackendWidth>
LaunchPlan plan_sliding_window(const Box& box, const Shape& s) {
  constexpr int VEC = sliding_vec<Op, BackendWidth>;
  const PlaneLayout L = PlaneLayout::make(s.dx * VEC, s.dy, Op::CrossTerms ? Op::H : 0, Op::H, Op::F);
  const int zchunk = s.zchunk > 0 ? s.zchunk : box.z1 - box.z0;
  return LaunchPlan{TileGrid::make(align_box_x(box, VEC), s.dx * VEC, s.dy, zchunk), L, s.dx, s.dy, 1, L.bytes(1)};
}

// Packed: the halo plan packed as the Kokkos body's (PlaneStager<..., true>);
// the launcher picks the faster form per physics (cuda/sliding_window.cu).
template <class Op, class Backend, bool Packed = false>
__global__ void SEIS_NATIVE_LAUNCH_BOUNDS(Op, LaunchBudget::wide)
    sliding_window_kernel(const StepArgs<Op> a, const Box box, const TileGrid tiles, const PlaneLayout L) {
  using Accum = typename Op::Accum;
  constexpr int F = Op::F;
  constexpr int S = Op::S;
  constexpr int VEC = sliding_vec<Op, Backend::vector_width>;
  static_assert(R % VEC == 0, "the x halo must be whole vectors");
  constexpr int XLEN = VEC + 2 * R;  // one row in registers
  constexpr int Q = 2 * R + 1;       // z window
  constexpr int NA = R + S + 1;      // output queue
  using Vec = FloatVec<VEC>;
  extern __shared__ float scratch[];
  const TileOrigin o = tiles.origin();  // tiles cover `box` with x0 aligned down
  const TileExtent ext(tiles.box, L, o);
  const int cx = int(threadIdx.x) * VEC, cy = int(threadIdx.y);
  const PlaneStager<Op, 4, Packed, Backend> halo(a, ext, L, o, true);  // at most 4 cells per thread, else the team loops
  const int zb = o.z, ze = tiles.z_end(zb);
  const bool owner = ext.owns(cx, cy);
  Lanes<Values<F>, VEC> window[Q];  // planes zl-2R .. zl
  Lanes<Accum, VEC> out[NA];         // points zl-R .. zl+S
  float row[F][XLEN];                // plane zl, x-R .. x+VEC+R

  for (int zl = zb - R; zl < ze + R; ++zl) {
    const bool scatter = zl + S >= zb && zl - S < ze;
    const int zdone = zl - R;
    if (owner) {
      const long long idx = point_index(a.grid, o.x + cx, o.y + cy, zl);
      for (int f = 0; f < F; ++f) {
        if (scatter) {
          static_for<0, XLEN / VEC>([&](auto i) {
            const Vec vec = *reinterpret_cast<const Vec*>(a.cur[f] + idx - R + i * VEC);
            static_for<0, VEC>([&](auto v) { row[f][i * VEC + v] = vec.v[v]; });
          });
        } else {
          const Vec vec = *reinterpret_cast<const Vec*>(a.cur[f] + idx);
          static_for<0, VEC>([&](auto v) { row[f][R + v] = vec.v[v]; });
        }
        static_for<0, VEC>([&](auto v) { window[Q - 1][v][f] = row[f][R + v]; });
      }
      if (scatter)
        static_for<0, VEC>([&](auto v) {
          if (cx + v < ext.nxv)
            for (int f = 0; f < F; ++f) scratch[f * L.field_stride + L.centre(cx + v, cy)] = row[f][R + v];
        });
    }
    if (scatter) {
      halo.stage(zl, scratch, PlainCopy{});
      __syncthreads();
    }
    if (owner) {
      if (scatter) {
        static_for<0, VEC>([&](auto v) { out[NA - 1][v] = Accum{}; });
        static_for<-S, S + 1>([&](auto dz) {
          constexpr int J = R - decltype(dz)::value;
          const int target = zl - dz;
          if (target >= zb && target < ze)
            static_for<0, VEC>([&](auto v) {
              const RegisterRowPlane<float, F, XLEN> plane{row, R + v, scratch + L.centre(cx + v, cy), L.w, L.field_stride};
              const auto coeffs = a.op.coeffs(a, point_index(a.grid, o.x + cx + v, o.y + cy, target));
              out[J][v] += a.op.plane_term(dz, plane, coeffs);
            });
        });
      }
      if (zdone >= zb && zdone < ze)
        static_for<0, VEC>([&](auto v) {
          const int x = o.x + cx + v;
          if (x < box.x0 || x >= box.x1) return;
          const long long idx = point_index(a.grid, x, o.y + cy, zdone);
          const auto coeffs = a.op.coeffs(a, idx);
          Accum acc = out[0][v];
          static_for<-R, R + 1>([&](auto dz) {
            constexpr int DZ = decltype(dz)::value;
            if constexpr (DZ < -S || DZ > S) {
              const PointPlane<F> point{window[R + DZ][v]};
              acc += a.op.plane_term(dz, point, coeffs);
            }
          });
          a.op.template update<true, Backend>(a, idx, acc, window[R][v]);
        });
      shift_queue<1, Q>(window);
      shift_queue<1, NA>(out);
    }
    if (scatter) __syncthreads();
  }
}

}  // namespace seis::native::dev
