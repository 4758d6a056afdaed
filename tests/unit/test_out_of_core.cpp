// Out-of-core runs (seis/out_of_core/): the same seismograms and wavefields,
// bit for bit, as the in-core run of the same strategy, whatever the chunk
// height and the steps per visit; budgets that cannot work are refused
// with the smallest one that can.

#include "catch_compat.hpp"
#include "test_support.hpp"

#include "seis/checkpoint.hpp"
#include "seis/errors.hpp"
#include "seis/out_of_core/byte_size.hpp"
#include "seis/out_of_core/chunk_plan.hpp"
#include "seis/out_of_core/out_of_core_simulation.hpp"
#include "seis/out_of_core/skewed_plan.hpp"
#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"
#include "seis/policies/registry.hpp"
#include "seis/run_plan.hpp"
#include "seis/simulation.hpp"
#include "seis/stability_guard.hpp"

#include <array>
#include <cstdlib>
#include <initializer_list>
#include <cstring>
#include <limits>
#include <vector>

using namespace seis;

namespace {

constexpr std::size_t plenty = std::size_t(1) << 40;
constexpr int chunk_planes = 12;  // chunk boundaries at z = 12, 24, 36, 48
constexpr auto halo = OutOfCoreSettings::Schedule::halo;
constexpr auto skewed = OutOfCoreSettings::Schedule::skewed;

// 22 x 20 x 60 points, CPML of 8, receivers every 2 steps, 23 steps (not a
// multiple of any k tested, so the last sweep is shorter); the source sits
// on a chunk boundary and receivers on both sides of boundaries and on the
// grid's faces.
Scenario chunked_scenario(const char* physics) {
  Scenario s = test::homogeneous(20, 10, 2000, 23);
  s.physics = physics;
  s.nx = 22;
  s.nz = 60;
  ModelSpec layered;
  layered.kind = ModelSpec::Kind::layered;
  layered.tops = {0.0, 305.0};
  layered.values = {1800.0, 2500.0};
  s.velocity() = layered;
  s.pml_thickness = 8;  // z slabs [0, 8) and [52, 60): chunk buffers end inside them
  s.taper_width = 2;
  s.record_every = 2;
  s.f0 = 25;
  s.source = {110, 100, 240};
  s.receivers = {{110, 100, 230}, {120, 90, 240}, {60, 50, 350}, {60, 50, 360}, {100, 100, 590}, {100, 100, 0}};
  test::tilted_model_if_tti(s);
  return s;
}

template <class A, class B>
bool same_bits(const std::vector<A>& a, const std::vector<B>& b) {
  static_assert(sizeof(A) == sizeof(B), "same element size");
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(A)) == 0;
}

// The chunked scenario 96 planes tall with receivers in both z-slabs: a
// skewed sweep's first chunk holds the bottom slab and R k planes more (34
// planes at k = 5), its last chunk the top slab, so 60 planes would leave
// too few chunks between them. Middle chunks of 12 planes: boundaries at
// 18 + 12 i (k = 1), about 22 + 11 i (k = 2), 34 + 11 i (k = 5), and they
// move down R planes a step, so the source and the receivers near z = 24
// and 36 pass from chunk to chunk within a sweep.
Scenario tall_scenario(const char* physics) {
  Scenario s = chunked_scenario(physics);
  s.nz = 96;
  s.receivers.push_back({100, 100, 900});
  s.receivers.push_back({80, 60, 170});
  return s;
}

