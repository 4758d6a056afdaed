#include "catch_compat.hpp"

#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"
#include "seis/run_plan.hpp"
#include "seis/stencil_coefficients.hpp"

#include <cmath>
#include <vector>

using namespace seis;

TEST_CASE("8th-order second-derivative weights are Fornberg's exact rationals", "[stencil]") {
  const auto c = second_derivative_weights<4>();
  const double exact[5] = {-205.0 / 72, 8.0 / 5, -1.0 / 5, 8.0 / 315, -1.0 / 560};
  for (int m = 0; m <= 4; ++m) REQUIRE(c[m] == Approx(exact[m]).epsilon(1e-14));
  REQUIRE(second_derivative_abs_sum<4>() == Approx(2048.0 / 315).epsilon(1e-14));
}

TEST_CASE("second-derivative stencil is exact for polynomials of degree <= 9 only", "[stencil]") {
  const auto c = second_derivative_weights<4>();
  const double h = 0.1, x0 = 0.3;
  for (int k = 0; k <= 10; ++k) {
    auto f = [&](double x) { return std::pow(x, k); };
    double d2 = c[0] * f(x0);
    for (int m = 1; m <= 4; ++m) d2 += c[m] * (f(x0 + m * h) + f(x0 - m * h));
    d2 /= h * h;
    const double exact = k < 2 ? 0.0 : k * (k - 1) * std::pow(x0, k - 2);
    const double err = std::abs(d2 - exact);
    if (k <= 9)
      REQUIRE(err <= 1e-9 * std::max(1.0, std::abs(exact)));
    else
      REQUIRE(err > 1e-7);  // degree 10 is where the h^8 f^(10) term appears
  }
}

TEST_CASE("4th-order mixed derivative weights give exactly 1 on xy", "[stencil][tti]") {
  // (4/9) S11 - (1/18) S12 + (1/144) S22 on f = x y with unit spacing.
  auto f = [](int i, int j) { return double(i * j); };
  const double s11 = f(1, 1) - f(1, -1) - f(-1, 1) + f(-1, -1);
  const double s22 = f(2, 2) - f(2, -2) - f(-2, 2) + f(-2, -2);
  const double s12 = f(1, 2) - f(1, -2) - f(-1, 2) + f(-1, -2) + f(2, 1) - f(2, -1) - f(-2, 1) + f(-2, -1);
  REQUIRE(4.0 / 9 * s11 - 1.0 / 18 * s12 + 1.0 / 144 * s22 == Approx(1.0).epsilon(1e-15));
}

TEST_CASE("CFL limit matches physics.md: C = sqrt(105/512) for equal spacing", "[stencil][cfl]") {
  const double h = 10, v = 2000;
  const double dt = cfl_time_step_limit(v, h, h, h);
  REQUIRE(dt * v / h == Approx(std::sqrt(105.0 / 512)).epsilon(1e-12));
  REQUIRE(dt * v / h == Approx(0.45286).epsilon(1e-4));
  // Unequal spacing: the general formula.
  const double dt2 = cfl_time_step_limit(v, 5, 10, 20);
  REQUIRE(dt2 == Approx(2 / (v * std::sqrt(2048.0 / 315 * (1 / 25.0 + 1 / 100.0 + 1 / 400.0)))).epsilon(1e-12));
}

namespace {
// Applies the iso plane terms (double) to f = sin(a x) sin(b y) sin(c z) on a
// cube of n points of spacing h and returns the max error against the exact
// Laplacian -(a^2+b^2+c^2) f.
double laplacian_error(int n, double h) {
  const double a = 3.0, b = 2.5, c = 2.0;
  const Grid g(n, n, n, h, h, h, 8);
  std::vector<double> f(std::size_t(g.storage_size()), 0.0);
  const int R = Grid::radius;
  auto exact = [&](int x, int y, int z) { return std::sin(a * x * h) * std::sin(b * y * h) * std::sin(c * z * h); };
  for (int z = -R; z < n + R; ++z)
    for (int y = -R; y < n + R; ++y)
      for (int x = -R; x < n + R; ++x) f[std::size_t(g.index(x, y, z))] = exact(x, y, z);
  const IsoPhysics<double> phys(g);
  double err = 0;
  for (int z = 0; z < n; ++z)
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const index_t idx = g.index(x, y, z);
        double lap = 0;
        static_for<-R, R + 1>([&](auto dz) {
          const PlaneWindow<double, 1> w{{f.data() + idx + dz * g.stride_z()}, int(g.stride_y())};
          lap += phys.plane_term(dz, w, {});
        });
        err = std::max(err, std::abs(lap + (a * a + b * b + c * c) * exact(x, y, z)));
      }
  return err;
}
}  // namespace

TEST_CASE("iso spatial operator is 8th order: error falls >= 200x when h halves", "[stencil][order]") {
  // Double precision, about 21 points per wavelength of the fastest sine at
  // the coarse level; roundoff (~1e-13) stays far below the fine error.
  const double coarse = laplacian_error(20, 0.1);
  const double fine = laplacian_error(40, 0.05);
  INFO("error h=0.1: " << coarse << ", h=0.05: " << fine << ", ratio " << coarse / fine);
  REQUIRE(coarse / fine >= 200.0);
  REQUIRE(coarse / fine <= 300.0);
}
