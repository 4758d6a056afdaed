#pragma once
// Finite-difference weights (physics.md §1, §2).

#include <array>
#include <cmath>

namespace seis {

// The stencil radius R of every physics (8th order in space): the halo of
// the grid, the planes a streaming kernel keeps, the native twins' halo.
// Declared once, here, in a header the native twins include too.
inline constexpr int stencil_radius = 4;

// Central second derivative of order 2R (Fornberg 1988), unit spacing:
// D2 f_i = c0 f_i + sum_m c_m (f_{i+m} + f_{i-m}).
// c_m = 2(-1)^{m+1} (R!)^2 / (m^2 (R-m)! (R+m)!),  c0 = -2 sum c_m.
template <int R>
constexpr std::array<double, R + 1> second_derivative_weights() {
  std::array<double, R + 1> c{};
  double fact_r = 1;
  for (int k = 2; k <= R; ++k) fact_r *= k;
  double sum = 0;
  for (int m = 1; m <= R; ++m) {
    double fact_rm = 1, fact_rp = 1;
    for (int k = 2; k <= R - m; ++k) fact_rm *= k;
    for (int k = 2; k <= R + m; ++k) fact_rp *= k;
    const double sign = (m % 2 == 1) ? 1.0 : -1.0;
    c[m] = 2.0 * sign * fact_r * fact_r / (double(m) * m * fact_rm * fact_rp);
    sum += c[m];
  }
  c[0] = -2.0 * sum;
  return c;
}

// Sum of absolute weights, S = |c0| + 2 sum |c_m|: the symbol's maximum (CFL).
template <int R>
constexpr double second_derivative_abs_sum() {
  const auto c = second_derivative_weights<R>();
  double s = c[0] < 0 ? -c[0] : c[0];
  for (int m = 1; m <= R; ++m) s += 2 * (c[m] < 0 ? -c[m] : c[m]);
  return s;
}

// Central first derivative of order 2Q, unit spacing:
// D1 f_i = sum_q d_q (f_{i+q} - f_{i-q}),
// d_q = (-1)^{q+1} (Q!)^2 / (q (Q-q)! (Q+q)!)  (Q = 1: 1/2; Q = 2: 2/3, -1/12).
template <int Q>
constexpr std::array<double, Q> first_derivative_weights() {
  std::array<double, Q> d{};
  double fact_q = 1;
  for (int k = 2; k <= Q; ++k) fact_q *= k;
  for (int q = 1; q <= Q; ++q) {
    double fact_qm = 1, fact_qp = 1;
    for (int k = 2; k <= Q - q; ++k) fact_qm *= k;
    for (int k = 2; k <= Q + q; ++k) fact_qp *= k;
    d[q - 1] = (q % 2 == 1 ? 1.0 : -1.0) * fact_q * fact_q / (double(q) * fact_qm * fact_qp);
  }
  return d;
}

// 4th-order central first derivative, unit spacing (TTI's cross terms, the
// iso and TTI CPML): D1 f = d1 (f_{+1} - f_{-1}) + d2 (f_{+2} - f_{-2}).
inline constexpr int first_derivative_radius = 2;
inline constexpr double first_derivative_d1 = first_derivative_weights<first_derivative_radius>()[0];
inline constexpr double first_derivative_d2 = first_derivative_weights<first_derivative_radius>()[1];
static_assert(first_derivative_d1 == 2.0 / 3.0 && first_derivative_d2 == -1.0 / 12.0,
              "the 4th-order weights, bitwise the literals they replace");

}  // namespace seis
