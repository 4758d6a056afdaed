#pragma once
// The acoustic isotropic operator (physics.md §1) at one point: the 25-point
// 8th-order Laplacian split into plane terms, and the leapfrog update
// p+ = 2p - p- + V lap, V = v^2 dt^2. The arithmetic, once, for the Kokkos
// physics (seis/physics/iso.hpp) and the native twins, so that both give the
// same bits.

#include "seis/math/host_device.hpp"
#include "seis/math/plane_access.hpp"
#include "seis/math/static_for.hpp"
#include "seis/stencil_coefficients.hpp"

namespace seis {

template <class Scalar>
class IsoStencil {
 public:
  using scalar_type = Scalar;
  using accum_type = Scalar;
  struct point_coeffs {};

  static constexpr int radius = stencil_radius;
  static constexpr int num_fields = 1;  // p
  static constexpr int num_model = 1;   // V = v^2 dt^2
  // In-plane terms read only the x and y axes through the point (a star).
  static constexpr bool in_plane_cross_terms = false;
  SEIS_INLINE static constexpr int plane_reach(int dz) { return dz == 0 ? radius : 0; }

  IsoStencil() = default;
  // Weights in double, rounded once to Scalar.
  IsoStencil(double hx, double hy, double hz) {
    const auto c = second_derivative_weights<radius>();
    const double ix2 = 1.0 / (hx * hx), iy2 = 1.0 / (hy * hy), iz2 = 1.0 / (hz * hz);
    centre_ = Scalar(c[0] * (ix2 + iy2 + iz2));
    for (int m = 1; m <= radius; ++m) {
      cx_[m] = Scalar(c[m] * ix2);
      cy_[m] = Scalar(c[m] * iy2);
      cz_[m] = Scalar(c[m] * iz2);
    }
  }

  template <class Mem>
  SEIS_INLINE point_coeffs coeffs(const Mem&) const {
    return {};
  }

  template <int DZ, class Plane>
  SEIS_FORCEINLINE accum_type plane_term(int_c<DZ>, const Plane& plane, const point_coeffs&) const {
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

  // Written over p- through mem (plain or streaming store).
  // Plane features (seis/math/plane_features.hpp): an off-centre plane
  // gives its value alone, and the z arms sum without per-point coefficients.
  struct plane_features {
    Scalar p = 0;
  };
  using feature_sum = Scalar;
  static constexpr int feature_depth = 0;

  SEIS_FORCEINLINE plane_features point_features(const FieldValues<Scalar, 1>& v) const {
    return {v[0]};
  }
  template <class Plane>
  SEIS_FORCEINLINE void add_in_plane_features(plane_features&, const Plane&) const {}
  template <int DZ>
  SEIS_FORCEINLINE void add_features(int_c<DZ>, feature_sum& sum, const plane_features& f) const {
    sum += cz_[DZ < 0 ? -DZ : DZ] * f.p;
  }
  SEIS_FORCEINLINE accum_type feature_term(const feature_sum& sum, const point_coeffs&) const {
    return sum;
  }

  template <class Mem>
  SEIS_FORCEINLINE void update(const accum_type& laplacian, const FieldValues<Scalar, 1>& centre,
                               const Mem& mem) const {
    const Scalar p = centre[0];
    mem.store(0, Scalar(2) * p - mem.prev(0) + mem.model(0) * laplacian);
  }

 private:
  Scalar centre_ = 0;  // c0 (1/hx^2 + 1/hy^2 + 1/hz^2)
  Scalar cx_[radius + 1] = {};  // c_m / hx^2 (entry 0 unused)
  Scalar cy_[radius + 1] = {};
  Scalar cz_[radius + 1] = {};
};

}  // namespace seis