// Both schedules (the skewed one on the taller grid, which it needs for
// >= 4 chunks at k = 5); the CPML's memory variables as `memory` keeps them
// (the chunks copy them in that form).
template <class Physics>
void check_out_of_core_is_bitwise(const char* physics, OutOfCoreSettings::Schedule schedule,
                                  CpmlMemory memory = CpmlMemory::bfloat16,
                                  std::initializer_list<const char*> strategies = {"gmem_3d", "st_reg_fixed", "semi_25d"}) {
  Scenario s = schedule == skewed ? tall_scenario(physics) : chunked_scenario(physics);
  s.pml_memory = memory;
  const RunPlan plan = plan_run(s, plenty);
  for (const char* name : strategies) {
    const auto op = make_strategy<Physics>(name);
    Simulation<Physics> in_core(plan, *op);
    in_core.run();
    in_core.receivers().sync();
    for (int k : {1, 2, 5}) {
      OutOfCoreSimulation<Physics> ooc(plan, *op, OutOfCoreSettings{0, k, chunk_planes, schedule}, plenty);
      INFO(physics << " " << name << ", " << k << " steps per visit, " << ooc.stats().schedule << " schedule, "
                   << cpml_memory_name(memory) << " CPML memory variables");
      REQUIRE(ooc.pml().memory_form() == memory);
      REQUIRE(ooc.stats().schedule == (schedule == skewed ? "skewed" : "halo"));
      REQUIRE(ooc.stats().chunks >= 4);
      REQUIRE(ooc.stats().shape.steps_per_visit == k);
      const RunTiming t = ooc.run();
      REQUIRE(t.steps == plan.scenario.steps);
      REQUIRE(ooc.steps_done() == plan.scenario.steps);
      REQUIRE(ooc.receivers().recorded() == in_core.receivers().recorded());
      CHECK(same_bits(ooc.receivers().traces(), in_core.receivers().traces()));
      for (int f = 0; f < Physics::num_fields; ++f) {
        CHECK(same_bits(test::to_host(ooc.state().current(f)), test::to_host(in_core.state().current(f))));
        CHECK(same_bits(test::to_host(ooc.state().previous(f)), test::to_host(in_core.state().previous(f))));
      }
      // The planes chunks share moved on the device; the first sweep's
      // timeline has every visit, with no more than a sweep's copies.
      CHECK(ooc.stats().d2d_bytes > 0);
      const auto& timeline = ooc.stats().timeline;
      REQUIRE(timeline.size() == std::size_t(ooc.stats().chunks));
      double in = 0, out = 0;
      for (const auto& v : timeline) {
        CHECK(v.start <= v.queued);
        in += v.h2d_bytes;
        out += v.d2h_bytes;
      }
      CHECK(in > 0);
      CHECK(in < ooc.stats().h2d_bytes / ooc.stats().sweeps);
      CHECK(out <= ooc.stats().d2h_bytes / ooc.stats().sweeps);  // skewed: each sweep writes the grid once
      // The instability guard's figure, reduced chunk by chunk on the device.
      CHECK(ooc.wavefield_max_abs() == in_core.wavefield_max_abs());
      CHECK(ooc.stats().sweeps >= 5);
      if (schedule == skewed) {  // no plane computed twice at a level
        CHECK(ooc.stats().planes_computed == double(plan.grid.nz()) * plan.scenario.steps);
      } else {  // halos of R k; sweeps alternate direction: each after the
        // first starts with the three chunks the one before left on the device
        CHECK(ooc.stats().halo_planes == Grid::radius * k);
        CHECK(ooc.stats().chunks_kept == pipeline_buffers * (ooc.stats().sweeps - 1));
      }
    }
  }
}

// The in-core run's pressure at every step (host copies).
template <class Physics>
std::vector<std::vector<float>> in_core_pressures(const RunPlan& plan, const StencilOperator<Physics>& op) {
  Simulation<Physics> in_core(plan, op);
  std::vector<std::vector<float>> p(std::size_t(plan.scenario.steps) + 1);
  in_core.observe_steps([&](int step, const auto& field) { p[std::size_t(step)] = test::to_host(field); });
  in_core.run();
  return p;
}

