#pragma once
// Acoustic isotropic physics (physics.md §1): the 25-point 8th-order Laplacian
// as plane terms, and the leapfrog update p+ = 2p - p- + V*lap, V = v^2 dt^2.

#include "seis/grid.hpp"
#include "seis/physics/plane_terms.hpp"
#include "seis/stencil_coefficients.hpp"

namespace seis {

template <class Scalar>
class IsoPhysics {
 public:
  using scalar_type = Scalar;
  using accum_type = Scalar;
  struct point_coeffs {};

  static constexpr int radius = stencil_radius;
  static constexpr int num_fields = 1;  // p
  static constexpr int num_model = 1;   // V = v^2 dt^2
  // The field sources enter, receivers record, snapshots show and the CPML
  // damps, and the model array of V = v^2 dt^2 there (source scaling, CPML).
  static constexpr int pressure_field = 0;
  static constexpr int velocity_model = 0;
  static constexpr int flops_per_point = 41;  // physics.md §1 reference count
  // In-plane terms read only the x and y axes through the point (a star).
  static constexpr bool in_plane_cross_terms = false;
  static constexpr const char* name() { return "iso"; }
  static constexpr const char* field_name(int) { return "p"; }
  static constexpr const char* model_name(int) { return "v2dt2"; }
  // Why a run of this physics may blow up (for the instability guard).
  static constexpr const char* instability_hint() {
    return "a time step at or above the CFL limit (time.dt), extreme velocities or source amplitude";
  }

  KOKKOS_INLINE_FUNCTION static constexpr int plane_reach(int dz) { return dz == 0 ? radius : 0; }

  IsoPhysics() = default;
  explicit IsoPhysics(const Grid& grid) {
    const auto c = second_derivative_weights<radius>();
    const double ix2 = 1.0 / (grid.hx() * grid.hx());
    const double iy2 = 1.0 / (grid.hy() * grid.hy());
    const double iz2 = 1.0 / (grid.hz() * grid.hz());
    centre_ = Scalar(c[0] * (ix2 + iy2 + iz2));
    for (int m = 1; m <= radius; ++m) {
      cx_[m] = Scalar(c[m] * ix2);
      cy_[m] = Scalar(c[m] * iy2);
      cz_[m] = Scalar(c[m] * iz2);
    }
  }

  template <class Mem>
  KOKKOS_INLINE_FUNCTION point_coeffs coeffs(const Mem&) const {
    return {};
  }

  template <int DZ, class Plane>
  KOKKOS_FORCEINLINE_FUNCTION accum_type plane_term(int_c<DZ>, const Plane& plane,
                                                    const point_coeffs&) const {
    if constexpr (DZ == 0) {
      Scalar sum = centre_ * plane(0, 0, 0);
      static_for<1, radius + 1>([&](auto m) {
        sum += cx_[m] * (plane(0, m, 0) + plane(0, -m, 0)) + cy_[m] * (plane(0, 0, m) + plane(0, 0, -m));
      });
      return sum;
    } else {
      return cz_[DZ < 0 ? -DZ : DZ] * plane(0, 0, 0);
    }
  }

  // Plane features (seis/physics/plane_features.hpp): an off-centre plane
  // gives its value alone, and the z arms sum without per-point coefficients.
  struct plane_features {
    Scalar p = 0;
  };
  using feature_sum = Scalar;
  static constexpr int feature_depth = 0;

  KOKKOS_FORCEINLINE_FUNCTION plane_features point_features(const FieldValues<Scalar, 1>& v) const {
    return {v[0]};
  }
  template <class Plane>
  KOKKOS_FORCEINLINE_FUNCTION void add_in_plane_features(plane_features&, const Plane&) const {}
  template <int DZ>
  KOKKOS_FORCEINLINE_FUNCTION void add_features(int_c<DZ>, feature_sum& sum, const plane_features& f) const {
    sum += cz_[DZ < 0 ? -DZ : DZ] * f.p;
  }
  KOKKOS_FORCEINLINE_FUNCTION accum_type feature_term(const feature_sum& sum, const point_coeffs&) const {
    return sum;
  }

  template <class Mem>
  KOKKOS_FORCEINLINE_FUNCTION void update(const accum_type& laplacian,
                                          const FieldValues<Scalar, 1>& centre, const Mem& mem) const {
    const Scalar p = centre[0];
    mem.store(0, Scalar(2) * p - mem.prev(0) + mem.model(0) * laplacian);
  }

 private:
  Scalar centre_ = 0;
  Scalar cx_[radius + 1] = {};
  Scalar cy_[radius + 1] = {};
  Scalar cz_[radius + 1] = {};
};

}  // namespace seis
