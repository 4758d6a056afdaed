// The CPML runs each physics' own update (its cpml_update declaration,
// seis/physics/cpml_update.hpp): with the damping profiles zero (vmax = 0,
// f0 = 0: d = alpha = 0, so a = 0 and b = 1, and psi, xi stay 0) the layer's
// update of a slab point is the physics' interior update there. Checked for
// the physics defined in tests (lap7, radius 1: against its host arithmetic,
// lap7_physics.hpp) and for iso (against gmem_3d); TTI's layer
// update is the isotropic one, exact because its model builder tapers the
// anisotropy away in and near the layer, which the last test checks.
#include "catch_compat.hpp"
#include "cross_strategy.hpp"
#include "lap7_physics.hpp"
#include "test_support.hpp"

#include "seis/physics/iso.hpp"
#include "seis/physics/tti_model.hpp"
#include "seis/pml.hpp"
#include "seis/policies/registry.hpp"
#include "seis/run_plan.hpp"
#include "seis/scenario.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

using namespace seis;

namespace {

// One step from a random state (whole padded box, halo included) by the
// CPML with zero damping. A grid with a different spacing per axis, so that
// each axis' weights are checked.
template <class Physics>
struct OneStep {
  Grid grid{18, 16, 14, 1.0, 1.25, 0.8, 4};
  Regions regions;
  std::vector<float> layer, p, prev, V;
  double scale = 0;  // bound of the terms summed: 3 + max V sum_a sum_m |w_m| / h_a^2 (|p| < 1)

  explicit OneStep(unsigned seed) {
    WaveState<Physics> a(grid);
    test::randomise(a, seed);
    p = test::to_host(a.current(0));
    prev = test::to_host(a.previous(0));
    V = test::to_host(a.model(0));
    const Cpml<float> pml(grid, CpmlParameters{4, 1e-3, 2, 0.0, 0.0, 1e-3});
    regions = pml.regions();
    pml.apply(a.step_data(Physics(grid)));
    Kokkos::fence();
    layer = test::to_host(a.previous(0));
    using U = typename Physics::cpml_update;
    double s = 0;
    for (double h : {grid.hx(), grid.hy(), grid.hz()})
      for (int m = 0; m <= U::radius; ++m) s += (m == 0 ? 1 : 2) * std::abs(U::d2()[std::size_t(m)]) / (h * h);
    scale = 3 + double(*std::max_element(V.begin(), V.end())) * s;
  }

  // f(index) for every point of the six slabs.
  template <class F>
  void each_slab_point(F&& f) const {
    for (const Box& b : regions.slabs)
      for (int z = b.z0; z < b.z1; ++z)
        for (int y = b.y0; y < b.y1; ++y)
          for (int x = b.x0; x < b.x1; ++x) f(std::size_t(grid.index(x, y, z)));
  }
};

// The physics' interior update of the same state: lap7's host arithmetic
// (double), iso's by gmem_3d.
std::vector<double> interior_update(const OneStep<test::Lap7Physics<float>>& s) {
  const std::vector<double> p(s.p.begin(), s.p.end());
  std::vector<double> next(p.size(), 0.0);
  for (int z = 0; z < s.grid.nz(); ++z)
    for (int y = 0; y < s.grid.ny(); ++y)
      for (int x = 0; x < s.grid.nx(); ++x) {
        const std::size_t i = std::size_t(s.grid.index(x, y, z));
        next[i] = 2 * p[i] - s.prev[i] + double(s.V[i]) * test::Lap7Physics<float>::laplacian(s.grid, p, x, y, z);
      }
  return next;
}
std::vector<double> interior_update(const OneStep<IsoPhysics<float>>& s) {
  using P = IsoPhysics<float>;
  WaveState<P> b(s.grid);
  test::from_host(b.current(0), s.p);
  test::from_host(b.previous(0), s.prev);
  test::from_host(b.model(0), s.V);
  make_strategy<P>("gmem_3d")->apply(b.step_data(P(s.grid)), s.grid.interior());
  Kokkos::fence();
  const std::vector<float> next = test::to_host(b.previous(0));
  return std::vector<double>(next.begin(), next.end());
}

// Both sides sum the same terms (at most 2R + 1 per axis, each below
// `scale`) in other orders, with weights rounded to float once each: each
// side is within about (3(2R + 1) + 4) rounding steps of eps/2 * scale of the
// exact value, under 16 eps * scale for R <= 4 (measured: see INFO).
template <class Physics>
void check_layer_is_interior_update() {
  const OneStep<Physics> s(11);
  const std::vector<double> interior = interior_update(s);
  const double tol = 16 * std::numeric_limits<float>::epsilon() * s.scale;
  double worst = 0;
  std::size_t points = 0;
  s.each_slab_point([&](std::size_t i) {
    worst = std::max(worst, std::abs(s.layer[i] - interior[i]));
    ++points;
  });
  INFO(Physics::name() << ": " << points << " slab points, largest difference " << worst << ", bound " << tol);
  REQUIRE(points > 0);
  REQUIRE(worst <= tol);
}

}  // namespace