// Chunk heights where a buffer's halo reaches past the three chunks kept
// on the device (3 planes, k = 5: 20 halo planes), where every chunk stays
// (2 and 3 chunks), and the usual 12; every sweep's end, forward or
// backward, observed against the in-core pressure.
template <class Physics>
void check_every_sweep_end_is_bitwise(const char* physics) {
  const RunPlan plan = plan_run(chunked_scenario(physics), plenty);
  for (const char* name : {"gmem_3d", "semi_25d"}) {
    const auto op = make_strategy<Physics>(name);
    const auto expected = in_core_pressures<Physics>(plan, *op);
    for (int chunk : {3, 12, 20, 30})
      for (int k : {1, 2, 5}) {
        INFO(physics << " " << name << ", chunks of " << chunk << " planes, " << k << " steps per visit");
        OutOfCoreSimulation<Physics> ooc(plan, *op, OutOfCoreSettings{0, k, chunk, halo}, plenty);
        int observed = 0;
        ooc.observe_steps(
            [&](int step, const auto& p) {
              ++observed;
              CHECK(same_bits(test::to_host(p), expected[std::size_t(step)]));
            },
            k);
        ooc.run();
        CHECK(observed == plan.scenario.steps / k);
        CHECK(ooc.stats().sweeps == (plan.scenario.steps + k - 1) / k);
        CHECK(same_bits(test::to_host(ooc.state().current(Physics::pressure_field)), expected.back()));
      }
  }
}

}  // namespace

TEST_CASE("out-of-core iso sweeps give the in-core pressure bit for bit at every sweep end, forward and backward",
          "[out_of_core]") {
  check_every_sweep_end_is_bitwise<IsoPhysics<float>>("iso");
}

TEST_CASE("out-of-core TTI sweeps give the in-core pressure bit for bit at every sweep end, forward and backward",
          "[out_of_core]") {
  check_every_sweep_end_is_bitwise<TtiPhysics<float>>("tti");
}

TEST_CASE("an out-of-core run in several parts keeps its chunks on the device between them, bit for bit",
          "[out_of_core]") {
  using Physics = IsoPhysics<float>;
  const RunPlan plan = plan_run(chunked_scenario("iso"), plenty);
  const auto op = make_strategy<Physics>("st_reg_fixed");
  Simulation<Physics> in_core(plan, *op);
  in_core.run();
  in_core.receivers().sync();
  OutOfCoreSimulation<Physics> ooc(plan, *op, OutOfCoreSettings{0, 3, chunk_planes, halo}, plenty);
  int observed = 0;  // an observer of every sweep leaves the sweeps 3 steps long
  ooc.observe_steps([&](int, const auto&) { ++observed; });
  ooc.run(nullptr, 9);  // three sweeps: it ends going backwards
  ooc.run(nullptr, 14);
  CHECK(ooc.stats().sweeps == 3 + 5);
  CHECK(observed == ooc.stats().sweeps);
  CHECK(ooc.stats().chunks_kept == pipeline_buffers * (ooc.stats().sweeps - 1));
  CHECK(same_bits(ooc.receivers().traces(), in_core.receivers().traces()));
  CHECK(same_bits(test::to_host(ooc.state().current(0)), test::to_host(in_core.state().current(0))));
  CHECK(same_bits(test::to_host(ooc.state().previous(0)), test::to_host(in_core.state().previous(0))));
}

TEST_CASE("the pipeline model: the three chunks a sweep finds on the device are neither loaded nor stored",
          "[out_of_core]") {
  // 100 planes in chunks of 10 with halos of 4 (k = 1): 10 chunks. Only the
  // link counts (no compute, one byte a plane per second each way).
  PipelineRates link;
  link.seconds_per_plane = 0;
  link.h2d_bytes_per_s = link.d2h_bytes_per_s = 1;
  link.both_bytes_per_s = 1e30;
  // In: the buffers of chunks 3..9 beyond the one before (10 planes each,
  // the last 6); the kept chunks' halos come from one another.
  CHECK(predict_seconds_per_step(link, 100, 1, 0, 1, 10) == 66);
  // Out: chunks 0..6 (the last three stay); the kept chunk 2 brings its
  // upper halo (8 planes) while chunk 0 leaves, within the same visit.
  CHECK(predict_seconds_per_step(link, 100, 0, 1, 1, 10) == 70);
  // Three chunks or fewer: the state never leaves the device.
  CHECK(predict_seconds_per_step(link, 30, 1, 1, 1, 10) == 0);
  CHECK(predict_seconds_per_step(link, 20, 1, 1, 1, 10) == 0);
}


