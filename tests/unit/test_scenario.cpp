#include "catch_compat.hpp"
#include "test_support.hpp"

#include "seis/errors.hpp"
#include "seis/physics/physics_list.hpp"
#include "seis/policies/registry.hpp"
#include "seis/run_plan.hpp"
#include "seis/scenario.hpp"

#include <fstream>
#include <string>

using namespace seis;

namespace {
const std::size_t plenty = std::size_t(1) << 40;

std::string base_toml(const std::string& extra_grid = "", const std::string& model = "velocity = 2000.0",
                      const std::string& time = "steps = 10", const std::string& source = "position = [100.0, 100.0, 100.0]",
                      const std::string& receivers = "points = [[150.0, 100.0, 100.0]]") {
  return "[grid]\nnx = 21\nny = 21\nnz = 21\nspacing = 10.0\n" + extra_grid + "\n[time]\n" + time +
         "\n[model]\n" + model + "\n[source]\n" + source + "\nfrequency = 10.0\n[receivers]\n" + receivers +
         "\n[boundary]\npml = 0\n";
}

template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("a valid scenario parses and plans", "[scenario]") {
  const Scenario s = parse_scenario(base_toml(), "t");
  REQUIRE(s.nx == 21);
  REQUIRE(s.hx == 10.0);
  REQUIRE(s.receivers.size() == 1);
  const RunPlan p = plan_run(s, plenty);
  REQUIRE(p.dt == Approx(Scenario().cfl_fraction * cfl_time_step_limit(2000, 10, 10, 10)));
  REQUIRE(p.source.x == 10);
  REQUIRE(p.receivers[0].x == 15);
  REQUIRE(p.samples == 10);
}

TEST_CASE("receiver lines expand to evenly spaced nodes", "[scenario]") {
  const Scenario s = parse_scenario(
      base_toml("", "velocity = 2000.0", "steps = 10", "position = [100.0, 100.0, 100.0]",
                "every = 2\n[[receivers.line]]\nfrom = [0.0, 0.0, 50.0]\nto = [200.0, 0.0, 50.0]\ncount = 5"),
      "t");
  REQUIRE(s.receivers.size() == 5);
  REQUIRE(s.receivers[2].x == Approx(100.0));
  REQUIRE(plan_run(s, plenty).samples == 5);
}

TEST_CASE("layered models parse and plan", "[scenario]") {
  const Scenario s = parse_scenario(
      base_toml("", "[model.velocity]\ntype = \"layered\"\ntops = [0.0, 100.0]\nvalues = [1500.0, 2500.0]"), "t");
  REQUIRE(s.velocity().kind == ModelSpec::Kind::layered);
  const RunPlan p = plan_run(s, plenty);
  REQUIRE(p.vmax == 2500.0);
  REQUIRE(p.vmin == 1500.0);
}

TEST_CASE("dt above the CFL limit is refused", "[scenario][validation]") {
  const Scenario s = parse_scenario(base_toml("", "velocity = 2000.0", "steps = 10\ndt = 0.01"), "t");
  REQUIRE_THROWS_AS(plan_run(s, plenty), InputError);
  REQUIRE(contains(error_of([&] { plan_run(s, plenty); }), "exceeds the CFL limit"));
  const Scenario ok = parse_scenario(base_toml("", "velocity = 2000.0", "steps = 10\ndt = 0.002"), "t");
  REQUIRE_NOTHROW(plan_run(ok, plenty));
}

TEST_CASE("a source or receiver outside the grid is refused", "[scenario][validation]") {
  const Scenario src = parse_scenario(base_toml("", "velocity = 2000.0", "steps = 10", "position = [100.0, 100.0, 500.0]"), "t");
  REQUIRE(contains(error_of([&] { plan_run(src, plenty); }), "source at (100, 100, 500) m is outside the grid"));
  const Scenario rec = parse_scenario(base_toml("", "velocity = 2000.0", "steps = 10", "position = [100.0, 100.0, 100.0]",
                                                "points = [[-20.0, 0.0, 0.0]]"),
                                      "t");
  REQUIRE(contains(error_of([&] { plan_run(rec, plenty); }), "receiver 0 at (-20, 0, 0) m is outside the grid"));
}

TEST_CASE("non-positive sizes, spacings, steps and velocities are refused", "[scenario][validation]") {
  Scenario s = parse_scenario(base_toml(), "t");
  s.nx = 0;
  REQUIRE(contains(error_of([&] { plan_run(s, plenty); }), "grid size must be positive"));
  s = parse_scenario(base_toml(), "t");
  s.hy = -1;
  REQUIRE(contains(error_of([&] { plan_run(s, plenty); }), "grid spacing must be positive"));
  s = parse_scenario(base_toml("", "velocity = 2000.0", "steps = 0"), "t");
  REQUIRE(contains(error_of([&] { plan_run(s, plenty); }), "steps must be positive"));
  s = parse_scenario(base_toml("", "velocity = -5.0"), "t");
  REQUIRE(contains(error_of([&] { plan_run(s, plenty); }), "velocity must be positive"));
  s = parse_scenario(base_toml("", "[model.velocity]\ntype = \"layered\"\ntops = [0.0, 50.0]\nvalues = [1500.0, 0.0]"), "t");
  REQUIRE(contains(error_of([&] { plan_run(s, plenty); }), "velocity must be positive"));
}

TEST_CASE("a model file whose size does not match its dims is refused", "[scenario][validation]") {
  const std::string dir = test::temp_dir("model");
  const std::string path = dir + "/vel.bin";
  {
    std::ofstream out(path, std::ios::binary);
    std::vector<float> v(21 * 21 * 20, 2000.0f);  // one plane short
    out.write(reinterpret_cast<const char*>(v.data()), std::streamsize(v.size() * 4));
  }
  const Scenario s = parse_scenario(
      base_toml("", "[model.velocity]\ntype = \"file\"\npath = \"" + path + "\"\ndims = [21, 21, 21]"), "t");
  const std::string e = error_of([&] { plan_run(s, plenty); });
  REQUIRE(contains(e, "has 35280 bytes"));
  REQUIRE(contains(e, "need 37044"));
  const Scenario wrong_dims = parse_scenario(
      base_toml("", "[model.velocity]\ntype = \"file\"\npath = \"" + path + "\"\ndims = [21, 21, 20]"), "t");
  REQUIRE(contains(error_of([&] { plan_run(wrong_dims, plenty); }), "but the grid is [21, 21, 21]"));
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    std::vector<float> v(21 * 21 * 21, 2000.0f);
    v[5] = -1.0f;
    out.write(reinterpret_cast<const char*>(v.data()), std::streamsize(v.size() * 4));
  }
  REQUIRE(contains(error_of([&] { plan_run(s, plenty); }), "velocity must be positive everywhere, minimum is -1"));
}

