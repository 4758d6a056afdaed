#include "catch_compat.hpp"
#include "test_support.hpp"

#include "seis/errors.hpp"
#include "seis/io/npy.hpp"
#include "seis/io/run_output.hpp"
#include "seis/io/segy.hpp"
#include "seis/run_plan.hpp"

#include <filesystem>
#include <fstream>

using namespace seis;

TEST_CASE(".npy files round-trip shape and values", "[io]") {
  const std::string dir = test::temp_dir("npy");
  std::vector<float> v(3 * 7);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = 0.25f * float(i) - 1.5f;
  write_npy(dir + "/a.npy", {3, 7}, v.data());
  const NpyArray a = read_npy(dir + "/a.npy");
  REQUIRE(a.shape == std::vector<std::size_t>{3, 7});
  REQUIRE(a.data == v);
  // The header is padded to a multiple of 64 bytes, as NumPy requires.
  REQUIRE(std::filesystem::file_size(dir + "/a.npy") % 64 == (v.size() * 4) % 64);
  write_npy(dir + "/b.npy", {5}, v.data());
  REQUIRE(read_npy(dir + "/b.npy").shape == std::vector<std::size_t>{5});
}

TEST_CASE("run outputs are written whole and read back", "[io]") {
  Scenario s = test::homogeneous(21, 10, 2000, 6);
  s.receivers = {{50, 50, 50}, {60, 50, 50}};
  const RunPlan plan = plan_run(s, std::size_t(1) << 40);
  std::vector<float> traces(2 * 6);
  for (std::size_t i = 0; i < traces.size(); ++i) traces[i] = float(i);
  const std::string dir = test::temp_dir("out") + "/run";
  const auto files = write_run_outputs(dir, plan, traces, 6, {{"ok", true}});
  const NpyArray a = read_npy(dir + "/seismograms.npy");
  REQUIRE(a.shape == std::vector<std::size_t>{2, 6});
  REQUIRE(a.data == traces);
  std::ifstream header(dir + "/seismograms.json");
  const auto h = nlohmann::json::parse(header);
  REQUIRE(h["nt"] == 6);
  REQUIRE(h["receivers"].size() == 2);
  REQUIRE(h["dt"].get<double>() == Approx(plan.dt));
  for (const auto& f : files) REQUIRE(std::filesystem::exists(f));
  for (const auto& e : std::filesystem::directory_iterator(dir)) REQUIRE(e.path().extension() != ".tmp");
  if (segy_available()) {
    // 3600-byte headers + 2 traces of (240 + 6 * 4) bytes.
    REQUIRE(std::filesystem::file_size(dir + "/seismograms.sgy") == 3600 + 2 * (240 + 24));
  }
}

TEST_CASE("an output directory holding results is not overwritten unless asked", "[io][validation]") {
  const std::string dir = test::temp_dir("keep");
  REQUIRE_NOTHROW(check_output_dir(dir, false));  // empty: fine
  { std::ofstream(dir + "/report.json") << "{\"precious\": 1}"; }
  REQUIRE_THROWS_AS(check_output_dir(dir, false), InputError);
  REQUIRE_NOTHROW(check_output_dir(dir, true));
  { std::ofstream(dir + "/plain-file") << "x"; }
  REQUIRE_THROWS_AS(check_output_dir(dir + "/plain-file", true), InputError);
  std::ifstream in(dir + "/report.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(text == "{\"precious\": 1}");
}