TEST_CASE("skewed sweeps give the in-core pressure at every sweep end, also in a run of several parts and after a restart",
          "[out_of_core]") {
  using Physics = IsoPhysics<float>;
  const RunPlan plan = plan_run(tall_scenario("iso"), plenty);
  const auto op = make_strategy<Physics>("semi_25d");
  const auto expected = in_core_pressures<Physics>(plan, *op);
  Simulation<Physics> in_core(plan, *op);
  in_core.run();
  in_core.receivers().sync();
  for (int k : {2, 5}) {
    INFO(k << " steps per visit");
    OutOfCoreSimulation<Physics> ooc(plan, *op, OutOfCoreSettings{0, k, chunk_planes, skewed}, plenty);
    int observed = 0;  // each sweep's first chunk comes in while the sweep before ends
    ooc.observe_steps([&](int step, const auto& p) {
      ++observed;
      CHECK(same_bits(test::to_host(p), expected[std::size_t(step)]));
    });
    ooc.run(nullptr, 9);
    ooc.state();  // the host state may change: what came in ahead is loaded again
    ooc.run(nullptr, 14);
    CHECK(observed == ooc.stats().sweeps);
    CHECK(ooc.stats().sweeps == (9 + k - 1) / k + (14 + k - 1) / k);
    CHECK(same_bits(ooc.receivers().traces(), in_core.receivers().traces()));
    CHECK(same_bits(test::to_host(ooc.state().previous(0)), test::to_host(in_core.state().previous(0))));
  }
}

TEST_CASE("a budget too small for the skewed schedule asked for is refused naming its smallest, which runs it bit for bit",
          "[out_of_core]") {
  using Physics = IsoPhysics<float>;
  Scenario s = tall_scenario("iso");
  s.nz = 160;  // the smallest skewed pipeline well below the state
  s.out_of_core.schedule = skewed;
  s.out_of_core.steps_per_visit = 2;
  const RunPlan in_core = plan_run(s, plenty);
  const std::size_t reserve = pipeline_reserve_bytes(in_core.grid, s.receivers.size());
  s.out_of_core.device_memory = smallest_out_of_core_budget(in_core.grid, 3, s.pml_thickness, s.pml_memory, reserve);  // the halo scheme's
  std::string refusal;
  try {
    plan_run(s, plenty);
  } catch (const ConfigError& e) {
    refusal = e.what();
  }
  REQUIRE_THAT(refusal, Catch::Contains("smallest workable budget") && Catch::Contains("skewed"));
  const int planes = std::stoi(refusal.substr(refusal.find("three buffers of ") + 17));
  s.out_of_core.device_memory = pipeline_buffers * buffer_bytes(in_core.grid, 3, s.pml_thickness, s.pml_memory, planes - 1) + reserve;
  REQUIRE_THROWS_AS(plan_run(s, plenty), ConfigError);
  s.out_of_core.device_memory = pipeline_buffers * buffer_bytes(in_core.grid, 3, s.pml_thickness, s.pml_memory, planes) + reserve;
  CHECK_THAT(refusal, Catch::Contains(format_byte_size(double(s.out_of_core.device_memory))));
  const RunPlan tight = plan_run(s, plenty);
  REQUIRE(tight.out_of_core);
  const auto op = make_strategy<Physics>("st_reg_fixed");
  OutOfCoreSimulation<Physics> ooc(tight, *op, s.out_of_core, tight.device_budget);
  CHECK(ooc.stats().schedule == "skewed");
  CHECK(ooc.stats().buffer_planes == planes);
  ooc.run();
  Simulation<Physics> reference(in_core, *op);
  reference.run();
  reference.receivers().sync();
  CHECK(same_bits(ooc.receivers().traces(), reference.receivers().traces()));
}

