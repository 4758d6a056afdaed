#pragma once
// Acoustic isotropic physics (physics.md §1): the 25-point 8th-order Laplacian
// as plane terms, and the leapfrog update p+ = 2p - p- + V*lap, V = v^2 dt^2.
// The arithmetic is seis/math/iso_stencil.hpp (shared with the native twins);
// this adds what a run needs to know of the physics besides it.

#include "seis/grid.hpp"
#include "seis/physics/cpml_update.hpp"
#include "seis/physics/plane_terms.hpp"
#include "seis/math/iso_stencil.hpp"

namespace seis {

template <class Scalar>
class IsoPhysics : public IsoStencil<Scalar> {
 public:
  // The field sources enter, receivers record and snapshots show, and the
  // model array of V = v^2 dt^2 there (source scaling).
  static constexpr int pressure_field = 0;
  static constexpr int velocity_model = 0;
  // Its update in the absorbing layer (seis/pml.hpp): p with V, by the 8th-order
  // D2 along each axis, whose sum is its own 25-point Laplacian, and the
  // 4th-order D1 of the memory variables. That is its whole update there: p is
  // its only field.
  using cpml_update = CentralCpmlUpdate<pressure_field, velocity_model, IsoStencil<Scalar>::radius,
                                        first_derivative_radius>;
  static constexpr int flops_per_point = 41;  // physics.md §1 reference count
  static constexpr const char* name() { return "iso"; }
  static constexpr const char* field_name(int) { return "p"; }
  static constexpr const char* model_name(int) { return "v2dt2"; }
  // Why a run of this physics may blow up (for the instability guard).
  static constexpr const char* instability_hint() {
    return "a time step at or above the CFL limit (time.dt), extreme velocities or source amplitude";
  }

  IsoPhysics() = default;
  explicit IsoPhysics(const Grid& grid) : IsoStencil<Scalar>(grid.hx(), grid.hy(), grid.hz()) {}
};

}  // namespace seis
