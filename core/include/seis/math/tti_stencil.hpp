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
//
// Form (an A/B of issue 10, session 14; 0: the arithmetic as it was), bits:
//   1  n_z as sqrt(max(rest, 0)): bit for bit form 0's, without its branch;
//   2  paired sums: every axis D2 and the off-centre planes' sums as two
//      partial sums (even/odd weights, planes below/above), the tilt sums in
//      pairs: dependent FFMA chains half as long (other rounding);
//   4  literal weights: the D2/D1 weights of unit spacing as instruction
//      immediates (no constant-bank reloads), the 1/h^2, 1/(h h') scales
//      folded into the per-point coefficients (other rounding).
// arithmetic_form<F> is this stencil in form F, built from this one
// (seis/math/arithmetic_form.hpp).

#include "seis/math/arithmetic_form.hpp"
#include "seis/math/coefficient_inputs.hpp"
#include "seis/math/host_device.hpp"
#include "seis/math/plane_access.hpp"
#include "seis/math/square_root.hpp"
#include "seis/math/static_for.hpp"
#include "seis/stencil_coefficients.hpp"

#include <type_traits>

namespace seis {

template <class Scalar, int Form = 0>
class TtiStencil {
  static constexpr bool sqrt_of_max = (Form & 1) != 0;
  static constexpr bool paired_sums = (Form & 2) != 0;
  static constexpr bool literal_weights = (Form & 4) != 0;
  static_assert(!literal_weights || stencil_radius == 4, "literal weights of radius 4 (stencil_coefficients.hpp)");

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

  // Products of the symmetry-axis components at the updated point. With
  // literal weights, the products carry the grid's scales (xx: n_x^2 / hx^2,
  // xy2: 2 n_x n_y / (hx hy), ...) and kx, ky, kz are the axis weights of
  // Z = (L - H) s: 1/h^2 - xx, ...; the derivatives are of unit spacing.
  struct point_coeffs {
    Scalar xx = 0, yy = 0, zz = 0, xy2 = 0, xz2 = 0, yz2 = 0;
    Scalar kx = 0, ky = 0, kz = 0;
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

  template <int F>
  using arithmetic_form = TtiStencil<Scalar, F>;

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
    scale_[0] = Scalar(1 / (hx * hx));
    scale_[1] = Scalar(1 / (hy * hy));
    scale_[2] = Scalar(1 / (hz * hz));
    scale_[3] = Scalar(1 / (hx * hy));
    scale_[4] = Scalar(1 / (hx * hz));
    scale_[5] = Scalar(1 / (hy * hz));
  }
  // The same stencil in another form (its weights and scales).
  template <int G>
  SEIS_INLINE explicit TtiStencil(const TtiStencil<Scalar, G>& o) {
    for (int m = 0; m <= radius; ++m) {
      cx_[m] = o.cx_[m];
      cy_[m] = o.cy_[m];
      cz_[m] = o.cz_[m];
    }
    for (int k = 0; k < 2; ++k) {
      d1x_[k] = o.d1x_[k];
      d1y_[k] = o.d1y_[k];
      d1z_[k] = o.d1z_[k];
    }
    for (int k = 0; k < 6; ++k) scale_[k] = o.scale_[k];
  }

  // The model arrays coeffs() reads (seis/math/coefficient_inputs.hpp): a
  // streaming strategy may copy them a plane ahead of the rest.
  using coefficient_models = model_list<nx_model, ny_model>;