TEST_CASE("out-of-core iso runs give the in-core seismograms and wavefields bit for bit, for k = 1, 2, 5, both schedules",
          "[out_of_core]") {
  for (auto schedule : {halo, skewed}) check_out_of_core_is_bitwise<IsoPhysics<float>>("iso", schedule);
}

TEST_CASE("with float CPML memory variables out-of-core iso runs give the in-core ones bit for bit, both schedules",
          "[out_of_core]") {
  for (auto schedule : {halo, skewed})
    check_out_of_core_is_bitwise<IsoPhysics<float>>("iso", schedule, CpmlMemory::full, {"gmem_3d"});
}

TEST_CASE("out-of-core TTI runs give the in-core seismograms and wavefields bit for bit, for k = 1, 2, 5, both schedules",
          "[out_of_core]") {
  for (auto schedule : {halo, skewed}) check_out_of_core_is_bitwise<TtiPhysics<float>>("tti", schedule);
}

TEST_CASE("an out-of-core checkpoint resumes in-core bit for bit (the same arrays, the same layout)",
          "[out_of_core]") {
  using Physics = IsoPhysics<float>;
  const RunPlan plan = plan_run(chunked_scenario("iso"), plenty);
  const auto op = make_strategy<Physics>("gmem_3d");
  Simulation<Physics> straight(plan, *op);
  straight.run();
  straight.receivers().sync();

  OutOfCoreSimulation<Physics> first(plan, *op, OutOfCoreSettings{0, 3, chunk_planes, halo}, plenty);
  first.land_on_multiples_of(13);
  first.run(nullptr, 13);
  REQUIRE(first.steps_done() == 13);
  const std::string file = test::temp_dir("ooc-ckpt") + "/" + checkpoint_name(13);
  save_checkpoint(file, first, 7, {});
  Simulation<Physics> resumed(plan, *op);
  load_checkpoint(file, read_checkpoint_info(file), resumed, 7);
  resumed.run(nullptr, plan.scenario.steps - 13);
  resumed.receivers().sync();
  CHECK(same_bits(resumed.receivers().traces(), straight.receivers().traces()));
}

TEST_CASE("a NaN in an out-of-core state reaches the instability guard", "[out_of_core]") {
  using Physics = IsoPhysics<float>;
  const RunPlan plan = plan_run(chunked_scenario("iso"), plenty);
  const auto op = make_strategy<Physics>("gmem_3d");
  OutOfCoreSimulation<Physics> ooc(plan, *op, OutOfCoreSettings{0, 2, chunk_planes, halo}, plenty);
  std::vector<float> p = test::to_host(ooc.state().current(0));
  p[std::size_t(plan.grid.index(10, 10, 30))] = std::numeric_limits<float>::quiet_NaN();
  Kokkos::deep_copy(ooc.state().current(0).flat(),
                    Kokkos::View<const float*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(p.data(), p.size()));
  ooc.run(nullptr, 3);
  CHECK(ooc.wavefield_max_abs() > wavefield_limit);
  REQUIRE_THROWS_WITH(check_wavefield_max<Physics>(ooc.wavefield_max_abs(), 3), Catch::Contains("inf or NaN"));
}

TEST_CASE("a budget below one chunk's pipeline is refused naming the smallest workable budget, which works",
          "[out_of_core]") {
  Scenario s = chunked_scenario("iso");
  const RunPlan in_core = plan_run(s, plenty);
  REQUIRE_FALSE(in_core.out_of_core);
  const std::size_t reserve = pipeline_reserve_bytes(in_core.grid, s.receivers.size());
  const std::size_t smallest = smallest_out_of_core_budget(in_core.grid, 3, s.pml_thickness, s.pml_memory, reserve);
  REQUIRE(smallest < in_core.bytes_needed);
  s.out_of_core.device_memory = smallest - 1;
  REQUIRE_THROWS_WITH(plan_run(s, plenty), Catch::Contains("smallest workable budget") &&
                                               Catch::Contains(format_byte_size(double(smallest))));
  s.out_of_core.device_memory = smallest;
  const RunPlan tight = plan_run(s, plenty);
  CHECK(tight.out_of_core);
  // A chunk height that cannot fit the budget is refused too.
  s.out_of_core.chunk_planes = 50;
  REQUIRE_THROWS_AS(plan_run(s, plenty), ConfigError);
}

