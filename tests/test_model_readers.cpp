// Model files written by NumPy and segyio (tests/models/write_models.py) read
// back, and the trilinear resampling onto the grid.

#include "catch_compat.hpp"
#include "test_support.hpp"

#include "seis/errors.hpp"
#include "seis/io/model_readers.hpp"
#include "seis/run_plan.hpp"
#include "seis/scenario.hpp"

#include <cmath>
#include <cstdlib>
#include <string>

using namespace seis;

namespace {

// f(x, y, z) = 1500 + 3x + 5y + 7z, as write_models.py writes it.
double written(int x, int y, int z) { return 1500.0 + 3 * x + 5 * y + 7 * z; }

// Writes the files once per test run; empty when no Python with NumPy and
// segyio was found at configure time.
const std::string& model_dir() {
  static const std::string dir = [] {
    const std::string python = SEIS_MODEL_PYTHON;
    if (python.empty()) return std::string();
    const std::string d = test::temp_dir("models");
    const std::string cmd = python + " " + SEIS_MODEL_WRITER + " " + d;
    REQUIRE(std::system(cmd.c_str()) == 0);
    return d;
  }();
  return dir;
}

ModelSpec file_spec(ModelSpec::Format format, const std::string& name) {
  ModelSpec m;
  m.kind = ModelSpec::Kind::file;
  m.format = format;
  m.path = model_dir() + "/" + name;
  return m;
}

void require_written_cube(const ModelVolume& v) {
  REQUIRE(v.dims == std::array<int, 3>{5, 4, 3});
  for (int z = 0; z < 3; ++z)
    for (int y = 0; y < 4; ++y)
      for (int x = 0; x < 5; ++x) REQUIRE(v.data[x + 5 * (y + 4 * z)] == written(x, y, z));
}

}  // namespace

TEST_CASE("NumPy models round-trip: float32 C order and float64 Fortran order, axes x, y, z", "[models]") {
  if (model_dir().empty()) {
    WARN("no python3 with numpy and segyio at configure time: reader round-trips not run");
    return;
  }
  require_written_cube(read_model_volume(file_spec(ModelSpec::Format::npy, "c_f4.npy"), "velocity"));
  require_written_cube(read_model_volume(file_spec(ModelSpec::Format::npy, "f_f8.npy"), "velocity"));
}

TEST_CASE("SEG-Y models round-trip: inline -> x, crossline -> y, samples -> z, in any trace order", "[models]") {
  if (model_dir().empty() || !segy_models_available()) {
    WARN("segyio (C library or Python module) missing: SEG-Y model round-trips not run");
    return;
  }
  // IEEE floats written crossline-major; IBM floats (exact for these
  // integers) inline-major.
  require_written_cube(read_model_volume(file_spec(ModelSpec::Format::segy, "cube_ieee.sgy"), "velocity"));
  require_written_cube(read_model_volume(file_spec(ModelSpec::Format::segy, "cube_ibm.sgy"), "velocity"));
  // A 2D section without line numbers is a line along x.
  const ModelVolume s = read_model_volume(file_spec(ModelSpec::Format::segy, "section.sgy"), "velocity");
  REQUIRE(s.dims == std::array<int, 3>{5, 1, 3});
  for (int z = 0; z < 3; ++z)
    for (int x = 0; x < 5; ++x) REQUIRE(s.data[x + 5 * z] == written(x, 0, z));
}

