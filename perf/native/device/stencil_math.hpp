#pragma once
// The per-point arithmetic of every native kernel, written once: the iso
// 25-point and TTI 73-point operators split by z-plane offset ("plane terms",
// docs/design.md), exactly as core/include/seis/physics/iso.hpp and tti.hpp
// split them, with the same weights and the same order of operations, so
// native and Kokkos results agree to rounding.
//
// A plane accessor `plane(f, di, dj)` returns field f at in-plane offset
// (di, dj) of the updated point; the kernels pass global memory, shared
// memory or registers, the physics does not know which.
//
// An Op provides
//   F, M            fields and model arrays
//   H               largest in-plane reach (the staged tile halo)
//   S               deepest |dz| whose plane term reads off the point
//   CrossTerms      in-plane terms read (di, dj) with both != 0
//   Accum, Coeffs   partial sum type; per-point coefficients (TTI tilt)
//   coeffs(mem), plane_term<DZ>(plane, coeffs), update(acc, centre, mem)
// where mem.prev(f), mem.model(m), mem.store(f, v) address the updated point
// (PointMemory: straight from global memory; PreloadedPoint: from registers
// loaded ahead of time), as core/include/seis/physics/plane_terms.hpp. The
// shorthands coeffs(a, idx) and update<Streaming, Backend>(a, idx, acc, centre)
// go through a PointMemory, as point_coeffs/finish_point in
// policies/.../point_memory.hpp do.

#include "device/common.hpp"
#include "seis/stencil_coefficients.hpp"  // the project's weights (plain C++, no Kokkos)

namespace seis::native::dev {

// ---- plane accessors ------------------------------------------------------

// One plane of F fields in global memory (common row stride).
template <int F>
struct GlobalPlane {
  const float* base[F];
  int row_stride;
  SEIS_NATIVE_DEV float operator()(int f, int di, int dj) const { return base[f][di + dj * row_stride]; }
};

// One staged plane in shared memory, fields one after another.
template <int F>
struct SharedPlane {
  const float* base;
  int row_stride;
  int field_stride;
  SEIS_NATIVE_DEV float operator()(int f, int di, int dj) const {
    return base[f * field_stride + di + dj * row_stride];
  }
};

// A plane whose term reads only the point itself, served from registers.
template <int F>
struct PointPlane {
  Values<F> values;
  SEIS_NATIVE_DEV float operator()(int f, int, int) const { return values.v[f]; }
};

// The freshly loaded plane as one point sees it (sliding_window): its own row
// from registers, every other row from shared memory.
template <int F, int XLEN>
struct RegisterRowPlane {
  const float (&row)[F][XLEN];
  int x;  // position of the point in `row`
  const float* shared;
  int row_stride, field_stride;
  SEIS_NATIVE_DEV float operator()(int f, int di, int dj) const {
    return dj == 0 ? row[f][x + di] : shared[f * field_stride + di + dj * row_stride];
  }
};

// ---- point memory (policies/.../point_memory.hpp) ------------------------

// The memory side of one updated point: previous time level, model, and the
// store of the new value (plain or streaming).
template <class Op, class Backend, bool Streaming>
struct PointMemory {
  const StepArgs<Op>& a;
  long long idx;
  SEIS_NATIVE_DEV float prev(int f) const { return a.next[f][idx]; }
  SEIS_NATIVE_DEV float model(int m) const { return a.model[m][idx]; }
  SEIS_NATIVE_DEV void store(int f, float v) const {
    if constexpr (Streaming)
      Backend::store_streaming(a.next[f] + idx, v);
    else
      a.next[f][idx] = v;
  }
};

// The same, with the previous time level and the model of the point loaded
// ahead of time into registers (register streaming loads them one plane early,
// so that their latency hides behind the current plane's work).
template <class Op, class Backend, bool Streaming>
struct PreloadedPoint {
  float* out[Op::F] = {};  // where the new values go
  float prev_[Op::F] = {};
  float model_[Op::M] = {};

  SEIS_NATIVE_DEV void load(const StepArgs<Op>& a, long long i) {
    for (int f = 0; f < Op::F; ++f) {
      out[f] = a.next[f] + i;
      prev_[f] = *out[f];
    }
    for (int m = 0; m < Op::M; ++m) model_[m] = a.model[m][i];
  }
  SEIS_NATIVE_DEV float prev(int f) const { return prev_[f]; }
  SEIS_NATIVE_DEV float model(int m) const { return model_[m]; }
  SEIS_NATIVE_DEV void store(int f, float v) const {
    if constexpr (Streaming)
      Backend::store_streaming(out[f], v);
    else
      *out[f] = v;
  }
};

// ---- acoustic isotropic (physics.md §1) ----------------------------------

struct IsoOp {
  static constexpr int F = 1, M = 1, H = R, S = 0;
  static constexpr bool CrossTerms = false;
  using Accum = float;
  struct Coeffs {};