TEST_CASE("chunks own every plane once and hold R k halo planes, cut at the grid's faces", "[out_of_core]") {
  for (int k : {1, 2, 5})
    for (int planes : {1, 7, 12, 60}) {
      const auto chunks = z_chunks(60, planes, k);
      int next = 0;
      for (const ZChunk& c : chunks) {
        CHECK(c.core0 == next);
        next = c.core1;
        CHECK(c.ext0 == std::max(0, c.core0 - Grid::radius * k));
        CHECK(c.ext1 == std::min(60, c.core1 + Grid::radius * k));
      }
      CHECK(next == 60);
    }
}

TEST_CASE("sweeps are as even as their number allows and still land on the steps asked", "[out_of_core]") {
  const auto sweeps_of = [](int steps, std::vector<int> land_on, int k) {
    std::vector<int> lengths;
    for (int done = 0; done < steps; done += lengths.back()) lengths.push_back(next_sweep_steps(steps - done, land_on, done, k));
    return lengths;
  };
  CHECK(sweeps_of(64, {}, 19) == std::vector<int>{16, 16, 16, 16});  // not 19, 19, 19, 7
  CHECK(sweeps_of(57, {}, 19) == std::vector<int>{19, 19, 19});
  CHECK(sweeps_of(14, {}, 3) == std::vector<int>{3, 3, 3, 3, 2});  // as many sweeps as ceil(14 / 3)
  CHECK(sweeps_of(30, {10}, 4) == std::vector<int>{4, 3, 3, 4, 3, 3, 4, 3, 3});  // ends on 10, 20, 30
  CHECK(sweeps_of(5, {}, 8) == std::vector<int>{5});
}

TEST_CASE("for a short run the pipeline's k avoids a last sweep that pays a whole sweep's copies for few steps",
          "[out_of_core]") {
  // Rates and sizes of iso 1536 x 1536 x 2304 at 24 GiB on the H200
  // (perf/results/h200-2026-11-24/out-of-core): 244-plane buffers.
  PipelineRates h200;
  h200.seconds_per_plane = 14.93e-6;
  h200.h2d_bytes_per_s = 53.6e9;
  h200.d2h_bytes_per_s = 54.4e9;
  h200.both_bytes_per_s = 100.3e9;
  const double in = 30.1e6, out = 20.6e6;
  const PipelineShape steady = choose_pipeline_shape(h200, 2304, 244, in, out, 0, 0);
  const PipelineShape run = choose_pipeline_shape(h200, 2304, 244, in, out, 0, 0, 64);
  CAPTURE(steady.steps_per_visit, run.steps_per_visit);
  REQUIRE(64 % steady.steps_per_visit != 0);
  const auto for_64 = [&](const PipelineShape& s) {
    return predict_run_seconds_per_step(h200, 2304, in, out, s.steps_per_visit, s.chunk_planes, 64);
  };
  CHECK(run.predicted_s_per_step == for_64(run));
  CHECK(for_64(run) < for_64(steady));
  // A long run converges to the steady choice.
  CHECK(choose_pipeline_shape(h200, 2304, 244, in, out, 0, 0, 100000).steps_per_visit == steady.steps_per_visit);
}