  template <class Mem>
  SEIS_INLINE point_coeffs coeffs(const Mem& mem) const {
    const Scalar nx = mem.model(nx_model), ny = mem.model(ny_model);
    const Scalar rest = Scalar(1) - nx * nx - ny * ny;
    Scalar nz;
    if constexpr (sqrt_of_max)
      nz = square_root(rest > Scalar(0) ? rest : Scalar(0));
    else
      nz = rest > Scalar(0) ? square_root(rest) : Scalar(0);
    point_coeffs c;
    c.xx = nx * nx;
    c.yy = ny * ny;
    c.zz = nz * nz;
    c.xy2 = Scalar(2) * nx * ny;
    c.xz2 = Scalar(2) * nx * nz;
    c.yz2 = Scalar(2) * ny * nz;
    if constexpr (literal_weights) {
      c.xx *= scale_[0];
      c.yy *= scale_[1];
      c.zz *= scale_[2];
      c.xy2 *= scale_[3];
      c.xz2 *= scale_[4];
      c.yz2 *= scale_[5];
      c.kx = scale_[0] - c.xx;
      c.ky = scale_[1] - c.yy;
      c.kz = scale_[2] - c.zz;
    }
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
      const Scalar zs = z_weight<m>() * s(0, 0);
      const Scalar zp = z_weight<m>() * p(0, 0);
      if constexpr (m <= 2) {
        // This plane's share of D1z(D1x .) and D1z(D1y .).
        const Scalar wz = z_d1_weight<DZ>();
        const Scalar xs = wz * d1(s, d1x_, 1, 0), ys = wz * d1(s, d1y_, 0, 1);
        const Scalar xp = wz * d1(p, d1x_, 1, 0), yp = wz * d1(p, d1y_, 0, 1);
        out = off_centre(zs, xs, ys, zp, xp, yp, n);
      } else {
        out = off_centre(zs, zp, n);
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
    accum_type out;
    if constexpr (literal_weights) {
      out.z = dot4(n.kx, ds.xx, n.ky, ds.yy, n.kz, ds.zz, -n.xy2, ds.xy);
    } else {
      const Scalar ls = ds.xx + ds.yy + ds.zz;
      const Scalar hs = dot4(n.xx, ds.xx, n.yy, ds.yy, n.zz, ds.zz, n.xy2, ds.xy);
      out.z = ls - hs;
    }
    out.hp = dot4(n.xx, dp.xx, n.yy, dp.yy, n.zz, dp.zz, n.xy2, dp.xy);
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
  struct feature_half {
    Scalar zp = 0, zq = 0;  // sum of cz * p, cz * q (the z arm)
    Scalar xp = 0, yp = 0;  // sum of wz * D1x p, wz * D1y p (D1z D1x p, D1z D1y p)
    Scalar xq = 0, yq = 0;  // the same for q
  };
  // Paired sums: the planes below and above apart (two chains of 4 planes).
  struct feature_pair {
    feature_half below, above;
  };
  using feature_sum = std::conditional_t<paired_sums, feature_pair, feature_half>;
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
    feature_half& h = half_of<DZ>(sum);
    h.zp += z_weight<m>() * f.p;
    h.zq += z_weight<m>() * f.q;
    if constexpr (m <= feature_depth) {
      const Scalar wz = z_d1_weight<DZ>();
      h.xp += wz * f.dxp;
      h.yp += wz * f.dyp;
      h.xq += wz * f.dxq;
      h.yq += wz * f.dyq;
    }
  }

  SEIS_FORCEINLINE accum_type feature_term(const feature_sum& sum, const point_coeffs& n) const {
    if constexpr (paired_sums) {
      feature_half h = sum.below;
      const feature_half& a = sum.above;
      h.zp += a.zp;
      h.zq += a.zq;
      h.xp += a.xp;
      h.yp += a.yp;
      h.xq += a.xq;
      h.yq += a.yq;
      return off_centre(h.zp + h.zq, h.xp + h.xq, h.yp + h.yq, h.zp, h.xp, h.yp, n);
    } else {
      return off_centre(sum.zp + sum.zq, sum.xp + sum.xq, sum.yp + sum.yq, sum.zp, sum.xp, sum.yp, n);
    }
  }

  template <class Mem>
  SEIS_FORCEINLINE void update(const accum_type& acc, const FieldValues<Scalar, 2>& centre, const Mem& mem) const {
    const Scalar p = centre[p_field], q = centre[q_field];
    mem.store(p_field, Scalar(2) * p - mem.prev(p_field) + mem.model(a_model) * acc.z +
                           mem.model(v_model) * acc.hp);
    mem.store(q_field, Scalar(2) * q - mem.prev(q_field) + mem.model(b_model) * acc.z);
  }

 private:
  template <class, int>
  friend class TtiStencil;

  // The partial sum plane DZ adds to.
  template <int DZ>
  SEIS_FORCEINLINE static feature_half& half_of(feature_sum& sum) {
    if constexpr (!paired_sums)
      return sum;
    else if constexpr (DZ < 0)
      return sum.below;
    else
      return sum.above;
  }

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
    if constexpr (!paired_sums && !literal_weights) {
      d.xx = cx_[0] * f00;
      d.yy = cy_[0] * f00;
      d.zz = cz_[0] * f00;
      static_for<1, radius + 1>([&](auto m) {
        d.xx += cx_[m] * (f(m, 0) + f(-m, 0));
        d.yy += cy_[m] * (f(0, m) + f(0, -m));
      });
    } else {
      d.xx = axis_d2(f00, [&](int m) { return f(m, 0) + f(-m, 0); }, cx_);
      d.yy = axis_d2(f00, [&](int m) { return f(0, m) + f(0, -m); }, cy_);
      d.zz = z_weight<0>() * f00;
    }
    d.xy = d1(dx, d1y_, 0, 1);
    return d;
  }

