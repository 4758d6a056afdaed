#pragma once
// Numerical dispersion of the 8th-order-in-space, 2nd-order-in-time scheme
// (physics.md §4): the relative error of the phase velocity of a plane wave
// with G points per wavelength and Courant number r = v dt / h.

#include "seis/grid.hpp"
#include "seis/stencil_coefficients.hpp"

#include <cmath>

namespace seis {

// sigma(kh) = -h^2 D2 applied to e^{ikx}: -c0 - 2 sum_m c_m cos(m kh).
inline double stencil_symbol(double kh) {
  const auto c = second_derivative_weights<Grid::radius>();
  double s = -c[0];
  for (int m = 1; m <= Grid::radius; ++m) s -= 2 * c[m] * std::cos(m * kh);
  return s;
}

struct PhaseError {
  double space = 0;  // exact time integration: c_h / c - 1
  double total = 0;  // with leapfrog: c_num / c - 1
  double time() const { return total - space; }
};

// Along an axis, or along the cube diagonal (the wave vector's three
// components each kh / sqrt 3) of a grid with equal spacing.
inline PhaseError phase_velocity_error(double points_per_wavelength, double courant, bool diagonal) {
  const double kh = 2 * M_PI / points_per_wavelength;
  const double sigma = diagonal ? 3 * stencil_symbol(kh / std::sqrt(3.0)) : stencil_symbol(kh);
  PhaseError e;
  e.space = std::sqrt(sigma) / kh - 1;
  // Leapfrog: sin^2(omega dt / 2) = r^2 sigma / 4.
  e.total = 2 * std::asin(0.5 * courant * std::sqrt(sigma)) / (courant * kh) - 1;
  return e;
}

}  // namespace seis
