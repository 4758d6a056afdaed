#pragma once
// What a physics declares of its update inside the absorbing layer (the CPML
// of seis/pml.hpp, physics.md §3.1), as `using cpml_update = ...`:
//   static constexpr int field, model   -- the field the layer advances, and
//                                          the model array V = v^2 dt^2 it uses
//   static constexpr int radius         -- reach R of D2 along one axis
//   static constexpr int d1_radius      -- reach Q of D1 along one axis
//   static constexpr std::array<double, R + 1> d2()  -- unit-spacing weights:
//        D2 f = c0 f + sum_m c_m (f[+m] + f[-m])
//   static constexpr std::array<double, Q> d1()      -- unit-spacing weights:
//        D1 f = sum_q d_q (f[+q] - f[-q])
// The layer then advances, with each D scaled by the axis' spacing,
//   p+ = 2p - p- + V sum_a (D2_a p + D1_a psi_a + xi_a)
// and writes nothing else: every other field keeps its value there (zero).
// The physics says, where it declares this, why that is its whole update in
// the layer: sum_a D2_a must be its own operator there (a Laplacian built of
// axis second derivatives), and its other fields must be zero there.
//
// CentralCpmlUpdate gives the central weights of orders 2R and 2Q; a physics
// with other weights declares its own type with the same members.

#include "seis/stencil_coefficients.hpp"

#include <array>

namespace seis {

// The memory variables psi keep this many ghost layers beyond each slab (for
// D1 psi): a physics' D1 reaches at most that far.
inline constexpr int cpml_psi_ghosts = 2;

template <int Field, int Model, int D2Radius, int D1Radius>
struct CentralCpmlUpdate {
  static_assert(D2Radius >= 1 && D2Radius <= stencil_radius, "D2 reaches within the grid's halo");
  static_assert(D1Radius >= 1 && D1Radius <= cpml_psi_ghosts, "D1 reaches within psi's ghost layers");
  static constexpr int field = Field;
  static constexpr int model = Model;
  static constexpr int radius = D2Radius;
  static constexpr int d1_radius = D1Radius;
  static constexpr std::array<double, D2Radius + 1> d2() { return second_derivative_weights<D2Radius>(); }
  static constexpr std::array<double, D1Radius> d1() { return first_derivative_weights<D1Radius>(); }
};

}  // namespace seis