  // An axis D2 from the centre value and the pairs f(m) + f(-m): with
  // paired sums, even and odd weights apart.
  template <class Pair>
  SEIS_FORCEINLINE Scalar axis_d2(Scalar f00, const Pair& pair, const Scalar (&c)[radius + 1]) const {
    if constexpr (paired_sums) {
      Scalar part[2] = {d2_weight<0>(c) * f00, d2_weight<1>(c) * pair(1)};
      static_for<2, radius + 1>([&](auto m) { part[m % 2] += d2_weight<decltype(m)::value>(c) * pair(m); });
      return part[0] + part[1];
    } else {
      Scalar sum = d2_weight<0>(c) * f00;
      static_for<1, radius + 1>([&](auto m) { sum += d2_weight<decltype(m)::value>(c) * pair(m); });
      return sum;
    }
  }

  // a0 b0 + a1 b1 + a2 b2 + a3 b3, in pairs with paired sums.
  SEIS_FORCEINLINE static Scalar dot4(Scalar a0, Scalar b0, Scalar a1, Scalar b1, Scalar a2, Scalar b2, Scalar a3,
                                      Scalar b3) {
    if constexpr (paired_sums)
      return (a0 * b0 + a1 * b1) + (a2 * b2 + a3 * b3);
    else
      return a0 * b0 + a1 * b1 + a2 * b2 + a3 * b3;
  }

  // An off-centre plane's (or the off-centre planes' summed) z arm and
  // D1z(D1x), D1z(D1y) terms of s and p.
  SEIS_FORCEINLINE static accum_type off_centre(Scalar zs, Scalar xs, Scalar ys, Scalar zp, Scalar xp, Scalar yp,
                                                const point_coeffs& n) {
    accum_type out;
    if constexpr (literal_weights) {
      out.z = n.kz * zs - (n.xz2 * xs + n.yz2 * ys);
    } else if constexpr (paired_sums) {
      out.z = zs - (n.zz * zs + (n.xz2 * xs + n.yz2 * ys));
    } else {
      out.z = zs - (n.zz * zs + n.xz2 * xs + n.yz2 * ys);
    }
    if constexpr (paired_sums)
      out.hp = n.zz * zp + (n.xz2 * xp + n.yz2 * yp);
    else
      out.hp = n.zz * zp + n.xz2 * xp + n.yz2 * yp;
    return out;
  }
  SEIS_FORCEINLINE static accum_type off_centre(Scalar zs, Scalar zp, const point_coeffs& n) {
    accum_type out;
    if constexpr (literal_weights)
      out.z = n.kz * zs;
    else
      out.z = zs - n.zz * zs;
    out.hp = n.zz * zp;
    return out;
  }

  // Weights: scaled by the spacing (members), or literal ones of unit
  // spacing (stencil_coefficients.hpp's, as immediates).
  template <int M>
  SEIS_FORCEINLINE static Scalar d2_weight(const Scalar (&c)[radius + 1]) {
    if constexpr (literal_weights)
      return Scalar(second_derivative_literal<M>);
    else
      return c[M];
  }
  template <int M>
  SEIS_FORCEINLINE Scalar z_weight() const {
    return d2_weight<M>(cz_);
  }
  // D1z's weight of plane DZ (|DZ| <= 2), signed.
  template <int DZ>
  SEIS_FORCEINLINE Scalar z_d1_weight() const {
    constexpr int k = (DZ < 0 ? -DZ : DZ) - 1;
    const Scalar w = d1_weight<k>(d1z_);
    return DZ > 0 ? w : -w;
  }
  template <int K>
  SEIS_FORCEINLINE static Scalar d1_weight(const Scalar (&w)[2]) {
    if constexpr (literal_weights && K == 0)
      return Scalar(first_derivative_d1);
    else if constexpr (literal_weights)
      return Scalar(first_derivative_d2);
    else
      return w[K];
  }

  // 4th-order first derivative along in-plane direction (ux, uy).
  template <class Value>
  SEIS_FORCEINLINE Scalar d1(const Value& f, const Scalar (&w)[2], int ux, int uy) const {
    return d1_weight<0>(w) * (f(ux, uy) - f(-ux, -uy)) + d1_weight<1>(w) * (f(2 * ux, 2 * uy) - f(-2 * ux, -2 * uy));
  }

  Scalar cx_[radius + 1] = {}, cy_[radius + 1] = {}, cz_[radius + 1] = {};  // 8th-order D2 weights / h^2
  Scalar d1x_[2] = {}, d1y_[2] = {}, d1z_[2] = {};                          // 4th-order D1 weights / h
  Scalar scale_[6] = {};  // 1/hx^2, 1/hy^2, 1/hz^2, 1/(hx hy), 1/(hx hz), 1/(hy hz) (literal weights)
};

}  // namespace seis
