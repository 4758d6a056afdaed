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
    return it->second;
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
    return spec == "b:32x4x4" ? 1.0 : 5.0;
  };
  const TuneResult r = tune_search(table_candidates(), time_ms, [&] { return clock; }, 2.0, 3);
  REQUIRE(r.budget_exhausted);
  REQUIRE(r.timings.size() == 2);
  REQUIRE(r.best == "b:32x4x4");
}

TEST_CASE("the tuner fails clearly when nothing can run", "[tuner]") {
  auto none = [](const std::string& spec) -> double { throw ConfigError(spec + " cannot run"); };
  REQUIRE_THROWS_AS(tune_search(table_candidates(), none, [] { return 0.0; }, 10.0), ConfigError);
}

TEST_CASE("tuned choices are cached per device, backend, physics and grid class", "[tuner]") {
  const std::string path = test::temp_dir("tune") + "/cache/tune.json";
  const TuneKey k1{"GPU X", "Cuda", "iso", grid_class(1000, 1030, 990)};
  const TuneKey k2{"GPU X", "Cuda", "tti", grid_class(1000, 1030, 990)};
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
