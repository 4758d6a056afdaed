// No lost work, no silent garbage: checkpoints restore a run bitwise, the
// instability guard stops non-finite or exploding wavefields, every number
// is checked, SEG-Y stays within its format, output folders are recognised.

#include "catch_compat.hpp"
#include "test_support.hpp"

#include "seis/checkpoint.hpp"
#include "seis/errors.hpp"
#include "seis/io/result_set.hpp"
#include "seis/io/segy.hpp"
#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"
#include "seis/policies/registry.hpp"
#include "seis/run_plan.hpp"
#include "seis/simulation.hpp"
#include "seis/stability_guard.hpp"
#include "seis/toml_input_guard.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>

using namespace seis;

namespace {

constexpr std::size_t plenty = std::size_t(1) << 40;

// A small run with a CPML (its memory variables must be saved too) and
// receivers sampled every 2 steps.
Scenario restart_scenario(const char* physics) {
  Scenario s = test::homogeneous(28, 10, 2000, 31);
  s.physics = physics;
  s.pml_thickness = 5;
  s.taper_width = 2;
  s.record_every = 2;
  s.receivers = {{170, 140, 140}, {90, 120, 160}};
  s.f0 = 25;
  test::tilted_model_if_tti(s);
  return s;
}

template <class Physics>
void check_restart_is_bitwise(const char* physics, CpmlMemory memory = CpmlMemory::bfloat16) {
  Scenario s = restart_scenario(physics);
  s.pml_memory = memory;
  const RunPlan plan = plan_run(s, plenty);
  INFO(physics << ", " << cpml_memory_name(memory) << " CPML memory variables");
  const auto op = make_strategy<Physics>("gmem_3d");
  const std::string file = test::temp_dir("ckpt") + "/" + checkpoint_name(13);

  Simulation<Physics> straight(plan, *op);
  straight.run();
  Simulation<Physics> first(plan, *op);
  first.run(nullptr, 13);  // 13: odd, between two samples
  save_checkpoint(file, first, 42, {{"note", "test"}});
  Simulation<Physics> resumed(plan, *op);
  load_checkpoint(file, read_checkpoint_info(file), resumed, 42);
  REQUIRE(resumed.steps_done() == 13);
  resumed.run(nullptr, plan.scenario.steps - 13);

  REQUIRE(resumed.receivers().traces() == straight.receivers().traces());  // bitwise
  for (int f = 0; f < Physics::num_fields; ++f) {
    REQUIRE(test::to_host(resumed.state().current(f)) == test::to_host(straight.state().current(f)));
    REQUIRE(test::to_host(resumed.state().previous(f)) == test::to_host(straight.state().previous(f)));
  }
  // Other inputs (another hash) are refused.
  Simulation<Physics> other(plan, *op);
  REQUIRE_THROWS_AS(load_checkpoint(file, read_checkpoint_info(file), other, 43), InputError);
}

}  // namespace

TEST_CASE("a run resumed from a checkpoint equals the uninterrupted run bitwise (iso and TTI, with CPML)",
          "[checkpoint]") {
  check_restart_is_bitwise<IsoPhysics<float>>("iso");
  check_restart_is_bitwise<TtiPhysics<float>>("tti");
  check_restart_is_bitwise<IsoPhysics<float>>("iso", CpmlMemory::full);
}

TEST_CASE("a checkpoint of CPML memory variables in one form is refused by a run keeping them in the other",
          "[checkpoint]") {
  // Not converted: the resumed run would no longer equal an uninterrupted one.
  const std::string dir = test::temp_dir("ckpt-form");
  for (CpmlMemory written : {CpmlMemory::bfloat16, CpmlMemory::full}) {
    const CpmlMemory other = written == CpmlMemory::bfloat16 ? CpmlMemory::full : CpmlMemory::bfloat16;
    Scenario s = restart_scenario("iso");
    s.pml_memory = written;
    const RunPlan plan = plan_run(s, plenty);
    const auto op = make_strategy<IsoPhysics<float>>("gmem_3d");
    Simulation<IsoPhysics<float>> sim(plan, *op);
    sim.run(nullptr, 3);
    const std::string file = dir + "/" + cpml_memory_name(written) + ".seisck";
    save_checkpoint(file, sim, 5, {});
    REQUIRE(read_checkpoint_info(file).cpml_memory == cpml_memory_name(written));
    s.pml_memory = other;
    Simulation<IsoPhysics<float>> target(plan_run(s, plenty), *op);
    const auto before = test::to_host(target.state().current(0));
    std::string error;
    try {
      load_checkpoint(file, read_checkpoint_info(file), target, 5);
    } catch (const InputError& e) {
      error = e.what();
    }
    INFO(error);
    REQUIRE(error.find(std::string("holds the CPML memory variables in ") + cpml_memory_name(written) +
                       "; this run keeps them in " + cpml_memory_name(other)) != std::string::npos);
    REQUIRE(test::to_host(target.state().current(0)) == before);
    REQUIRE(target.steps_done() == 0);
  }
}