TEST_CASE("without damping the CPML advances a physics defined in tests by its own operator",
          "[user-physics][pml]") {
  check_layer_is_interior_update<test::Lap7Physics<float>>();
  // Not a check that any operator passes: iso's 25-point update of the same
  // state is far from lap7's in the slabs (more than 1000 times the bound).
  const OneStep<test::Lap7Physics<float>> lap7(11);
  const OneStep<IsoPhysics<float>> iso(11);
  REQUIRE(lap7.p == iso.p);
  const std::vector<double> iso_interior = interior_update(iso);
  double apart = 0;
  lap7.each_slab_point([&](std::size_t i) { apart = std::max(apart, std::abs(lap7.layer[i] - iso_interior[i])); });
  REQUIRE(apart > 1000 * 16 * std::numeric_limits<float>::epsilon() * lap7.scale);
}

TEST_CASE("without damping the CPML advances iso by its own operator", "[pml]") {
  check_layer_is_interior_update<IsoPhysics<float>>();
}

TEST_CASE("the TTI model has no anisotropy in the absorbing layer nor within R points of it, whatever the taper",
          "[pml][tti]") {
  // TTI's cpml_update (tti.hpp) is the isotropic one: exact only where A = V
  // and B = 0 (eps = delta = 0) for every point the layer updates and every
  // point whose stencil reads q there. Whatever the taper width (0: the
  // default of 1 point), build_model must give that, here with eps = 0.25,
  // delta = 0.1 everywhere (B != 0 in the middle, checked too).
  const int n = 40, L = 6;
  for (int taper : {0, 1, 5}) {
    const Scenario sc = parse_scenario(
        "physics = \"tti\"\n[grid]\nnx = 40\nny = 40\nnz = 40\nspacing = 10.0\n[time]\nsteps = 1\n"
        "[model]\nvp = 2000.0\nepsilon = 0.25\ndelta = 0.1\ntheta = 30.0\nphi = 45.0\n"
        "[source]\nposition = [200.0, 200.0, 200.0]\nfrequency = 12.0\n[receivers]\npoints = [[250.0, 200.0, 200.0]]\n"
        "[boundary]\npml = " +
            std::to_string(L) + "\ntaper = " + std::to_string(taper) + "\n",
        "tti");
    const RunPlan plan = plan_run(sc, std::size_t(1) << 40);
    using P = TtiPhysics<float>;
    WaveState<P> state(plan.grid);
    std::vector<std::string> warnings;
    build_model(state, plan, warnings, Subdomain::whole(n, n, n));
    const std::vector<float> V = test::to_host(state.model(P::v_model)), A = test::to_host(state.model(P::a_model)),
                             B = test::to_host(state.model(P::b_model));
    const Grid& g = plan.grid;
    std::size_t near = 0, wrong = 0;
    for (int z = 0; z < n; ++z)
      for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
          const int depth = std::min({x, y, z, n - 1 - x, n - 1 - y, n - 1 - z});  // points from the nearest face
          if (depth >= L + Grid::radius) continue;
          const std::size_t i = std::size_t(g.index(x, y, z));
          ++near;
          if (A[i] != V[i] || B[i] != 0) ++wrong;
        }
    const std::size_t centre = std::size_t(g.index(n / 2, n / 2, n / 2));
    INFO("taper " << taper << ": " << wrong << " of " << near << " points in or within R of the layer anisotropic");
    REQUIRE(near > 0);
    REQUIRE(wrong == 0);
    REQUIRE(B[centre] > 0);
  }
}
