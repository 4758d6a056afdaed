#pragma once
// Pseudo-acoustic TTI physics (physics.md §2): the coupled p/q system, 73
// points, as plane terms. The arithmetic (and the system it solves) is
// seis/math/tti_stencil.hpp, shared with the native twins; this adds what a
// run needs to know of the physics besides it. 44 B/point/step.

#include "seis/grid.hpp"
#include "seis/physics/cpml_update.hpp"
#include "seis/physics/plane_terms.hpp"
#include "seis/math/tti_stencil.hpp"

namespace seis {

template <class Scalar>
class TtiPhysics : public TtiStencil<Scalar> {
 public:
  using TtiStencil<Scalar>::v_model;

  // The field sources enter, receivers record and snapshots show (p), and the
  // model array of V = v^2 dt^2 there.
  static constexpr int pressure_field = 0;
  static constexpr int velocity_model = v_model;
  // Its update in the absorbing layer (seis/pml.hpp): p alone, with V, by the
  // isotropic axis operators (8th-order D2, 4th-order D1). That is exact
  // (physics.md §3.4): build_model (tti_model.hpp, AnisotropyTaper) sets
  // eps = delta = 0, so A = V and B = 0, in the layer and R points beyond it
  // for every model and input, whatever the taper width; there the TTI
  // update is the iso one, and q, never written in the layer, stays zero
  // (test_tti_physics.cpp checks the taper).
  using cpml_update = CentralCpmlUpdate<pressure_field, velocity_model, TtiStencil<Scalar>::radius,
                                        first_derivative_radius>;
  static constexpr int flops_per_point = 222;  // physics.md §2 reference count
  static constexpr const char* name() { return "tti"; }
  static constexpr const char* field_name(int f) { return f == 0 ? "p" : "q"; }
  // Why a run of this physics may blow up (for the instability guard).
  static constexpr const char* instability_hint() {
    return "a time step at or above the CFL limit (time.dt), extreme vp, epsilon or delta (delta > epsilon "
           "grows exponentially), a tilt varying abruptly, or an extreme source amplitude";
  }
  static constexpr const char* model_name(int m) {
    return m == 0 ? "v2dt2" : m == 1 ? "a_coef" : m == 2 ? "b_coef" : m == 3 ? "axis_x" : "axis_y";
  }

  TtiPhysics() = default;
  explicit TtiPhysics(const Grid& grid) : TtiStencil<Scalar>(grid.hx(), grid.hy(), grid.hz()) {}
};

}  // namespace seis