TEST_CASE("a damaged checkpoint is refused before it changes anything", "[checkpoint]") {
  const RunPlan plan = plan_run(restart_scenario("iso"), plenty);
  const auto op = make_strategy<IsoPhysics<float>>("gmem_3d");
  Simulation<IsoPhysics<float>> sim(plan, *op);
  sim.run(nullptr, 9);
  const std::string dir = test::temp_dir("damaged");
  save_checkpoint(dir + "/good.seisck", sim, 1, {});
  const auto size = std::filesystem::file_size(dir + "/good.seisck");
  // Every kind of damage: cut anywhere, one byte changed anywhere.
  for (double where : {0.0, 0.001, 0.3, 0.5, 0.9, 0.9999}) {
    const auto at = std::uintmax_t(where * double(size - 1));
    const std::string cut = dir + "/cut.seisck", flipped = dir + "/flipped.seisck";
    std::filesystem::copy_file(dir + "/good.seisck", cut, std::filesystem::copy_options::overwrite_existing);
    std::filesystem::resize_file(cut, at);
    std::filesystem::copy_file(dir + "/good.seisck", flipped, std::filesystem::copy_options::overwrite_existing);
    {
      std::fstream f(flipped, std::ios::in | std::ios::out | std::ios::binary);
      f.seekg(std::streamoff(at));
      char c = 0;
      f.get(c);
      f.seekp(std::streamoff(at));
      f.put(char(c ^ 0x10));
    }
    for (const auto& path : {cut, flipped}) {
      Simulation<IsoPhysics<float>> target(plan, *op);
      const auto before = test::to_host(target.state().current(0));
      const auto load = [&] { load_checkpoint(path, read_checkpoint_info(path), target, 1); };
      INFO(path << " damaged at byte " << at << " of " << size);
      REQUIRE_THROWS_AS(load(), InputError);
      REQUIRE(test::to_host(target.state().current(0)) == before);
      REQUIRE(target.steps_done() == 0);
    }
  }
}

TEST_CASE("the stability guard stops non-finite and exploding wavefields, naming the step", "[guard]") {
  const Grid g(12, 12, 12, 10.0, 10.0, 10.0, 4);
  struct Case {
    float value;
    const char* expect;  // nullptr: no stop
  };
  const float inf = std::numeric_limits<float>::infinity();
  for (const Case& c : {Case{std::nanf(""), "inf or NaN by step 7"}, Case{inf, "inf or NaN by step 7"},
                        Case{-inf, "inf or NaN by step 7"}, Case{1e31f, "exploded"}, Case{-2e30f, "exploded"},
                        Case{1e29f, nullptr}, Case{-1e-30f, nullptr}}) {
    for (int where = 0; where < 2; ++where) {  // current or previous time level
      WaveState<IsoPhysics<float>> state(g);
      auto& field = where == 0 ? state.current(0) : state.previous(0);
      auto values = test::to_host(field);
      values[g.index(3, 5, 7)] = c.value;
      test::from_host(field, values);
      INFO("value " << c.value << (where == 0 ? " in p(t)" : " in p(t-1)"));
      if (c.expect) {
        REQUIRE_THROWS_WITH(check_wavefield(state, 7), Catch::Contains(c.expect) && Catch::Contains("likely causes"));
      } else {
        REQUIRE_NOTHROW(check_wavefield(state, 7));
      }
    }
  }
}