  float centre;       // c0 (1/hx^2 + 1/hy^2 + 1/hz^2)
  float cx[R + 1];    // c_m / hx^2 (entry 0 unused)
  float cy[R + 1];
  float cz[R + 1];

  template <class Mem>
  SEIS_NATIVE_DEV Coeffs coeffs(const Mem&) const {
    return {};
  }
  SEIS_NATIVE_DEV Coeffs coeffs(const StepArgs<IsoOp>& a, long long idx) const {
    return coeffs(PointMemory<IsoOp, void, false>{a, idx});
  }

  template <int DZ, class Plane>
  SEIS_NATIVE_DEV float plane_term(int_c<DZ>, const Plane& plane, const Coeffs&) const {
    if constexpr (DZ == 0) {
      float sum = centre * plane(0, 0, 0);
      static_for<1, R + 1>([&](auto m) {
        sum += cx[m] * (plane(0, m, 0) + plane(0, -m, 0)) + cy[m] * (plane(0, 0, m) + plane(0, 0, -m));
      });
      return sum;
    } else {
      return cz[DZ < 0 ? -DZ : DZ] * plane(0, 0, 0);
    }
  }

  // p+ = 2p - p- + V lap, written over p- (plain or streaming store).
  template <class Mem>
  SEIS_NATIVE_DEV void update(float lap, const Values<1>& c, const Mem& mem) const {
    const float p = c[0];
    mem.store(0, 2.0f * p - mem.prev(0) + mem.model(0) * lap);
  }
  template <bool Streaming, class Backend>
  SEIS_NATIVE_DEV void update(const StepArgs<IsoOp>& a, long long idx, float lap, const Values<1>& c) const {
    update(lap, c, PointMemory<IsoOp, Backend, Streaming>{a, idx});
  }
};

// ---- pseudo-acoustic TTI (physics.md §2) ---------------------------------

struct TtiAccum {
  float z = 0;   // partial sum of Z = (L - H) s, s = p + q
  float hp = 0;  // partial sum of H p
  SEIS_NATIVE_DEV TtiAccum& operator+=(const TtiAccum& o) {
    z += o.z;
    hp += o.hp;
    return *this;
  }
};

struct TtiCoeffs {  // products of the symmetry axis at the updated point
  float xx = 0, yy = 0, zz = 0, xy2 = 0, xz2 = 0, yz2 = 0;
};

struct TtiOp {
  static constexpr int F = 2, M = 5, H = R, S = 2;
  static constexpr bool CrossTerms = true;
  enum : int { p_field = 0, q_field = 1 };
  enum : int { v_model = 0, a_model = 1, b_model = 2, nx_model = 3, ny_model = 4 };
  using Accum = TtiAccum;
  using Coeffs = TtiCoeffs;

  float cx[R + 1], cy[R + 1], cz[R + 1];  // 8th-order D2 weights / h^2
  float d1x[2], d1y[2], d1z[2];           // 4th-order D1 weights / h
  float w11, w12, w22;                    // grouped D1x D1y weights / (hx hy)

  SEIS_NATIVE_DEV Coeffs coeffs(const StepArgs<TtiOp>& a, long long idx) const {
    return coeffs(PointMemory<TtiOp, void, false>{a, idx});
  }
  template <class Mem>
  SEIS_NATIVE_DEV Coeffs coeffs(const Mem& mem) const {
    const float nx = mem.model(nx_model), ny = mem.model(ny_model);
    const float rest = 1.0f - nx * nx - ny * ny;
    const float nz = rest > 0.0f ? sqrtf(rest) : 0.0f;
    Coeffs c;
    c.xx = nx * nx;
    c.yy = ny * ny;
    c.zz = nz * nz;
    c.xy2 = 2.0f * nx * ny;
    c.xz2 = 2.0f * nx * nz;
    c.yz2 = 2.0f * ny * nz;
    return c;
  }

  template <int DZ, class Plane>
  SEIS_NATIVE_DEV Accum plane_term(int_c<DZ>, const Plane& plane, const Coeffs& n) const {
    auto s = [&](int di, int dj) { return plane(p_field, di, dj) + plane(q_field, di, dj); };
    auto p = [&](int di, int dj) { return plane(p_field, di, dj); };
    Accum out;
    if constexpr (DZ == 0) {
      const InPlane ds = in_plane(s), dp = in_plane(p);
      const float ls = ds.xx + ds.yy + ds.zz;
      const float hs = n.xx * ds.xx + n.yy * ds.yy + n.zz * ds.zz + n.xy2 * ds.xy;
      out.z = ls - hs;
      out.hp = n.xx * dp.xx + n.yy * dp.yy + n.zz * dp.zz + n.xy2 * dp.xy;
    } else {
      constexpr int m = DZ < 0 ? -DZ : DZ;
      const float zs = cz[m] * s(0, 0);
      const float zp = cz[m] * p(0, 0);
      if constexpr (m <= 2) {
        // This plane's share of D1z(D1x .) and D1z(D1y .).
        const float wz = DZ > 0 ? d1z[m - 1] : -d1z[m - 1];
        const float xs = wz * d1(s, d1x, 1, 0), ys = wz * d1(s, d1y, 0, 1);
        const float xp = wz * d1(p, d1x, 1, 0), yp = wz * d1(p, d1y, 0, 1);
        out.z = zs - (n.zz * zs + n.xz2 * xs + n.yz2 * ys);
        out.hp = n.zz * zp + n.xz2 * xp + n.yz2 * yp;
      } else {
        out.z = zs - n.zz * zs;
        out.hp = n.zz * zp;
      }
    }
    return out;
  }

