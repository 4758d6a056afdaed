// seis-bench: the report's arithmetic, and a run of the program on a tiny grid.
#include "catch_compat.hpp"
#include "test_support.hpp"

#include "bench_report.hpp"

#include "seis/measure/strategy_timer.hpp"
#include "seis/physics/iso.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

using namespace seis;

namespace {
// The seis-bench of this build, or $SEIS_BENCH (a build carried elsewhere).
std::string bench_exe() {
  const char* env = std::getenv("SEIS_BENCH");
  return env ? env : SEIS_BENCH_EXE;
}
}  // namespace

TEST_CASE("bench rows derive rates, bandwidth and fraction of copy from the median time", "[bench]") {
  bench::Row r;
  r.physics = "iso";
  r.nx = r.ny = r.nz = 1000;  // 1e9 points
  r.median_ms = 8.0;
  r.bytes_per_point = 16;
  r.flops_per_point = 41;
  REQUIRE(r.gpts_per_s() == Approx(125.0));                // 1e9 / 8 ms
  REQUIRE(r.effective_gbytes_per_s() == Approx(2000.0));   // 16 GB / 8 ms
  REQUIRE(r.fraction_of_copy(2500.0) == Approx(0.8));
  REQUIRE(r.gflops_per_s() == Approx(5125.0));
  r.native.median_ms = 7.8;
  REQUIRE(r.native_ratio() == Approx(8.0 / 7.8));
}

TEST_CASE("a bench row's native ratio is the median of its pairs of steps, their extremes its spread", "[bench]") {
  bench::Row r;
  r.median_ms = 8.0;
  r.native.median_ms = 7.8;
  REQUIRE(r.native_ratio() == Approx(8.0 / 7.8));  // no pairs: the ratio of the medians
  REQUIRE(r.native_ratio_min() == r.native_ratio());
  REQUIRE(r.native_ratio_max() == r.native_ratio());
  r.native.pair_ratios = {1.10, 0.98, 1.02, 0.97, 1.01};  // one slow Kokkos step does not move the median
  REQUIRE(r.native_ratio() == 1.01);
  REQUIRE(r.native_ratio_min() == 0.97);
  REQUIRE(r.native_ratio_max() == 1.10);
}

TEST_CASE("paired timing runs its steppers A B, B A, ... on one state, each on both time levels", "[bench]") {
  const Grid g(6, 5, 4, 10, 10, 10, sizeof(float));
  WaveState<IsoPhysics<float>> state(g);
  const IsoPhysics<float> physics(g);
  const float* level0 = state.current(0).data();
  std::string order;
  std::map<char, std::vector<bool>> on_level0;
  // Each step sleeps, so every timed step lasts at least that long.
  auto stepper = [&](char who, int ms) {
    return [&, who, ms](const StepData<IsoPhysics<float>>& d) {
      order += who;
      on_level0[who].push_back(d.cur[0] == level0);
      std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    };
  };
  const PairedTimes t = time_paired(state, physics, 2, 4, stepper('a', 1), stepper('b', 2));
  REQUIRE(order == "abbaabbaabba");  // 2 warm-up pairs, then 4 timed
  REQUIRE(t.a.repeats == 4);
  REQUIRE(t.b.repeats == 4);
  REQUIRE(t.a_ms.size() == 4);
  REQUIRE(t.b_ms.size() == 4);
  const auto ratios = t.ratios();
  REQUIRE(ratios.size() == 4);
  for (std::size_t i = 0; i < 4; ++i) {
    REQUIRE(t.a_ms[i] >= 1.0);
    REQUIRE(t.b_ms[i] >= 2.0);
    REQUIRE(ratios[i] == t.a_ms[i] / t.b_ms[i]);
  }
  REQUIRE(t.a.min_ms <= t.a.median_ms);
  REQUIRE(t.b.max_ms >= t.b.median_ms);
  // The timed steps (after 2 each of warm-up) see time level 0 and 1 alike.
  for (char who : {'a', 'b'}) {
    const auto& lv = on_level0[who];
    REQUIRE(lv.size() == 6);
    REQUIRE(std::count(lv.begin() + 2, lv.end(), true) == 2);
  }
  REQUIRE(state.current(0).data() == level0);  // 12 steps, each swapping the levels
}

TEST_CASE("the bench table prints small (CPU) rates with four significant digits", "[bench]") {
  bench::Report rep;
  rep.copy_gbytes_per_s = 12.34567;
  bench::Row r;
  r.physics = "iso";
  r.strategy = "gmem_3d";
  r.nx = r.ny = r.nz = 100;  // 1e6 points
  r.median_ms = 81.0;       // 0.012346 Gpts/s
  r.bytes_per_point = 8;    // 0.098765 GB/s
  rep.rows = {r};
  const std::string table = bench::to_table(rep);
  INFO(table);
  REQUIRE(table.find("12.35 GB/s") != std::string::npos);
  REQUIRE(table.find(" 0.01235 ") != std::string::npos);
  REQUIRE(table.find(" 0.09877 ") != std::string::npos);
}