TEST_CASE("a visit computes only the planes its chunk's own planes depend on, R a step and the CPML's 2 beyond",
          "[out_of_core]") {
  const int R = Grid::radius;
  // Chunk [40, 50) of 100 planes, k = 3: its buffer [28, 62).
  const ZChunk inner = z_chunks(100, 10, 3)[4];
  REQUIRE(inner.ext0 == 28);
  CHECK(planes_computed_at_step(inner, 3, 0) == std::array<int, 2>{40 - 2 * R - 2, 50 + 2 * R + 2});
  CHECK(planes_computed_at_step(inner, 3, 1) == std::array<int, 2>{40 - R - 2, 50 + R + 2});
  CHECK(planes_computed_at_step(inner, 3, 2) == std::array<int, 2>{38, 52});
  CHECK(planes_computed_per_visit(inner, 3) == 30 + 2 * (2 * R + 2) + 2 * (R + 2) + 4);
  // A shorter last sweep (k = 2 on the same buffer) computes less.
  CHECK(planes_computed_at_step(inner, 2, 0) == std::array<int, 2>{40 - R - 2, 50 + R + 2});
  // At the grid's face the buffer ends.
  const ZChunk first = z_chunks(100, 10, 3).front();
  CHECK(planes_computed_at_step(first, 3, 0) == std::array<int, 2>{0, 10 + 2 * R + 2});
}

TEST_CASE("device memory sizes are read with binary units and bad ones are refused", "[out_of_core]") {
  CHECK(parse_byte_size("8GiB", "m") == (std::size_t(8) << 30));
  CHECK(parse_byte_size("8 GiB", "m") == (std::size_t(8) << 30));
  CHECK(parse_byte_size("1.5 MiB", "m") == std::size_t(1536) * 1024);
  CHECK(parse_byte_size("4096", "m") == 4096);
  CHECK(parse_byte_size("12 B", "m") == 12);
  for (const char* bad : {"", "GiB", "8 GB", "-1 GiB", "8 gib", "0", "1e30 TiB", "8 GiB extra"})
    CHECK_THROWS_AS(parse_byte_size(bad, "m"), InputError);
}

namespace {

// Replays a skewed sweep plane by plane on two time-level arrays, as the
// device would run it: each array holds, per plane, the level it has (level
// L lives in array L mod 2, step j writes level j+1 over level j-1). Checks
// that every read finds the level the in-core step reads, within the
// visit's window; that each plane is computed once per level; that the
// planes a visit writes back are final; and that each CPML z-slab is
// computed by one chunk at each level. Returns the number of failed checks.
int replay_skewed_sweep(int nz, int k, int pml, const std::vector<SkewedChunk>& chunks) {
  const int R = Grid::radius;
  std::array<std::vector<int>, 2> level{std::vector<int>(std::size_t(nz), 0), std::vector<int>(std::size_t(nz), -1)};
  const auto at = [&](int l, int q) -> int& { return level[std::size_t(((l % 2) + 2) % 2)][std::size_t(q)]; };
  std::vector<int> computed(std::size_t(nz) * std::size_t(k), 0);
  std::vector<std::vector<int>> slab_owner(std::size_t(k), std::vector<int>(std::size_t(nz), -1));
  int failed = 0, expect_done = 0;
  for (std::size_t v = 0; v < chunks.size(); ++v) {
    const std::array<int, 2> w = skewed_window(chunks[v], k);
    for (int j = 0; j < k; ++j) {
      const std::array<int, 2> z = skewed_planes_at_step(chunks[v], nz, j);
      for (int q = z[0]; q < z[1]; ++q) {
        for (int d = -R; d <= R; ++d) {  // level j within the stencil's reach (padding beyond the faces)
          const int p = q + d;
          if (p < 0 || p >= nz) continue;
          failed += at(j, p) != j;
          failed += p < w[0] || p >= w[1];
        }
        failed += at(j - 1, q) != j - 1;  // the previous level under the point
        ++computed[std::size_t(j) * std::size_t(nz) + std::size_t(q)];
        if (pml > 0 && (q < pml + 2 || q >= nz - pml - 2)) {  // a z-slab plane (psi_z's ghost layers included)
          int& owner = slab_owner[std::size_t(j)][std::size_t(q < pml + 2 ? 0 : nz - 1)];
          if (owner < 0) owner = int(v);
          failed += owner != int(v);
        }
      }
      for (int q = z[0]; q < z[1]; ++q) at(j + 1, q) = j + 1;
    }
    const std::array<int, 2> done = skewed_done_planes(chunks[v], nz, k);
    failed += done[0] != expect_done;  // the written-back planes tile the grid in order
    expect_done = done[1];
    for (int q = done[0]; q < done[1]; ++q) failed += at(k, q) != k || at(k - 1, q) != k - 1;
  }
  failed += expect_done != nz;
  for (int c : computed) failed += c != 1;
  return failed;
}

}  // namespace

