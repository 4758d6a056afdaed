// `seis check`'s figures against physics.md §4.

#include "catch_compat.hpp"
#include "test_support.hpp"

#include "seis/dispersion.hpp"
#include "seis/run_check.hpp"
#include "seis/run_plan.hpp"

#include <cmath>

using namespace seis;

TEST_CASE("predicted phase velocity errors match physics.md §4's table", "[check][dispersion]") {
  // physics.md gives percentages to two significant digits: compare within
  // half a unit of the last digit given.
  struct Row {
    double g, r, percent, half_unit;
  };
  const Row space_only[] = {{3, 0, -2.2, 0.05}, {4, 0, -0.34, 0.005}, {5, 0, -0.07, 0.005}, {6, 0, -0.02, 0.005},
                            {8, 0, -0.002, 0.0005}};
  for (const Row& row : space_only)
    REQUIRE(100 * phase_velocity_error(row.g, 0.3, false).space == Approx(row.percent).margin(row.half_unit));
  const Row with_time[] = {{3, 0.2, -1.5, 0.05},  {3, 0.45, 1.6, 0.05},   {4, 0.2, 0.07, 0.005}, {4, 0.3, 0.60, 0.005},
                           {4, 0.45, 1.85, 0.005}, {5, 0.3, 0.53, 0.005}, {6, 0.45, 0.93, 0.005}, {8, 0.2, 0.10, 0.005},
                           {8, 0.45, 0.53, 0.005}};
  for (const Row& row : with_time)
    REQUIRE(100 * phase_velocity_error(row.g, row.r, false).total == Approx(row.percent).margin(row.half_unit));
  // "G = 4, r = 0.2: +0.41 % diagonal vs +0.07 % axis".
  REQUIRE(100 * phase_velocity_error(4, 0.2, true).total == Approx(0.41).margin(0.005));
  // The time error is about +(2 pi r / G)^2 / 24 (physics.md §4), within 10 % of itself at small r.
  const PhaseError e = phase_velocity_error(8, 0.1, false);
  REQUIRE(e.time() == Approx(std::pow(2 * M_PI * 0.1 / 8, 2) / 24).epsilon(0.1));
}

TEST_CASE("seis check's Courant number, resolution and memory follow from the plan", "[check]") {
  Scenario s = test::homogeneous(41, 10, 2500, 100);
  s.f0 = 20;
  s.cfl_fraction = 0.6;
  s.receivers = {{300, 200, 200}, {200, 200, 400}};
  const RunPlan plan = plan_run(s, std::size_t(1) << 40);
  const RunCheck c = check_run(plan);
  // physics.md §4: equal spacing, dt_limit = C h / vmax with C = sqrt(105/512).
  REQUIRE(c.courant == Approx(0.6 * std::sqrt(105.0 / 512)).epsilon(1e-12));
  REQUIRE(c.cfl_fraction == Approx(0.6).epsilon(1e-12));
  REQUIRE(c.fmax == 50);
  REQUIRE(c.points_per_wavelength == Approx(2500.0 / (50 * 10)).epsilon(1e-12));
  REQUIRE(c.slow_axis.total == phase_velocity_error(5, 0.6 * std::sqrt(105.0 / 512), false).total);
  REQUIRE(c.farthest_receiver_m == Approx(200));  // source at node 20
  REQUIRE(c.farthest_wavelengths == Approx(200 / (2500.0 / 50)));
  REQUIRE(c.device_bytes == plan.bytes_needed);
  REQUIRE(c.host_bytes >= 2 * plan.samples * sizeof(float));
}
