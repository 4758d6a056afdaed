#pragma once
// Coefficient inputs: an optional part of the physics contract (plain C++,
// shared with the native twins) for strategies that copy a point's model
// values ahead of its update (session 10 brought it for a register form
// that lost; session 12 for st_reg_feat's copies into scratch).
//
// A physics' coeffs(mem) reads a few of the point's model arrays and makes
// the per-point coefficients every plane term uses (TTI: n_x, n_y -> the
// products of the tilt axis); its update reads the others only at the end
// (TTI: V, A, B). A streaming strategy that loads all of a point's model
// values at the top of its plane waits on the first ones within a few
// hundred instructions (H200, TTI st_reg_feat: 18 % of the PC samples on the
// first use of n_x, n_y); loading all of them a plane earlier held too many
// registers (session 8: 17.45 ms against 13.86), and all of them in a
// team's scratch do not fit a Kokkos CUDA team's 40936 B beside the TTI
// planes. A physics that names the model arrays its coeffs reads lets a
// strategy copy only those ahead, without asking which physics it runs:
//
//   using coefficient_models = model_list<m...>;   // the arrays coeffs() reads
//
// A physics without it (iso: its coeffs reads nothing) gets the empty list:
// the strategy then loads nothing early and coeffs reads the point as ever.
// The list must be complete: coeffs() reads no other model array
// (tests/unit/test_coefficient_inputs.cpp).

#include "seis/math/host_device.hpp"

#include <type_traits>

namespace seis {

// A compile-time list of model array indices.
template <int... M>
struct model_list {
  static constexpr int size = sizeof...(M);
};

// The model arrays a physics' coeffs() reads: its coefficient_models, or none.
template <class Physics, class = void>
struct CoefficientModels {
  using type = model_list<>;
};
template <class Physics>
struct CoefficientModels<Physics, std::void_t<typename Physics::coefficient_models>> {
  using type = typename Physics::coefficient_models;
};

// The index of model array m in the list M... (m a compile-time constant
// where a point's memory asks: it folds away), or -1.
template <int... M>
SEIS_FORCEINLINE constexpr int model_list_slot(model_list<M...>, int m) {
  int k = 0, at = -1;
  ((at = (at < 0 && m == M) ? k : at, ++k), ...);
  return at;
}

}  // namespace seis