TEST_CASE("seis-bench writes a JSON and CSV report whose figures are consistent", "[bench]") {
  const std::string dir = test::temp_dir("bench");
  const std::string cmd = bench_exe() + " --physics iso,tti --sizes 20x18x12 --strategies gmem_3d,semi_b:16x8 --shapes default "
                          "--repeats 2 --warmup 1 --stream-bytes 20000000 --json " + dir + "/b.json --csv " + dir +
                          "/b.csv > " + dir + "/out.txt 2>&1";
  REQUIRE(std::system(cmd.c_str()) == 0);
  std::ifstream in(dir + "/b.json");
  const auto j = nlohmann::json::parse(in);
  REQUIRE(j.contains("device"));
  REQUIRE(j.contains("date"));
  REQUIRE(j["command"].get<std::string>().find("--sizes 20x18x12") != std::string::npos);
  const double copy = j["stream_copy"]["gbytes_per_s"].get<double>();
  REQUIRE(copy > 0);
  // The FP32 peak comes from the device's properties: a number on GPUs,
  // null (with the reason) where they do not give it.
  REQUIRE(j["fp32_peak"].contains("gflops"));
  REQUIRE((j["fp32_peak"]["gflops"].is_null() || j["fp32_peak"]["gflops"].get<double>() > 0));
  REQUIRE(!j["fp32_peak"]["basis"].get<std::string>().empty());
  REQUIRE(j["results"].size() == 4);  // 2 physics x 2 specs
  for (const auto& r : j["results"]) {
    REQUIRE(r["status"] == "ok");
    const double points = 20.0 * 18 * 12;
    REQUIRE(r["points"].get<double>() == points);
    const int bpp = r["physics"] == "iso" ? 16 : 44;  // physics.md §1, §2
    REQUIRE(r["bytes_per_point"] == bpp);
    const double ms = r["median_ms"].get<double>();
    REQUIRE(ms > 0);
    REQUIRE(r["min_ms"].get<double>() <= ms);
    REQUIRE(r["max_ms"].get<double>() >= ms);
    REQUIRE(r["gpts_per_s"].get<double>() == Approx(points / (ms * 1e-3) / 1e9));
    REQUIRE(r["effective_gbytes_per_s"].get<double>() == Approx(points * bpp / (ms * 1e-3) / 1e9));
    REQUIRE(r["fraction_of_copy"].get<double>() == Approx(r["effective_gbytes_per_s"].get<double>() / copy));
  }
  std::ifstream csv(dir + "/b.csv");
  std::string header, line;
  std::getline(csv, header);
  REQUIRE(header.find("fraction_of_copy") != std::string::npos);
  int rows = 0;
  while (std::getline(csv, line)) ++rows;
  REQUIRE(rows == 4);
}

TEST_CASE("seis-bench refuses unknown strategies before allocating anything", "[bench]") {
  const std::string cmd = bench_exe() + " --strategies semi_q --sizes 8 > /dev/null 2>&1";
  const int status = std::system(cmd.c_str());
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 2);
}

TEST_CASE("Nsight Compute counters join the bench rows of the strategies they name", "[bench]") {
  const std::string dir = test::temp_dir("bench-counters");
  {
    std::ofstream csv(dir + "/ncu-iso.csv");
    csv << "spec,inst_per_point,dram_bytes_per_point,registers,local_ld,local_st,issue_active_pct,warps_active_pct,"
           "kernel_ms\n"
        << "gmem_3d,328.0,24.15,32,0,0,78.2,88.4,13.471\n"   // the default shape (32x4x4)
        << "semi_b:16x8,258.8,16.98,63,12,3,60.9,49.8,13.728\n";
  }
  const std::string cmd = bench_exe() + " --physics iso --sizes 16 --strategies gmem_3d,semi_b:16x8,swic:32x8 "
                          "--shapes default --repeats 1 --warmup 0 --stream-bytes 1000000 --counters iso=" + dir +
                          "/ncu-iso.csv --json " + dir + "/b.json > " + dir + "/out.txt 2>&1";
  REQUIRE(std::system(cmd.c_str()) == 0);
  std::ifstream in(dir + "/b.json");
  const auto j = nlohmann::json::parse(in);
  int with_counters = 0;
  for (const auto& row : j["results"]) {
    if (!row.contains("counters")) {
      REQUIRE(row["strategy"] == "swic");  // not in the CSV
      continue;
    }
    ++with_counters;
    if (row["strategy"] == "gmem_3d") {
      REQUIRE(row["shape"] == "32x4x4");
      REQUIRE(row["counters"]["inst_per_point"].get<double>() == 328.0);
      REQUIRE(row["counters"]["registers"] == 32);
    } else {
      REQUIRE(row["strategy"] == "semi_b");
      REQUIRE(row["counters"]["local_load_instructions"].get<double>() == 12.0);
    }
  }
  REQUIRE(with_counters == 2);
  std::ifstream out(dir + "/out.txt");
  std::stringstream text;
  text << out.rdbuf();
  INFO(text.str());
  REQUIRE(text.str().find("inst/pt  regs  spill ld/st") != std::string::npos);
  REQUIRE(text.str().find("  258.8    63  12/3") != std::string::npos);
}

TEST_CASE("a counters file that is not perf/ncu_strategies.sh's CSV is refused", "[bench]") {
  REQUIRE_THROWS_WITH(bench::read_counters_csv("kernel,time\nx,1\n"), Catch::Contains("first column must be 'spec'"));
  REQUIRE_THROWS_WITH(bench::read_counters_csv("spec,inst_per_point\nx,1\n"), Catch::Contains("lacks the column"));
  const auto c = bench::read_counters_csv(
      "spec,inst_per_point,dram_bytes_per_point,registers,local_ld,local_st\nst_reg_vec:16x16@128,81.9,16.85,128,0,0\n");
  REQUIRE(c.size() == 1);
  REQUIRE(c[0].first == "st_reg_vec:16x16@128");
  REQUIRE(c[0].second.registers == 128);
}