TEST_CASE("a skewed sweep computes every plane once per level, reading only levels left in place and carried",
          "[out_of_core]") {
  const int R = Grid::radius;
  for (int k : {1, 2, 5, 8})
    for (int pml : {0, 8})
      for (int max_planes : {60, 90, 200})
        for (int core : {0, 1, 3, 12}) {
          const int nz = 600;
          const std::vector<SkewedChunk> chunks = skewed_chunks(nz, max_planes, k, pml, core);
          if (chunks.empty()) {  // refused only when the end chunks cannot hold their slab or a chunk its window
            CHECK((max_planes - R * (k + 1) < std::max(core, skewed_slab_reach(pml) + R) ||
                   std::min(max_planes, nz - std::max(core, skewed_slab_reach(pml) + R)) < R * k + skewed_slab_reach(pml)));
            continue;
          }
          CAPTURE(k, pml, max_planes, core, chunks.size());
          REQUIRE(chunks.size() >= 4);
          CHECK(replay_skewed_sweep(nz, k, pml, chunks) == 0);
          for (const SkewedChunk& c : chunks) {  // each visit fits its buffer
            const std::array<int, 2> w = skewed_window(c, k);
            CHECK(w[1] - w[0] <= max_planes);
          }
        }
}

TEST_CASE("the skewed replay catches a schedule that shifts less than R a step", "[out_of_core]") {
  // The halo scheme's chunks without halos, all advanced in place: the
  // second chunk reads planes the first already moved two levels on.
  const std::vector<SkewedChunk> chunks = skewed_chunks(300, 90, 5, 8);
  REQUIRE(chunks.size() >= 4);
  std::vector<SkewedChunk> unshifted = chunks;
  for (SkewedChunk& c : unshifted) c.first = c.last = true;  // every chunk's steps cover [0, nz)
  CHECK(replay_skewed_sweep(300, 5, 8, unshifted) > 0);
}

TEST_CASE("the skewed model moves each plane once per sweep each way and computes no halo twice", "[out_of_core]") {
  PipelineRates link;
  link.h2d_bytes_per_s = link.d2h_bytes_per_s = 1;
  link.both_bytes_per_s = 1e30;
  const std::vector<SkewedChunk> chunks = skewed_chunks(300, 90, 5, 8);
  CHECK(predict_skewed_seconds_per_step(link, 300, 1, 0, 5, chunks) == Approx(300.0 / 5).epsilon(1e-12));
  CHECK(predict_skewed_seconds_per_step(link, 300, 0, 1, 5, chunks) == Approx(300.0 / 5).epsilon(1e-12));
  PipelineRates compute;
  compute.seconds_per_plane = 1;
  compute.h2d_bytes_per_s = compute.d2h_bytes_per_s = compute.both_bytes_per_s = 1e30;
  CHECK(predict_skewed_seconds_per_step(compute, 300, 1, 1, 5, chunks) == Approx(300).epsilon(1e-12));
  // The halo scheme at the same buffer (chunks of 90 - 2 R k = 50 planes)
  // computes its halos' (R (k - 1) + 2) planes each side again: 1.4x.
  const std::vector<ZChunk> halo = z_chunks(300, 90 - 2 * Grid::radius * 5, 5);
  double planes = 0;
  for (const ZChunk& c : halo) planes += planes_computed_per_visit(c, 5);
  CHECK(planes / 5 > 300 * 1.3);
}
