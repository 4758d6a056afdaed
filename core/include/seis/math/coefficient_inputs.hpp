#pragma once
// Coefficient inputs: an optional part of the physics contract (plain C++,
// shared with the native twins) for strategies that load a point's model
// values ahead of its update.
//
// A physics' coeffs(mem) reads a few of the point's model arrays and makes
// the per-point coefficients every plane term uses (TTI: n_x, n_y -> the
// products of the tilt axis); its update reads the others only at the end
// (TTI: V, A, B). A streaming strategy that loads all of a point's model
// values at the top of its plane waits on the first ones within a few
// hundred instructions (H200, TTI st_reg_feat: 18 % of the PC samples on the
// first use of n_x, n_y); loading all of them a plane earlier held too many
// registers (session 8: 17.45 ms against 13.86). A physics that names the
// model arrays its coeffs reads lets a strategy load only those one plane
// ahead, without asking which physics it runs:
//
//   using coefficient_models = model_list<m...>;   // the arrays coeffs() reads
//
// A physics without it (iso: its coeffs reads nothing) gets the empty list:
// the strategy then loads nothing early and coeffs reads the point as ever.
// The list must be complete: coeffs(WithCoefficientInputs{point, inputs})
// equals coeffs(point) bit for bit whatever the point's other model values
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

// The values of those model arrays at one point, held apart from the rest
// of the point (a strategy keeps one per plane in flight).
template <class Physics, class List = typename CoefficientModels<Physics>::type>
struct CoefficientInputs;

template <class Physics, int... M>
struct CoefficientInputs<Physics, model_list<M...>> {
  using scalar_type = typename Physics::scalar_type;
  static constexpr int count = sizeof...(M);
  scalar_type values[count > 0 ? count : 1];

  // From a step's (or a kernel's per-plane) model pointers, at index i.
  template <class Step, class Index>
  SEIS_FORCEINLINE void load(const Step& d, Index i) {
    int k = 0;
    ((values[k++] = d.model[M][i]), ...);
  }
  // Whether model array m is one of the inputs, and its value (m is a
  // compile-time constant where coeffs() asks: both fold away).
  SEIS_FORCEINLINE static constexpr bool holds(int m) { return (false || ... || (m == M)); }
  SEIS_FORCEINLINE scalar_type value(int m) const {
    scalar_type v{};
    int k = 0;
    ((v = (m == M ? values[k] : v), ++k), ...);
    return v;
  }
};

// A point's memory as coeffs() sees it: the coefficient inputs from `inputs`
// (loaded early), every other model value from the point.
template <class Point, class Inputs>
struct WithCoefficientInputs {
  using scalar_type = typename Inputs::scalar_type;
  const Point& point;
  const Inputs& inputs;
  SEIS_FORCEINLINE scalar_type model(int m) const { return Inputs::holds(m) ? inputs.value(m) : point.model(m); }
};

}  // namespace seis
