// A physics defined only in tests/ (lap7_physics.hpp) runs through
// everything generic over a physics: the scenario parser and the planner
// (its registered description), Simulation with and without the CPML, every
// strategy of the registry (the cross-strategy checks of cross_strategy.hpp)
// and seis-bench's timing loop (bench_physics.hpp), with no line outside
// tests/ naming it (issue 9).
#include "catch_compat.hpp"
#include "cross_strategy.hpp"
#include "lap7_physics.hpp"
#include "test_support.hpp"

#include "bench_physics.hpp"
#include "seis/policies/registry_definitions.hpp"
#include "seis/run_plan.hpp"
#include "seis/scenario.hpp"
#include "seis/simulation.hpp"

#include <cmath>
#include <string>
#include <vector>

using namespace seis;
using Lap7 = test::Lap7Physics<float>;

namespace {
const std::size_t plenty = std::size_t(1) << 40;

// A homogeneous lap7 scenario from its TOML text: 2000 m/s, h = 10 m, a
// 15 Hz Ricker (13 points per wavelength at f0) at the centre of an n^3
// grid, receivers 3 and 8 nodes from it along x, absorbing layer `pml`.
Scenario lap7_scenario(int n, int steps, int pml) {
  (void)test::lap7_description();
  const std::string c = std::to_string(n / 2 * 10.0);
  return parse_scenario("physics = \"lap7\"\n[grid]\nnx = " + std::to_string(n) + "\nny = " + std::to_string(n) +
                            "\nnz = " + std::to_string(n) + "\nspacing = 10.0\n[time]\nsteps = " +
                            std::to_string(steps) + "\n[model]\nvelocity = 2000.0\n[source]\nposition = [" + c +
                            ", " + c + ", " + c + "]\nfrequency = 15.0\n[receivers]\npoints = [[" +
                            std::to_string((n / 2 + 3) * 10.0) + ", " + c + ", " + c + "], [" +
                            std::to_string((n / 2 - 8) * 10.0) + ", " + c + ", " + c + "]]\n[boundary]\npml = " +
                            std::to_string(pml) + "\n",
                        "lap7");
}

// The traces of a run of `plan` with gmem_3d, from the registry.
std::vector<float> simulated_traces(const RunPlan& plan) {
  const auto op = make_strategy<Lap7>("gmem_3d");
  Simulation<Lap7> sim(plan, *op);
  sim.run();
  return sim.receivers().traces();
}

// The same run on the host in double precision, written from the equations
// of lap7_physics.hpp and of the time loop (simulation.hpp, source.hpp): p = 0
// in the halo, p+ = 2p - p- + V lap7 p, then the source adds
// V s(t_n) / (hx hy hz) at its node; receivers record p(t_n) first.
std::vector<float> reference_traces(const RunPlan& plan) {
  const Grid& g = plan.grid;
  const std::size_t n = std::size_t(g.storage_size());
  std::vector<double> p(n, 0.0), previous(n, 0.0);
  const double v = plan.scenario.velocity().value, V = v * v * plan.dt * plan.dt;
  const Ricker ricker{plan.scenario.f0, plan.t0, plan.scenario.amplitude};
  const std::size_t src = std::size_t(g.index(plan.source.x, plan.source.y, plan.source.z));
  std::vector<float> traces(plan.receivers.size() * std::size_t(plan.samples), 0.0f);
  for (int step = 0; step < plan.scenario.steps; ++step) {
    for (std::size_t r = 0; r < plan.receivers.size(); ++r) {
      const NodeIndex& at = plan.receivers[r];
      traces[r * std::size_t(plan.samples) + std::size_t(step)] = float(p[std::size_t(g.index(at.x, at.y, at.z))]);
    }
    for (int z = 0; z < g.nz(); ++z)
      for (int y = 0; y < g.ny(); ++y)
        for (int x = 0; x < g.nx(); ++x) {
          const std::size_t i = std::size_t(g.index(x, y, z));
          previous[i] = 2 * p[i] - previous[i] + V * Lap7::laplacian(g, p, x, y, z);
        }
    previous[src] += V * ricker(step * plan.dt) / (g.hx() * g.hy() * g.hz());
    std::swap(p, previous);
  }
  return traces;
}

double relative_misfit(const std::vector<float>& a, const std::vector<float>& b) {
  double num = 0, den = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    num += (double(a[i]) - b[i]) * (double(a[i]) - b[i]);
    den += double(b[i]) * b[i];
  }
  return std::sqrt(num / den);
}
}  // namespace

