// Physics verification of the isotropic solver (physics.md §6), in double
// precision with the reference strategy gmem_3d.
#include "catch_compat.hpp"
#include "test_support.hpp"

#include "seis/physics/iso.hpp"
#include "seis/policies/gmem_3d.hpp"
#include "seis/run_plan.hpp"
#include "seis/simulation.hpp"

#include <cmath>
#include <vector>

using namespace seis;
using Iso64 = IsoPhysics<double>;

namespace {
const std::size_t plenty = std::size_t(1) << 40;


double ricker(double t, double f0, double t0) {
  const double a = M_PI * M_PI * f0 * f0 * (t - t0) * (t - t0);
  return (1 - 2 * a) * std::exp(-a);
}
}  // namespace

TEST_CASE("homogeneous medium matches the analytic 3D Green's function within 2%", "[physics][analytic]") {
  // v = 2000 m/s, f0 = 8 Hz, h = 20 m: 12.5 points per wavelength at f0 and
  // 5 at 2.5 f0 (physics.md §4). Courant number v dt / h = 0.3 * 0.4529 =
  // 0.136: at 3-4 wavelengths the 2nd-order time error dominates (measured:
  // 6-7.6 % at Courant 0.36, 1.5-1.8 % at 0.18, 0.8-1.0 % at 0.136), so the
  // test runs where physics.md §4 recommends for long propagation.
  // Receivers 40, 45, 50 nodes (3.2 to 4 wavelengths) from the source along
  // +x; the domain is sized so that no boundary echo reaches a receiver
  // before the end of its window [r/c + t0 - 2/f0, r/c + t0 + 2/f0].
  Scenario s;
  s.name = "green";
  s.pml_thickness = 0;
  s.nx = 101;
  s.ny = s.nz = 89;
  s.hx = s.hy = s.hz = 20;
  const double c = 2000, f0 = 8;
  s.velocity() = ModelSpec::constant_value(c);
  s.f0 = f0;
  s.cfl_fraction = 0.3;
  s.source = {25 * 20.0, 44 * 20.0, 44 * 20.0};
  for (int d : {40, 45, 50}) s.receivers.push_back({(25 + d) * 20.0, 44 * 20.0, 44 * 20.0});
  const double t_end = 50 * 20.0 / c + 1.5 / f0 + 2 / f0;
  const RunPlan probe = plan_run([&] { Scenario t = s; t.steps = 1; return t; }(), plenty, 8);
  s.steps = int(std::ceil(t_end / probe.dt)) + 1;
  const RunPlan plan = plan_run(s, plenty, 8);
  REQUIRE(plan.dt * c / 20 == Approx(0.3 * std::sqrt(105.0 / 512)));

  Simulation<Iso64> sim(plan, test::reference<Iso64>());
  sim.run();
  const auto& traces = sim.receivers().traces();
  for (int r = 0; r < 3; ++r) {
    const double dist = (40 + 5 * r) * 20.0;
    double num = 0, den = 0, cross = 0;
    for (int k = 0; k < plan.samples; ++k) {
      const double t = k * plan.dt;
      if (t < dist / c + plan.t0 - 2 / f0 || t > dist / c + plan.t0 + 2 / f0) continue;
      const double exact = ricker(t - dist / c, f0, plan.t0) / (4 * M_PI * dist);
      const double got = traces[std::size_t(r) * plan.samples + k];
      num += (got - exact) * (got - exact);
      den += exact * exact;
      cross += got * exact;
    }
    const double rel = std::sqrt(num / den);
    INFO("receiver at " << dist << " m: relative L2 error " << rel << ", amplitude ratio " << cross / den);
    REQUIRE(rel < 0.02);
    REQUIRE(cross / den == Approx(1.0).epsilon(0.01));  // v^2/h^3 injection scaling
  }
}

