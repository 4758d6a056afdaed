#include "catch_compat.hpp"
#include "test_support.hpp"

#include "seis/errors.hpp"
#include "seis/policies/autotune.hpp"

#include <cstdlib>
#include <map>

using namespace seis;

namespace {
TuneCandidates table_candidates() {
  TuneCandidates c;
  c.per_strategy = {{"a:32x16", "a:16x16"}, {"b:32x4x4", "b:8x8x8"}, {"c:64x4", "c:32x8", "c:16x4"}, {"d:32x16"}};
  return c;
}
}  // namespace

TEST_CASE("the tuner picks the fastest entry of a mocked timing table", "[tuner]") {
  // c:16x4 is fastest but c is only third at its default shape: stage 2 must
  // still reach it (finalists = 3). d cannot run here.
  const std::map<std::string, double> table = {{"a:32x16", 2.0}, {"a:16x16", 1.9}, {"b:32x4x4", 3.0},
                                               {"b:8x8x8", 2.8}, {"c:64x4", 2.5},  {"c:32x8", 2.4},
                                               {"c:16x4", 1.2}};
  int calls = 0;
  auto time_ms = [&](const std::string& spec) {
    ++calls;
    const auto it = table.find(spec);
    if (it == table.end()) throw ConfigError(spec + " needs too much scratch");
    return MeasuredStep{it->second, 0.0};
  };
  const TuneResult r = tune_search(table_candidates(), time_ms, [] { return 0.0; }, 100.0, 3);
  REQUIRE(r.best == "c:16x4");
  REQUIRE(r.best_ms == 1.2);
  REQUIRE_FALSE(r.budget_exhausted);
  REQUIRE(calls == 8);  // every spec once, none twice
  bool d_listed = false;
  for (const auto& t : r.timings)
    if (t.spec == "d:32x16") d_listed = t.ms_per_step < 0 && t.note.find("scratch") != std::string::npos;
  REQUIRE(d_listed);
}

TEST_CASE("the tuner keeps the best so far when its time budget runs out", "[tuner]") {
  double clock = 0;
  auto time_ms = [&](const std::string& spec) {
    clock += 1.0;  // every measurement costs a mocked second
    return MeasuredStep{spec == "b:32x4x4" ? 1.0 : 5.0, 0.0};
  };
  const TuneResult r = tune_search(table_candidates(), time_ms, [&] { return clock; }, 2.0, 3);
  REQUIRE(r.budget_exhausted);
  REQUIRE(r.timings.size() == 2);
  REQUIRE(r.best == "b:32x4x4");
}

TEST_CASE("the tuner fails clearly when nothing can run", "[tuner]") {
  auto none = [](const std::string& spec) -> MeasuredStep { throw ConfigError(spec + " cannot run"); };
  REQUIRE_THROWS_AS(tune_search(table_candidates(), none, [] { return 0.0; }, 10.0), ConfigError);
}

TEST_CASE("tuned choices are cached per device, backend, physics and grid class", "[tuner]") {
  const std::string path = test::temp_dir("tune") + "/cache/tune.json";
  const TuneKey k1{"GPU X", "Cuda", "iso", grid_class(1000, 1030, 1010)};
  const TuneKey k2{"GPU X", "Cuda", "tti", grid_class(1000, 1030, 1010)};
  REQUIRE(k1.grid == "1024x1024x1024");
  CachedChoice out;
  REQUIRE_FALSE(lookup_tuned(path, k1, out));
  store_tuned(path, k1, {"semi_b_a:32x16", 7.5, "2026-11-22"});
  store_tuned(path, k2, {"st_reg_fixed:32x8", 30.0, "2026-11-22"});
  REQUIRE(lookup_tuned(path, k1, out));
  REQUIRE(out.spec == "semi_b_a:32x16");
  REQUIRE(out.ms_per_step == 7.5);
  REQUIRE(lookup_tuned(path, k2, out));
  REQUIRE(out.spec == "st_reg_fixed:32x8");
  REQUIRE_FALSE(lookup_tuned(path, {"GPU X", "Cuda", "iso", "512x512x512"}, out));
}

TEST_CASE("grid classes separate grids whose tiling differs and join near-equal ones", "[tuner]") {
  REQUIRE(grid_class(900, 900, 900) == "896x896x896");
  REQUIRE(grid_class(1024, 1024, 1024) == "1024x1024x1024");
  REQUIRE(grid_class(900, 900, 900) != grid_class(1024, 1024, 1024));
  REQUIRE(grid_class(1000, 1030, 1010) == grid_class(1024, 1024, 1024));
  REQUIRE(grid_class(10, 20, 1) == "64x64x64");
}

TEST_CASE("a re-tune keeps the cached choice unless a challenger wins by more than the spread", "[tuner]") {
  TuneCandidates c;
  c.per_strategy = {{"a:1"}, {"b:1"}, {"c:1"}};
  // b is the incumbent: 2.0 ms with a spread of 0.2 ms.
  auto run = [&](double a_ms, double a_spread) {
    const std::map<std::string, MeasuredStep> table = {
        {"a:1", {a_ms, a_spread}}, {"b:1", {2.0, 0.2}}, {"c:1", {3.0, 0.1}}};
    return tune_search(c, [&](const std::string& s) { return table.at(s); }, [] { return 0.0; }, 100.0, 3, "b:1");
  };
  // 1.9 ms is within the spread: a tie, the incumbent stays.
  const TuneResult tie = run(1.9, 0.1);
  REQUIRE(tie.best == "b:1");
  REQUIRE(tie.kept_incumbent);
  // A challenger with a wider spread must beat that spread too.
  REQUIRE(run(1.7, 0.4).best == "b:1");
  // 1.5 ms beats 2.0 - 0.2: the challenger wins.
  const TuneResult win = run(1.5, 0.1);
  REQUIRE(win.best == "a:1");
  REQUIRE_FALSE(win.kept_incumbent);
  REQUIRE(win.best_ms == 1.5);
  // Without an incumbent, plain fastest wins.
  const std::map<std::string, MeasuredStep> table = {{"a:1", {1.9, 0.1}}, {"b:1", {2.0, 0.2}}, {"c:1", {3.0, 0.1}}};
  REQUIRE(tune_search(c, [&](const std::string& s) { return table.at(s); }, [] { return 0.0; }, 100.0).best == "a:1");
}
