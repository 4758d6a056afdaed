#pragma once
// A deliberately simple CPU implementation of one time step, for checking the
// native kernels. Independent of the kernels' code on purpose: the weights are
// the literal rationals of physics.md, sums are in double, the mixed
// derivatives are the plain D1 x D1 tensor product (not the grouped S11/S12/S22
// form), and no plane splitting is involved.

#include "native_kernels.hpp"

#include <cmath>

namespace seis::native::reference {

// 8th-order D2 (physics.md §1) and 4th-order D1 (§2), unit spacing.
constexpr double d2_weights[5] = {-205.0 / 72.0, 8.0 / 5.0, -1.0 / 5.0, 8.0 / 315.0, -1.0 / 560.0};
constexpr double d1_weights[3] = {0.0, 2.0 / 3.0, -1.0 / 12.0};  // D1 f = sum_m w_m (f_{+m} - f_{-m})

// D2 of f at linear index i along the axis with stride s, spacing h.
inline double second_derivative(const float* f, long long i, long long s, double h) {
  double sum = d2_weights[0] * f[i];
  for (int m = 1; m <= 4; ++m) sum += d2_weights[m] * (double(f[i + m * s]) + double(f[i - m * s]));
  return sum / (h * h);
}

// D1_a D1_b f at linear index i, axes with strides sa, sb and spacings ha, hb.
inline double mixed_derivative(const float* f, long long i, long long sa, long long sb, double ha, double hb) {
  double sum = 0;
  for (int a = -2; a <= 2; ++a) {
    if (a == 0) continue;
    const double wa = a > 0 ? d1_weights[a] : -d1_weights[-a];
    for (int b = -2; b <= 2; ++b) {
      if (b == 0) continue;
      const double wb = b > 0 ? d1_weights[b] : -d1_weights[-b];
      sum += wa * wb * f[i + a * sa + b * sb];
    }
  }
  return sum / (ha * hb);
}

// p_next <- 2p - p_next + V L p over the box.
inline void iso_step(const Grid& g, const Box& box, const float* p, float* p_next, const float* v2dt2) {
  for (int z = box.z0; z < box.z1; ++z)
    for (int y = box.y0; y < box.y1; ++y)
      for (int x = box.x0; x < box.x1; ++x) {
        const long long i = index(g, x, y, z);
        const double lap = second_derivative(p, i, 1, g.hx) + second_derivative(p, i, g.stride_y, g.hy) +
                           second_derivative(p, i, g.stride_z, g.hz);
        p_next[i] = float(2.0 * p[i] - double(p_next[i]) + double(v2dt2[i]) * lap);
      }
}

// The p/q update of physics.md §2 over the box; s = p + q is formed in float
// first, as the kernels do, so both see the same field.
inline void tti_step(const Grid& g, const Box& box, const TtiFields& f, float* s_scratch) {
  const long long sx = 1, sy = g.stride_y, sz = g.stride_z;
  const long long n = storage_size(g);
  for (long long i = 0; i < n; ++i) s_scratch[i] = f.p[i] + f.q[i];
  const float* s = s_scratch;
  for (int z = box.z0; z < box.z1; ++z)
    for (int y = box.y0; y < box.y1; ++y)
      for (int x = box.x0; x < box.x1; ++x) {
        const long long i = index(g, x, y, z);
        const double nx = f.nx[i], ny = f.ny[i];
        const double nz = std::sqrt(std::fmax(0.0, 1.0 - nx * nx - ny * ny));
        auto axis_h = [&](const float* u) {  // H u = (n . grad)^2 u
          return nx * nx * second_derivative(u, i, sx, g.hx) + ny * ny * second_derivative(u, i, sy, g.hy) +
                 nz * nz * second_derivative(u, i, sz, g.hz) +
                 2 * nx * ny * mixed_derivative(u, i, sx, sy, g.hx, g.hy) +
                 2 * nx * nz * mixed_derivative(u, i, sx, sz, g.hx, g.hz) +
                 2 * ny * nz * mixed_derivative(u, i, sy, sz, g.hy, g.hz);
        };
        const double ls = second_derivative(s, i, sx, g.hx) + second_derivative(s, i, sy, g.hy) +
                          second_derivative(s, i, sz, g.hz);
        const double zterm = ls - axis_h(s);
        const double hp = axis_h(f.p);
        f.p_next[i] = float(2.0 * f.p[i] - double(f.p_next[i]) + double(f.A[i]) * zterm + double(f.V[i]) * hp);
        f.q_next[i] = float(2.0 * f.q[i] - double(f.q_next[i]) + double(f.B[i]) * zterm);
      }
}

}  // namespace seis::native::reference