TEST_CASE("every floating-point input must be finite", "[validation]") {
  const std::vector<std::function<void(Scenario&, double)>> setters = {
      [](Scenario& s, double v) { s.hx = v; },          [](Scenario& s, double v) { s.hz = v; },
      [](Scenario& s, double v) { s.dt = v; },          [](Scenario& s, double v) { s.cfl_fraction = v; },
      [](Scenario& s, double v) { s.velocity().value = v; },    [](Scenario& s, double v) { s.source.y = v; },
      [](Scenario& s, double v) { s.f0 = v; },          [](Scenario& s, double v) { s.t0 = v; },
      [](Scenario& s, double v) { s.amplitude = v; },   [](Scenario& s, double v) { s.receivers[0].z = v; },
      [](Scenario& s, double v) { s.pml_reflection = v; },
      [](Scenario& s, double v) {
        s.velocity().kind = ModelSpec::Kind::layered;
        s.velocity().tops = {0, 50};
        s.velocity().values = {2000, v};
      }};
  for (double bad : {std::nan(""), HUGE_VAL, -HUGE_VAL})
    for (std::size_t k = 0; k < setters.size(); ++k) {
      Scenario s = test::homogeneous(20, 10, 2000, 5);
      setters[k](s, bad);
      INFO("setter " << k << ", value " << bad);
      REQUIRE_THROWS_AS(plan_run(s, plenty), InputError);
    }
}

TEST_CASE("SEG-Y is written only within rev 1 limits, with metres in the binary header", "[io][segy]") {
  Scenario s = test::homogeneous(20, 10, 2000, 5);
  RunPlan plan = plan_run(s, plenty);
  plan.dt = 1e-3;
  REQUIRE(segy_unwritable_reason(plan, 32767).empty());
  REQUIRE_FALSE(segy_unwritable_reason(plan, 32768).empty());
  REQUIRE_FALSE(segy_unwritable_reason(plan, 65536).empty());
  plan.dt = 0.032767;
  REQUIRE(segy_unwritable_reason(plan, 10).empty());
  plan.dt = 0.0328;
  REQUIRE_FALSE(segy_unwritable_reason(plan, 10).empty());
  plan.dt = 4e-7;
  REQUIRE_FALSE(segy_unwritable_reason(plan, 10).empty());
  if (!segy_available()) return;
  plan.dt = 1e-3;
  const std::string path = test::temp_dir("segy") + "/s.sgy";
  std::vector<float> traces(plan.receivers.size() * 10, 1.0f);
  REQUIRE(write_segy(path, plan, traces, 10));
  std::ifstream in(path, std::ios::binary);
  unsigned char bytes[2];
  in.seekg(3254);  // bytes 3255-3256: measurement system, big-endian
  in.read(reinterpret_cast<char*>(bytes), 2);
  REQUIRE((bytes[0] << 8 | bytes[1]) == 1);
  REQUIRE_THROWS(write_segy(path, plan, std::vector<float>(plan.receivers.size() * 40000), 40000));
}

TEST_CASE("output folders: seis' own files are told from the user's", "[io]") {
  for (const char* mine : {"report.json", "seismograms.npy", "seismograms.sgy", "seismograms.json",
                           "checkpoint-0000000040.seisck", "checkpoint-0000000040.seisck.tmp", "report.json.tmp"})
    REQUIRE(is_seis_output(mine));
  for (const char* theirs : {"notes.txt", "model.bin", "checkpoint.txt", "report.json.bak", "seismograms.npz"})
    REQUIRE_FALSE(is_seis_output(theirs));
}

TEST_CASE("scenario text with control characters is refused before the TOML parser sees it", "[validation]") {
  // TOML admits tab and line ends only; toml++ 3.3 asserts on a NUL in a key
  // (found by the fuzzer of tests/sanitizers.sh).
  for (const char bad : {'\0', '\x01', '\x1b', '\x7f'}) {
    std::string text = "name = \"x\"\n[grid]\nn";
    text += bad;
    text += "x = 10\n";
    INFO("control character " << int(static_cast<unsigned char>(bad)));
    REQUIRE_THROWS_WITH(parse_scenario(text, "t"), Catch::Contains("control character"));
  }
  REQUIRE_NOTHROW(check_toml_input("# tab\there\r\nname = \"x\"\n"));
}
