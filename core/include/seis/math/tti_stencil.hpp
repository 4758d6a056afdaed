#pragma once
// The pseudo-acoustic TTI operator (physics.md §2) at one point: the coupled
// p/q system with 8th-order axis second derivatives and 4th-order D1*D1
// mixed derivatives, 73 points, split into plane terms. The arithmetic, once,
// for the Kokkos physics (seis/physics/tti.hpp) and the native twins, so that
// both give the same bits.
//
//   s = p + q,  Z = L s - H s
//   p+ = 2p - p- + A Z + V (H p),   A = (1+2 delta) Vp^2 dt^2,  V = Vp^2 dt^2
//   q+ = 2q - q- + B Z,             B = 2 (eps - delta) Vp^2 dt^2
//   H  = sum n_i^2 D2_i + 2 n_x n_y DxDy + 2 n_x n_z DxDz + 2 n_y n_z DyDz
//
// Stored per point: V, A, B and the axis components n_x, n_y (n_z >= 0 is
// recovered as sqrt(1 - n_x^2 - n_y^2): only n n^T matters).

#include "seis/math/coefficient_inputs.hpp"
#include "seis/math/host_device.hpp"
#include "seis/math/plane_access.hpp"
#include "seis/math/square_root.hpp"
#include "seis/math/static_for.hpp"
#include "seis/stencil_coefficients.hpp"

namespace seis {

template <class Scalar>
class TtiStencil {
 public:
  using scalar_type = Scalar;

  // Partial sums of Z = (L - H) s and of H p.
  struct accum_type {
    Scalar z = 0;
    Scalar hp = 0;
    SEIS_FORCEINLINE accum_type& operator+=(const accum_type& o) {
      z += o.z;
      hp += o.hp;
      return *this;
    }
  };

  // Products of the symmetry-axis components at the updated point.
  struct point_coeffs {
    Scalar xx = 0, yy = 0, zz = 0, xy2 = 0, xz2 = 0, yz2 = 0;
  };

  enum Field : int { p_field = 0, q_field = 1 };
  enum Model : int { v_model = 0, a_model = 1, b_model = 2, nx_model = 3, ny_model = 4 };

  static constexpr int radius = stencil_radius;
  static constexpr int num_fields = 2;  // p, q
  static constexpr int num_model = 5;   // V, A, B, n_x, n_y
  static constexpr bool in_plane_cross_terms = true;

  // Plane z+-1, z+-2 carry the xz/yz mixed terms (reach 2); z+-3, z+-4 only the z arm.
  SEIS_INLINE static constexpr int plane_reach(int dz) {
    return dz == 0 ? radius : (dz >= -2 && dz <= 2) ? 2 : 0;
  }

  TtiStencil() = default;
  // Weights in double, rounded once to Scalar.
  TtiStencil(double hx, double hy, double hz) {
    const auto c = second_derivative_weights<radius>();
    for (int m = 0; m <= radius; ++m) {
      cx_[m] = Scalar(c[m] / (hx * hx));
      cy_[m] = Scalar(c[m] / (hy * hy));
      cz_[m] = Scalar(c[m] / (hz * hz));
    }
    d1x_[0] = Scalar(first_derivative_d1 / hx);
    d1x_[1] = Scalar(first_derivative_d2 / hx);
    d1y_[0] = Scalar(first_derivative_d1 / hy);
    d1y_[1] = Scalar(first_derivative_d2 / hy);
    d1z_[0] = Scalar(first_derivative_d1 / hz);
    d1z_[1] = Scalar(first_derivative_d2 / hz);
  }

  // The model arrays coeffs() reads (seis/math/coefficient_inputs.hpp): a
  // streaming strategy may copy them a plane ahead of the rest.
  using coefficient_models = model_list<nx_model, ny_model>;

  template <class Mem>
  SEIS_INLINE point_coeffs coeffs(const Mem& mem) const {
    const Scalar nx = mem.model(nx_model), ny = mem.model(ny_model);
    const Scalar rest = Scalar(1) - nx * nx - ny * ny;
    const Scalar nz = rest > Scalar(0) ? square_root(rest) : Scalar(0);
    point_coeffs c;
    c.xx = nx * nx;
    c.yy = ny * ny;
    c.zz = nz * nz;
    c.xy2 = Scalar(2) * nx * ny;
    c.xz2 = Scalar(2) * nx * nz;
    c.yz2 = Scalar(2) * ny * nz;
    return c;
  }