TEST_CASE("unknown keys and malformed TOML are refused", "[scenario][validation]") {
  REQUIRE(contains(error_of([&] { parse_scenario(base_toml("nxx = 3"), "t"); }), "unknown key 'grid.nxx'"));
  REQUIRE(contains(error_of([&] { parse_scenario(base_toml() + "[extra]\na = 1\n", "t"); }), "unknown key 'extra'"));
  REQUIRE(contains(error_of([&] { parse_scenario(base_toml() + "taper = 3\nwidth = 2\n", "t"); }),
                   "unknown key 'boundary.width'"));
  REQUIRE(contains(error_of([&] { parse_scenario(base_toml() + "[run]\nstratgy = \"x\"\n", "t"); }),
                   "unknown key 'run.stratgy'"));
  REQUIRE(contains(error_of([&] { parse_scenario("[grid\nnx = 1", "t"); }), "not valid TOML"));
  REQUIRE(contains(error_of([&] { parse_scenario(base_toml("", "velocity = \"fast\""), "t"); }),
                   "must be a number or a table"));
  REQUIRE(contains(error_of([&] { parse_scenario("", "t"); }), "missing table [grid]"));
}

TEST_CASE("the CPML memory variables are bfloat16 unless the scenario asks for float, and nothing else", "[scenario][validation]") {
  REQUIRE(parse_scenario(base_toml(), "t").pml_memory == CpmlMemory::bfloat16);
  REQUIRE(parse_scenario(base_toml() + "pml_memory = \"float\"\n", "t").pml_memory == CpmlMemory::full);
  REQUIRE(parse_scenario(base_toml() + "pml_memory = \"bfloat16\"\n", "t").pml_memory == CpmlMemory::bfloat16);
  REQUIRE(error_of([&] { parse_scenario(base_toml() + "pml_memory = \"half\"\n", "t"); }) ==
          "'boundary.pml_memory' must be \"bfloat16\" or \"float\", got \"half\"");
  REQUIRE(error_of([&] { parse_scenario(base_toml() + "pml_memory = 16\n", "t"); }) ==
          "'boundary.pml_memory' must be a string");
}

TEST_CASE("unknown strategy names and malformed block shapes are refused", "[scenario][validation]") {
  REQUIRE(contains(error_of([] { strategy_info("semi_c"); }), "unknown strategy 'semi_c'"));
  REQUIRE_THROWS_AS(BlockShape::parse("32x", false), InputError);
  REQUIRE_THROWS_AS(BlockShape::parse("32x16x4", false), InputError);
  REQUIRE_THROWS_AS(BlockShape::parse("32x16", true), InputError);
  REQUIRE_THROWS_AS(BlockShape::parse("0x16", false), InputError);
  REQUIRE(BlockShape::parse("32x16@64", false).zchunk == 64);
  REQUIRE(BlockShape::parse("8x4x2", true).dz == 2);
}

TEST_CASE("a grid larger than the device runs out-of-core, and is refused before allocation when even that cannot fit",
          "[scenario][validation]") {
  Scenario s = parse_scenario(base_toml(), "t");
  s.nx = s.ny = s.nz = 4000;
  s.source = {100, 100, 100};
  s.receivers = {{150, 100, 100}};
  const RunPlan plan = plan_run(s, std::size_t(80) << 30);
  CHECK(plan.out_of_core);
  CHECK(plan.device_budget == std::size_t(80) << 30);
  const std::string e = error_of([&] { plan_run(s, std::size_t(1) << 30); });
  REQUIRE(contains(e, "grid 4000 x 4000 x 4000 (iso) needs"));
  REQUIRE(contains(e, "smallest workable budget"));
  REQUIRE(contains(e, "what the device has free"));
}

namespace {
template <class P>
void check_description(const PhysicsDescription& d) {
  CHECK(std::string(d.name) == P::name());
  CHECK(d.fields == P::num_fields);
  CHECK(d.model_arrays == P::num_model);
  REQUIRE(!d.model.empty());
  CHECK(std::string(d.model[0].label) == "velocity");  // the first parameter is the P velocity
  CHECK(d.model[0].required);
}
template <class... P>
void check_descriptions(PhysicsList<P...>) {
  const auto& described = physics_descriptions();
  REQUIRE(described.size() == sizeof...(P));
  std::size_t k = 0;
  (check_description<P>(described[k++]), ...);
}
}  // namespace

TEST_CASE("the physics descriptions the parser reads agree with the physics list", "[unit][physics-list]") {
  check_descriptions(RunPhysics{});
}