namespace {
// Initial displacement f(r) = exp(-r^2/sigma^2), zero velocity: the exact
// spherical solution p = [(r-ct) f(r-ct) + (r+ct) f(r+ct)] / (2r).
struct GaussianPulse {
  double sigma, c;
  double f(double s) const { return std::exp(-s * s / (sigma * sigma)); }
  double operator()(double r, double t) const {
    const double a = r - c * t, b = r + c * t;
    if (r < 1e-9) {  // limit r -> 0: d/ds [s f(s)] at s = ct
      const double s = c * t;
      return f(s) * (1 - 2 * s * s / (sigma * sigma));
    }
    return (a * f(a) + b * f(b)) / (2 * r);
  }
};

// Relative L2 error at time T of a run with n points per axis on [-1, 1]^3
// at Courant number `courant`.
double pulse_error(int n, double courant, double T) {
  const double h = 2.0 / (n - 1), c = 1.0;
  Scenario s;
  s.name = "pulse";
  s.pml_thickness = 0;
  s.nx = s.ny = s.nz = n;
  s.hx = s.hy = s.hz = h;
  s.velocity() = ModelSpec::constant_value(c);
  s.dt = courant * h / c;
  s.steps = int(std::lround(T / s.dt));
  s.amplitude = 0;  // no source: the pulse is the initial condition
  s.f0 = 1;
  s.source = {1, 1, 1};
  s.receivers = {{1, 1, 1}};
  const RunPlan plan = plan_run(s, plenty, 8);
  Simulation<Iso64> sim(plan, test::reference<Iso64>());
  const GaussianPulse exact{0.2, c};
  const Grid& g = plan.grid;
  auto fill = [&](const Field<double>& field, double t) {
    std::vector<double> v(std::size_t(g.storage_size()), 0.0);
    for (int z = 0; z < n; ++z)
      for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
          const double px = -1 + x * h, py = -1 + y * h, pz = -1 + z * h;
          v[std::size_t(g.index(x, y, z))] = exact(std::sqrt(px * px + py * py + pz * pz), t);
        }
    test::from_host(field, v);
  };
  fill(sim.state().current(0), 0.0);
  fill(sim.state().previous(0), -plan.dt);
  sim.run();
  const auto p = test::to_host(sim.state().current(0));
  const double t = s.steps * plan.dt;
  double num = 0, den = 0;
  for (int z = 0; z < n; ++z)
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const double px = -1 + x * h, py = -1 + y * h, pz = -1 + z * h;
        const double e = exact(std::sqrt(px * px + py * py + pz * pz), t);
        const double d = p[std::size_t(g.index(x, y, z))] - e;
        num += d * d;
        den += e * e;
      }
  return std::sqrt(num / den);
}
}  // namespace

TEST_CASE("the scheme converges at order 2 at fixed Courant number", "[physics][convergence]") {
  // Gaussian pulse (sigma = 0.2) on [-1,1]^3, c = 1, Courant 0.4, T = 0.2.
  // At 4 points per sigma on the coarsest grid the 8th-order spatial error is
  // ~1e-6 while the 2nd-order time error is ~1e-3: the time error dominates
  // and each halving of (h, dt) should divide the error by ~4.
  const double e1 = pulse_error(41, 0.4, 0.2);
  const double e2 = pulse_error(81, 0.4, 0.2);
  const double e3 = pulse_error(161, 0.4, 0.2);
  INFO("errors " << e1 << " " << e2 << " " << e3 << ", ratios " << e1 / e2 << " " << e2 / e3);
  REQUIRE(e1 / e2 >= 3.5);
  REQUIRE(e2 / e3 >= 3.5);
  REQUIRE(e1 / e2 <= 4.5);
  REQUIRE(e2 / e3 <= 4.5);
}

TEST_CASE("source-receiver reciprocity holds with different velocities at both ends", "[physics][reciprocity]") {
  // Two layers (1500 and 2500 m/s): injection with V = v^2 dt^2 / h^3 makes
  // the discrete response symmetric; a missing v^2 would break it by exactly
  // (2500/1500)^2. Closed box (p = 0 halo), double precision; traces are
  // recorded in float32, so agreement is to float rounding (1e-5).
  Scenario s;
  s.name = "reciprocity";
  s.pml_thickness = 0;
  s.nx = 48;
  s.ny = 40;
  s.nz = 44;
  s.hx = s.hy = s.hz = 10;
  s.velocity().kind = ModelSpec::Kind::layered;
  s.velocity().tops = {0, 220};
  s.velocity().values = {1500, 2500};
  s.f0 = 15;
  s.steps = 260;
  const Point3 a{120, 200, 120}, b{330, 170, 330};
  auto trace = [&](Point3 src, Point3 rec) {
    Scenario t = s;
    t.source = src;
    t.receivers = {rec};
    const RunPlan plan = plan_run(t, plenty, 8);
    Simulation<Iso64> sim(plan, test::reference<Iso64>());
    sim.run();
    return sim.receivers().traces();
  };
  const auto ab = trace(a, b), ba = trace(b, a);
  double num = 0, den = 0, peak = 0;
  for (std::size_t k = 0; k < ab.size(); ++k) {
    num += double(ab[k] - ba[k]) * double(ab[k] - ba[k]);
    den += double(ab[k]) * double(ab[k]);
    peak = std::max(peak, std::abs(double(ab[k])));
  }
  INFO("relative L2 difference " << std::sqrt(num / den) << ", peak " << peak);
  REQUIRE(peak > 0);
  REQUIRE(std::sqrt(num / den) < 1e-5);
}