  template <int DZ, class Plane>
  SEIS_FORCEINLINE accum_type plane_term(int_c<DZ>, const Plane& plane, const point_coeffs& n) const {
    if constexpr (DZ == 0) {
      // The mixed term reads D1x of the rows above and below, computed here
      // from the plane, as centre_term's staged features would give them.
      return centre_term(
          plane,
          [&](int f, int di, int dj) {
            return d1([&](int a, int b) { return plane(f, di + a, dj + b); }, d1x_, 1, 0);
          },
          n);
    } else {
      auto s = [&](int di, int dj) { return plane(p_field, di, dj) + plane(q_field, di, dj); };
      auto p = [&](int di, int dj) { return plane(p_field, di, dj); };
      accum_type out;
      constexpr int m = DZ < 0 ? -DZ : DZ;
      const Scalar zs = cz_[m] * s(0, 0);
      const Scalar zp = cz_[m] * p(0, 0);
      if constexpr (m <= 2) {
        // This plane's share of D1z(D1x .) and D1z(D1y .).
        const Scalar wz = DZ > 0 ? d1z_[m - 1] : -d1z_[m - 1];
        const Scalar xs = wz * d1(s, d1x_, 1, 0), ys = wz * d1(s, d1y_, 0, 1);
        const Scalar xp = wz * d1(p, d1x_, 1, 0), yp = wz * d1(p, d1y_, 0, 1);
        out.z = zs - (n.zz * zs + n.xz2 * xs + n.yz2 * ys);
        out.hp = n.zz * zp + n.xz2 * xp + n.yz2 * yp;
      } else {
        out.z = zs - n.zz * zs;
        out.hp = n.zz * zp;
      }
      return out;
    }
  }

  // The centre plane's term with the mixed xy derivative as D1y of D1x
  // (physics.md §2's D1x D1y nested; its grouped weights 4/9, -1/18, 1/144
  // are the products of the D1 weights, so the two agree up to rounding):
  // dx(f, di, dj) gives D1x of field f at in-plane
  // offset (di, dj), dj in [-2, 2], di = 0. plane_term(0) computes it from
  // the plane; a strategy that stages a plane's features reads it from
  // there (seis/math/plane_features.hpp, staged features): 4 reads a field
  // instead of 16.
  template <class Plane, class StagedDx>
  SEIS_FORCEINLINE accum_type centre_term(const Plane& plane, const StagedDx& dx, const point_coeffs& n) const {
    // The derivatives of s = p + q as those of p plus those of q (the
    // operators are linear): 4 adds a point instead of one per neighbour
    // (33), for every strategy.
    const InPlane dp = in_plane([&](int di, int dj) { return plane(p_field, di, dj); },
                                [&](int di, int dj) { return dx(p_field, di, dj); });
    const InPlane dq = in_plane([&](int di, int dj) { return plane(q_field, di, dj); },
                                [&](int di, int dj) { return dx(q_field, di, dj); });
    const InPlane ds{dp.xx + dq.xx, dp.yy + dq.yy, dp.zz + dq.zz, dp.xy + dq.xy};
    const Scalar ls = ds.xx + ds.yy + ds.zz;
    const Scalar hs = n.xx * ds.xx + n.yy * ds.yy + n.zz * ds.zz + n.xy2 * ds.xy;
    accum_type out;
    out.z = ls - hs;
    out.hp = n.xx * dp.xx + n.yy * dp.yy + n.zz * dp.zz + n.xy2 * dp.xy;
    return out;
  }

  // Written over p-, q- through mem (plain or streaming stores).
  // Plane features (seis/math/plane_features.hpp): planes z+-1, z+-2 give
  // p, q and their first derivatives D1x, D1y; z+-3, z+-4 only p and q. The
  // features keep q rather than s = p + q (the terms are linear, so the sums
  // of q give those of s with one add per point, not per plane): a plane's
  // features are then its own values plus derivatives, and no register holds
  // both q and s. The sums over planes carry the z weights alone; the tilt
  // products enter once per point, in feature_term.
  struct plane_features {
    Scalar p = 0, q = 0;
    // Set when the plane reaches z+-2 (add_in_plane_features); left unset
    // before, so that no register carries a placeholder along the queue.
    Scalar dxp, dyp, dxq, dyq;
  };
  struct feature_sum {
    Scalar zp = 0, zq = 0;  // sum of cz * p, cz * q (the z arm)
    Scalar xp = 0, yp = 0;  // sum of wz * D1x p, wz * D1y p (D1z D1x p, D1z D1y p)
    Scalar xq = 0, yq = 0;  // the same for q
  };
  static constexpr int feature_depth = 2;

  SEIS_FORCEINLINE plane_features point_features(const FieldValues<Scalar, 2>& v) const {
    plane_features f;
    f.p = v[p_field];
    f.q = v[q_field];
    return f;
  }