TEST_CASE("a physics described from a test is parsed, planned and named like the built-in ones", "[user-physics]") {
  const Scenario s = lap7_scenario(24, 10, 0);
  REQUIRE(s.physics == "lap7");
  REQUIRE(find_physics("lap7") == &test::lap7_description());
  const RunPlan plan = plan_run(s, plenty);
  CHECK(plan.bytes_needed >= WaveState<Lap7>::bytes_for(plan.grid));
  CHECK(plan.dt == Approx(s.cfl_fraction * cfl_time_step_limit(2000, 10, 10, 10)));
  // Not a physics of runs: the program's dispatch refuses it rather than run another.
  REQUIRE_THROWS_AS(with_physics("lap7", [](auto) {}), ConfigError);
}

TEST_CASE("Simulation advances a physics defined in tests as its own update says", "[user-physics]") {
  // 70 steps: the wave passes the receiver 3 nodes away and reaches the one 8
  // nodes away, never a face (no layer: p = 0 halo). Float against a double
  // host loop over the same equations: relative L2 <= 1e-5 (float rounding
  // over 70 steps of a 7-term sum; measured 2e-7).
  const RunPlan plan = plan_run(lap7_scenario(32, 70, 0), plenty);
  const std::vector<float> ran = simulated_traces(plan), expected = reference_traces(plan);
  double peak = 0;
  for (float x : expected) peak = std::max(peak, std::abs(double(x)));
  REQUIRE(peak > 0);
  const double misfit = relative_misfit(ran, expected);
  INFO("relative L2 of the traces against the host reference: " << misfit);
  REQUIRE(misfit <= 1e-5);
}

TEST_CASE("the CPML absorbs the waves of a physics defined in tests", "[user-physics][pml]") {
  // A 40^3 run with a 10-point CPML against the same run in a 96^3 grid
  // without layer, whose faces are far enough that no echo reaches the
  // receivers in 400 steps (0.36 s; the first echo needs 0.44 s); without the CPML, the 40^3 grid's rigid faces
  // echo into the window. The CPML advances lap7 by its own operator (its
  // cpml_update; test_cpml_contract.cpp). Bounds: the CPML run within 2% of
  // the unbounded one (measured 0.26%; 0.42% when the layer used the 8th-order
  // operator), at least 10 times closer than the run without the layer
  // (measured 26%).
  const int steps = 400;
  const RunPlan bounded = plan_run(lap7_scenario(40, steps, 10), plenty);
  Scenario unbounded = lap7_scenario(96, steps, 0), rigid = lap7_scenario(40, steps, 0);
  unbounded.dt = rigid.dt = bounded.dt;
  const std::vector<float> with_cpml = simulated_traces(bounded);
  const std::vector<float> reference = simulated_traces(plan_run(unbounded, plenty));
  const std::vector<float> without = simulated_traces(plan_run(rigid, plenty));
  const double absorbed = relative_misfit(with_cpml, reference), echoed = relative_misfit(without, reference);
  INFO("relative L2 against the unbounded run: with the CPML " << absorbed << ", rigid faces " << echoed);
  REQUIRE(absorbed <= 0.02);
  REQUIRE(echoed >= 10 * absorbed);
}

TEMPLATE_PRODUCT_TEST_CASE("every strategy and block shape agrees with gmem_3d for a physics defined in tests",
                           "[user-physics][strategies]", (SEIS_TEST_SPACES), (Lap7)) {
  using Exec = typename TestType::exec;
  REQUIRE(test::check_against_reference<Lap7, Exec>(37, 29, 23) >= 30);
  REQUIRE(test::check_against_reference<Lap7, Exec>(67, 41, 35) >= 30);
}

TEMPLATE_PRODUCT_TEST_CASE(
    "every strategy writes its box alone, and the same values whichever box, for a physics defined in tests",
    "[user-physics][strategies]", (SEIS_TEST_SPACES), (Lap7)) {
  test::check_only_box_written<Lap7, typename TestType::exec>();
  test::check_same_value_whichever_box<Lap7, typename TestType::exec>();
}

TEST_CASE("seis-bench's timing loop times every strategy of a physics defined in tests", "[user-physics][bench]") {
  bench::Options o;
  o.warmup = 1;
  o.repeats = 2;
  bench::Report report;
  bench::bench_physics<Lap7>(o, {20, 18, 12}, report);
  const std::vector<std::string> specs = bench::specs(o);
  REQUIRE(report.rows.size() == specs.size());
  for (std::size_t k = 0; k < specs.size(); ++k) {
    const bench::Row& row = report.rows[k];
    INFO(specs[k] << ": " << row.status);
    CHECK(row.status == "ok");
    CHECK(row.physics == "lap7");
    CHECK(row.strategy + ":" + row.shape == specs[k]);
    CHECK(row.repeats == 2);
    CHECK(row.median_ms > 0);
    CHECK(row.bytes_per_point == 16);  // p(t), p(t-1) read, p(t+1) written, V read: 4 floats
    CHECK(row.flops_per_point == Lap7::flops_per_point);
  }
}