  // p+ = 2p - p- + A Z + V (H p);  q+ = 2q - q- + B Z, written over p-, q-.
  template <class Mem>
  SEIS_NATIVE_DEV void update(const Accum& acc, const Values<2>& c, const Mem& mem) const {
    const float p = c[p_field], q = c[q_field];
    mem.store(p_field, 2.0f * p - mem.prev(p_field) + mem.model(a_model) * acc.z + mem.model(v_model) * acc.hp);
    mem.store(q_field, 2.0f * q - mem.prev(q_field) + mem.model(b_model) * acc.z);
  }
  template <bool Streaming, class Backend>
  SEIS_NATIVE_DEV void update(const StepArgs<TtiOp>& a, long long idx, const Accum& acc,
                              const Values<2>& c) const {
    update(acc, c, PointMemory<TtiOp, Backend, Streaming>{a, idx});
  }

 private:
  // Second derivatives of the centre plane: xx, yy (full), zz (its centre
  // weight only) and the 4th-order mixed xy derivative.
  struct InPlane {
    float xx, yy, zz, xy;
  };

  template <class Value>
  SEIS_NATIVE_DEV InPlane in_plane(const Value& f) const {
    InPlane d;
    const float f00 = f(0, 0);
    d.xx = cx[0] * f00;
    d.yy = cy[0] * f00;
    d.zz = cz[0] * f00;
    static_for<1, R + 1>([&](auto m) {
      d.xx += cx[m] * (f(m, 0) + f(-m, 0));
      d.yy += cy[m] * (f(0, m) + f(0, -m));
    });
    const float s11 = f(1, 1) - f(1, -1) - f(-1, 1) + f(-1, -1);
    const float s22 = f(2, 2) - f(2, -2) - f(-2, 2) + f(-2, -2);
    const float s12 = f(1, 2) - f(1, -2) - f(-1, 2) + f(-1, -2) + f(2, 1) - f(2, -1) - f(-2, 1) + f(-2, -1);
    d.xy = w11 * s11 + w12 * s12 + w22 * s22;
    return d;
  }

  // 4th-order first derivative along in-plane direction (ux, uy).
  template <class Value>
  SEIS_NATIVE_DEV float d1(const Value& f, const float (&w)[2], int ux, int uy) const {
    return w[0] * (f(ux, uy) - f(-ux, -uy)) + w[1] * (f(2 * ux, 2 * uy) - f(-2 * ux, -2 * uy));
  }
};

// ---- weights (host) ------------------------------------------------------
// Computed in double and rounded once to float, as the Kokkos physics does.

inline IsoOp make_iso_op(const Grid& g) {
  const auto c = second_derivative_weights<R>();
  const double ix2 = 1.0 / (g.hx * g.hx), iy2 = 1.0 / (g.hy * g.hy), iz2 = 1.0 / (g.hz * g.hz);
  IsoOp op{};
  op.centre = float(c[0] * (ix2 + iy2 + iz2));
  for (int m = 1; m <= R; ++m) {
    op.cx[m] = float(c[m] * ix2);
    op.cy[m] = float(c[m] * iy2);
    op.cz[m] = float(c[m] * iz2);
  }
  return op;
}

inline TtiOp make_tti_op(const Grid& g) {
  const auto c = second_derivative_weights<R>();
  TtiOp op{};
  for (int m = 0; m <= R; ++m) {
    op.cx[m] = float(c[m] / (g.hx * g.hx));
    op.cy[m] = float(c[m] / (g.hy * g.hy));
    op.cz[m] = float(c[m] / (g.hz * g.hz));
  }
  op.d1x[0] = float(first_derivative_d1 / g.hx);
  op.d1x[1] = float(first_derivative_d2 / g.hx);
  op.d1y[0] = float(first_derivative_d1 / g.hy);
  op.d1y[1] = float(first_derivative_d2 / g.hy);
  op.d1z[0] = float(first_derivative_d1 / g.hz);
  op.d1z[1] = float(first_derivative_d2 / g.hz);
  const double hxy = g.hx * g.hy;
  op.w11 = float(4.0 / 9.0 / hxy);
  op.w12 = float(-1.0 / 18.0 / hxy);
  op.w22 = float(1.0 / 144.0 / hxy);
  return op;
}

}  // namespace seis::native::dev