  template <class Plane>
  SEIS_FORCEINLINE void add_in_plane_features(plane_features& f, const Plane& plane) const {
    auto p = [&](int di, int dj) { return plane(p_field, di, dj); };
    auto q = [&](int di, int dj) { return plane(q_field, di, dj); };
    f.dxp = d1(p, d1x_, 1, 0);
    f.dyp = d1(p, d1y_, 0, 1);
    f.dxq = d1(q, d1x_, 1, 0);
    f.dyq = d1(q, d1y_, 0, 1);
  }

  // Staged features (seis/math/plane_features.hpp): centre_term reads D1x p
  // and D1x q, which a plane's features hold, in the rows dj = +-1, +-2.
  static constexpr int staged_features = 2;  // D1x p, D1x q, by field
  static constexpr int staged_reach = 2;
  using staged_values = FieldValues<Scalar, staged_features>;
  SEIS_FORCEINLINE staged_values staged(const plane_features& f) const {
    staged_values s;
    s[p_field] = f.dxp;
    s[q_field] = f.dxq;
    return s;
  }
  // The same at a point whose features no one computes (a row outside the
  // tile), from its plane: the arithmetic of add_in_plane_features.
  template <class Plane>
  SEIS_FORCEINLINE staged_values staged_at(const Plane& plane) const {
    staged_values s;
    s[p_field] = d1([&](int di, int dj) { return plane(p_field, di, dj); }, d1x_, 1, 0);
    s[q_field] = d1([&](int di, int dj) { return plane(q_field, di, dj); }, d1x_, 1, 0);
    return s;
  }

  template <int DZ>
  SEIS_FORCEINLINE void add_features(int_c<DZ>, feature_sum& sum, const plane_features& f) const {
    constexpr int m = DZ < 0 ? -DZ : DZ;
    sum.zp += cz_[m] * f.p;
    sum.zq += cz_[m] * f.q;
    if constexpr (m <= feature_depth) {
      const Scalar wz = DZ > 0 ? d1z_[m - 1] : -d1z_[m - 1];
      sum.xp += wz * f.dxp;
      sum.yp += wz * f.dyp;
      sum.xq += wz * f.dxq;
      sum.yq += wz * f.dyq;
    }
  }

  SEIS_FORCEINLINE accum_type feature_term(const feature_sum& sum, const point_coeffs& n) const {
    const Scalar zs = sum.zp + sum.zq, xs = sum.xp + sum.xq, ys = sum.yp + sum.yq;
    accum_type out;
    out.z = zs - (n.zz * zs + n.xz2 * xs + n.yz2 * ys);
    out.hp = n.zz * sum.zp + n.xz2 * sum.xp + n.yz2 * sum.yp;
    return out;
  }

  template <class Mem>
  SEIS_FORCEINLINE void update(const accum_type& acc, const FieldValues<Scalar, 2>& centre, const Mem& mem) const {
    const Scalar p = centre[p_field], q = centre[q_field];
    mem.store(p_field, Scalar(2) * p - mem.prev(p_field) + mem.model(a_model) * acc.z +
                           mem.model(v_model) * acc.hp);
    mem.store(q_field, Scalar(2) * q - mem.prev(q_field) + mem.model(b_model) * acc.z);
  }

 private:
  // Second derivatives of the centre plane: xx, yy (full), zz (its centre
  // weight only), and the 4th-order mixed xy derivative D1y(D1x).
  struct InPlane {
    Scalar xx, yy, zz, xy;
  };

  // dx(di, dj): D1x f at (di, dj), for the mixed term D1y(D1x f).
  template <class Value, class Dx>
  SEIS_FORCEINLINE InPlane in_plane(const Value& f, const Dx& dx) const {
    InPlane d;
    const Scalar f00 = f(0, 0);
    d.xx = cx_[0] * f00;
    d.yy = cy_[0] * f00;
    d.zz = cz_[0] * f00;
    static_for<1, radius + 1>([&](auto m) {
      d.xx += cx_[m] * (f(m, 0) + f(-m, 0));
      d.yy += cy_[m] * (f(0, m) + f(0, -m));
    });
    d.xy = d1(dx, d1y_, 0, 1);
    return d;
  }

  // 4th-order first derivative along in-plane direction (ux, uy).
  template <class Value>
  SEIS_FORCEINLINE Scalar d1(const Value& f, const Scalar (&w)[2], int ux, int uy) const {
    return w[0] * (f(ux, uy) - f(-ux, -uy)) + w[1] * (f(2 * ux, 2 * uy) - f(-2 * ux, -2 * uy));
  }

  Scalar cx_[radius + 1] = {}, cy_[radius + 1] = {}, cz_[radius + 1] = {};  // 8th-order D2 weights / h^2
  Scalar d1x_[2] = {}, d1y_[2] = {}, d1z_[2] = {};                          // 4th-order D1 weights / h
};

}  // namespace seis
