#pragma once
// The per-point arithmetic of every native kernel: the physics' plane terms
// ("plane terms", docs/design.md) of seis/math/iso_stencil.hpp and
// tti_stencil.hpp, the very code the Kokkos physics runs, so native and
// Kokkos results agree bit for bit. This header only gives them the native
// kernels' short names and the memory side of one point.
//
// A plane accessor `plane(f, di, dj)` returns field f at in-plane offset
// (di, dj) of the updated point (seis/math/plane_access.hpp); the kernels
// pass global memory, shared memory or registers, the physics does not know
// which.
//
// An Op provides, beside the stencil's own coeffs(mem), plane_term<DZ>(plane,
// coeffs) and update(acc, centre, mem):
//   F, M            fields and model arrays
//   H               largest in-plane reach (the staged tile halo)
//   S               deepest |dz| whose plane term reads off the point
//   CrossTerms      in-plane terms read (di, dj) with both != 0
//   Accum, Coeffs   partial sum type; per-point coefficients (TTI tilt)
// where mem.prev(f), mem.model(m), mem.store(f, v) address the updated point
// (PointMemory: straight from global memory; PreloadedPoint: from registers
// loaded ahead of time). The shorthands coeffs(a, idx) and
// update<Streaming, Backend>(a, idx, acc, centre) go through a PointMemory, as
// point_coeffs/finish_point in policies/.../point_memory.hpp do.

#include "device/common.hpp"
#include "seis/math/iso_stencil.hpp"
#include "seis/math/plane_access.hpp"
#include "seis/math/point_memory.hpp"
#include "seis/math/tti_stencil.hpp"

namespace seis::native::dev {

// The plane accessors in the native kernels' single precision.
template <int F>
using PointPlane = seis::PointPlane<float, F>;

// ---- point memory (seis/math/point_memory.hpp) ---------------------------

// The memory side of one updated point: previous time level, model, and the
// store of the new value (plain, or streaming through the Backend); straight
// from global memory, or loaded one plane ahead into registers.
template <class Op, class Backend, bool Streaming>
using PointMemory = PointMemoryOf<Op, StepArgs<Op>, long long, Backend, Streaming>;
template <class Op, class Backend, bool Streaming>
using PreloadedPoint = PreloadedPointOf<Op, Backend, Streaming>;

// ---- the physics ---------------------------------------------------------

// A stencil of seis/math/ under the names the native kernels use, with the
// shorthands that address the point through a PointMemory.
template <class Stencil>
struct NativeOp : Stencil {
  using stencil_type = Stencil;
  static constexpr int F = Stencil::num_fields, M = Stencil::num_model;
  static constexpr int H = max_plane_reach<Stencil>(), S = off_plane_depth<Stencil>();
  static constexpr bool CrossTerms = Stencil::in_plane_cross_terms;
  using Accum = typename Stencil::accum_type;
  using Coeffs = typename Stencil::point_coeffs;

  using Stencil::coeffs;
  using Stencil::update;
  SEIS_NATIVE_DEV Coeffs coeffs(const StepArgs<NativeOp>& a, long long idx) const {
    return Stencil::coeffs(PointMemory<NativeOp, void, false>{a, idx});
  }
  template <bool Streaming, class Backend>
  SEIS_NATIVE_DEV void update(const StepArgs<NativeOp>& a, long long idx, const Accum& acc,
                              const Values<F>& centre) const {
    Stencil::update(acc, centre, PointMemory<NativeOp, Backend, Streaming>{a, idx});
  }
};

using IsoOp = NativeOp<IsoStencil<float>>;  // acoustic isotropic (physics.md §1)
using TtiOp = NativeOp<TtiStencil<float>>;  // pseudo-acoustic TTI (physics.md §2)

// The physics for a grid's spacing (host), weights as the Kokkos physics
// computes them.
template <class Op>
Op make_op(const Grid& g) {
  return Op{typename Op::stencil_type(g.hx, g.hy, g.hz)};
}

}  // namespace seis::native::dev