TEST_CASE("unreadable model files are refused with the reason", "[models][validation]") {
  if (model_dir().empty()) return;
  auto error = [](const ModelSpec& m) {
    try {
      read_model_volume(m, "velocity");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  REQUIRE(error(file_spec(ModelSpec::Format::npy, "big_endian.npy")).find("not a little-endian float32 or float64") !=
          std::string::npos);
  REQUIRE(error(file_spec(ModelSpec::Format::npy, "flat.npy")).find("has shape (5, 4); a model needs 3 axes") !=
          std::string::npos);
  if (segy_models_available())
    REQUIRE(error(file_spec(ModelSpec::Format::segy, "holey.sgy"))
                .find("has 19 traces, not the 5 inlines x 4 crosslines of a regular cube") != std::string::npos);
}

TEST_CASE("a model whose shape differs from the grid is refused with both shapes", "[models][validation]") {
  if (model_dir().empty()) return;
  Scenario s = test::homogeneous(6, 10, 2000, 4);
  s.vp = file_spec(ModelSpec::Format::npy, "c_f4.npy");
  s.source = s.receivers[0] = {20, 20, 20};
  try {
    plan_run(s, std::size_t(1) << 40);
    FAIL("no error");
  } catch (const InputError& e) {
    const std::string msg = e.what();
    INFO(msg);
    REQUIRE(msg.find("has dims [5, 4, 3] (x, y, z) but the grid is [6, 6, 6]") != std::string::npos);
  }
  // With the model's spacing it is resampled instead, and the plan says so.
  s.vp.resample = true;
  s.vp.spacing = {12.5, 12.5, 20};
  const RunPlan plan = plan_run(s, std::size_t(1) << 40);
  REQUIRE(plan.parameters.at(0).resampled.find("trilinear from [5, 4, 3]") != std::string::npos);
  REQUIRE(plan.parameters.at(0).min == written(0, 0, 0));
}

TEST_CASE("trilinear resampling reproduces a linear model exactly and a smooth one within h^2/8 |f''|", "[models]") {
  // Model samples every 15 m from -20 m; grid nodes every 10 m from 0.
  const std::array<double, 3> spacing{15, 15, 15}, origin{-20, -20, -20}, grid_h{10, 10, 10};
  const std::array<int, 3> model_dims{12, 12, 12}, grid_dims{14, 13, 12};
  auto fill = [&](auto f) {
    ModelVolume v;
    v.dims = model_dims;
    for (int z = 0; z < 12; ++z)
      for (int y = 0; y < 12; ++y)
        for (int x = 0; x < 12; ++x)
          v.data.push_back(float(f(origin[0] + x * spacing[0], origin[1] + y * spacing[1], origin[2] + z * spacing[2])));
    return v;
  };
  auto linear = [](double x, double y, double z) { return 2000 + 1.5 * x - 0.5 * y + 2.0 * z; };
  const double k = 2 * M_PI / 200;  // wavelength 200 m
  auto smooth = [&](double x, double y, double z) { return 2000 + 100 * std::sin(k * x) * std::cos(k * y) * std::sin(k * z + 1); };
  const auto lin = resample_trilinear(fill(linear), spacing, origin, grid_dims, grid_h);
  const auto smo = resample_trilinear(fill(smooth), spacing, origin, grid_dims, grid_h);
  // Linear: exact up to float32 rounding of values near 2000 (ulp 1.2e-4).
  // Smooth: the trilinear error bound sum_a h_a^2/8 max|d2f/da2| = 3 * 15^2/8 * 100 k^2.
  const double bound = 3 * 15.0 * 15.0 / 8 * 100 * k * k;
  double worst = 0;
  std::size_t i = 0;
  for (int z = 0; z < grid_dims[2]; ++z)
    for (int y = 0; y < grid_dims[1]; ++y)
      for (int x = 0; x < grid_dims[0]; ++x, ++i) {
        REQUIRE(lin[i] == Approx(linear(x * 10.0, y * 10.0, z * 10.0)).margin(3e-4));
        worst = std::max(worst, std::abs(smo[i] - smooth(x * 10.0, y * 10.0, z * 10.0)));
      }
  REQUIRE(worst <= bound);
  REQUIRE(worst > 0.05 * bound);  // the check is not vacuous: the error is of the bound's order
}

TEST_CASE("beyond the model's extent the nearest edge value is used", "[models]") {
  ModelVolume v;
  v.dims = {2, 1, 1};
  v.data = {1000, 3000};
  const auto out = resample_trilinear(v, {10, 10, 10}, {10, 0, 0}, {5, 2, 1}, {5, 5, 5});
  // Nodes at x = 0, 5 (before), 10, 15, 20 (at, halfway, last sample); y is extruded.
  const std::vector<float> row{1000, 1000, 1000, 2000, 3000};
  REQUIRE(std::vector<float>(out.begin(), out.begin() + 5) == row);
  REQUIRE(std::vector<float>(out.begin() + 5, out.end()) == row);
}
