// Model files written by NumPy and segyio (tests/models/write_models.py) read
// back, and the trilinear resampling onto the grid.

#include "catch_compat.hpp"
#include "test_support.hpp"

#include "seis/distributed/subdomain.hpp"
#include "seis/errors.hpp"
#include "seis/io/model_readers.hpp"
#include "seis/io/npy.hpp"
#include "seis/run_plan.hpp"
#include "seis/scenario.hpp"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
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
  s.velocity() = file_spec(ModelSpec::Format::npy, "c_f4.npy");
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
  s.velocity().resample = true;
  s.velocity().spacing = {12.5, 12.5, 20};
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
    v.box = box_of(model_dims);
    for (int z = 0; z < 12; ++z)
      for (int y = 0; y < 12; ++y)
        for (int x = 0; x < 12; ++x)
          v.data.push_back(float(f(origin[0] + x * spacing[0], origin[1] + y * spacing[1], origin[2] + z * spacing[2])));
    return v;
  };
  auto linear = [](double x, double y, double z) { return 2000 + 1.5 * x - 0.5 * y + 2.0 * z; };
  const double k = 2 * M_PI / 200;  // wavelength 200 m
  auto smooth = [&](double x, double y, double z) { return 2000 + 100 * std::sin(k * x) * std::cos(k * y) * std::sin(k * z + 1); };
  const auto lin = resample_trilinear(fill(linear), spacing, origin, box_of(grid_dims), grid_h);
  const auto smo = resample_trilinear(fill(smooth), spacing, origin, box_of(grid_dims), grid_h);
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
  v.box = box_of(v.dims);
  v.data = {1000, 3000};
  const auto out = resample_trilinear(v, {10, 10, 10}, {10, 0, 0}, box_of({5, 2, 1}), {5, 5, 5});
  // Nodes at x = 0, 5 (before), 10, 15, 20 (at, halfway, last sample); y is extruded.
  const std::vector<float> row{1000, 1000, 1000, 2000, 3000};
  REQUIRE(std::vector<float>(out.begin(), out.begin() + 5) == row);
  REQUIRE(std::vector<float>(out.begin() + 5, out.end()) == row);
}

// --- Parts of model files: what one rank of a distributed run reads. ---

namespace {

// Index of (x, y, z) in x-fastest values of box b.
std::size_t at(const Box& b, int x, int y, int z) {
  return std::size_t(x - b.x0) + std::size_t(b.nx()) * (std::size_t(y - b.y0) + std::size_t(b.ny()) * (z - b.z0));
}

// The values of box `b` from values held for box `held`, x fastest.
std::vector<float> cut(const std::vector<float>& values, const Box& held, const Box& b) {
  std::vector<float> out;
  for (int z = b.z0; z < b.z1; ++z)
    for (int y = b.y0; y < b.y1; ++y)
      for (int x = b.x0; x < b.x1; ++x) out.push_back(values[at(held, x, y, z)]);
  return out;
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// 2000 + i / 4 at sample i (x fastest): distinct, exact in float32.
std::vector<float> distinct_values(const std::array<int, 3>& n) {
  std::vector<float> v(std::size_t(n[0]) * n[1] * n[2]);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = float(2000 + 0.25 * double(i));
  return v;
}

void write_raw(const std::string& path, const std::vector<float>& v) {
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(v.data()), std::streamsize(v.size() * 4));
}

// A .npy in C order (z fastest) from x-fastest values.
void write_c_order_npy(const std::string& path, const std::array<int, 3>& n, const std::vector<float>& v) {
  std::vector<float> c(v.size());
  const Box zyx{0, n[2], 0, n[1], 0, n[0]};  // the C order's axes, fastest first
  for (int x = 0; x < n[0]; ++x)
    for (int y = 0; y < n[1]; ++y)
      for (int z = 0; z < n[2]; ++z) c[at(zyx, z, y, x)] = v[at(box_of(n), x, y, z)];
  write_npy(path, {std::size_t(n[0]), std::size_t(n[1]), std::size_t(n[2])}, c.data());
}

ModelSpec spec_at(ModelSpec::Format format, const std::string& path) {
  ModelSpec m;
  m.kind = ModelSpec::Kind::file;
  m.format = format;
  m.path = path;
  return m;
}

// A 20 x 18 x 16 grid, 10 m apart, with velocity vp; cut into 2 x 3 x 2 parts below.
Scenario grid_with(const ModelSpec& vp) {
  Scenario s = test::homogeneous(20, 10, 2000, 4);
  s.ny = 18;
  s.nz = 16;
  s.velocity() = vp;
  s.source = s.receivers[0] = {50, 50, 50};
  return s;
}

RunPlan plan_of_part(const Scenario& s, const Box& part) {
  return plan_run(s, std::size_t(1) << 40, 4, [part](const Scenario&) { return part; });
}

int sample_bytes(const ModelSpec& m) {
  return m.format == ModelSpec::Format::npy && m.path.find("f8") != std::string::npos ? 8 : 4;
}

}  // namespace

TEST_CASE("a box of a model file reads as that box of the whole file, bit for bit, reading only its samples",
          "[models][parts]") {
  if (model_dir().empty()) {
    WARN("no python3 with numpy and segyio at configure time: box reads of its files not run");
    return;
  }
  std::vector<ModelSpec> files{file_spec(ModelSpec::Format::raw, "distinct.bin"),
                               file_spec(ModelSpec::Format::npy, "distinct_c_f4.npy"),
                               file_spec(ModelSpec::Format::npy, "distinct_f_f8.npy")};
  files[0].dims = {9, 7, 6};
  if (segy_models_available())
    for (const char* name : {"distinct_ieee.sgy", "distinct_ibm.sgy"})
      files.push_back(file_spec(ModelSpec::Format::segy, name));
  // Whole axes, first and last samples, inner runs, single samples.
  const std::vector<std::array<int, 2>> xs{{0, 9}, {0, 1}, {3, 7}, {8, 9}, {2, 3}},
      ys{{0, 7}, {0, 1}, {2, 5}, {6, 7}, {1, 2}}, zs{{0, 6}, {0, 1}, {1, 4}, {5, 6}, {2, 3}};
  std::vector<float> ieee_values;
  for (const ModelSpec& m : files) {
    INFO(m.path);
    ModelFile whole_file(m, "velocity");
    REQUIRE(whole_file.dims() == std::array<int, 3>{9, 7, 6});
    const ModelVolume whole = whole_file.read(box_of(whole_file.dims()));
    REQUIRE(whole_file.bytes_read() == whole.data.size() * sample_bytes(m));
    if (m.path.find("ibm") == std::string::npos) {  // IBM floats round the values
      if (ieee_values.empty()) ieee_values = whole.data;
      REQUIRE(same_bits(whole.data, ieee_values));
    }
    for (const auto& x : xs)
      for (const auto& y : ys)
        for (const auto& z : zs) {
          const Box b{x[0], x[1], y[0], y[1], z[0], z[1]};
          ModelFile file(m, "velocity");
          const ModelVolume v = file.read(b);
          REQUIRE(v.box == b);
          REQUIRE(same_bits(v.data, cut(whole.data, whole.box, b)));
          REQUIRE(file.bytes_read() == std::size_t(b.volume()) * sample_bytes(m));
        }
  }
}

TEST_CASE("the parts of a decomposition read every sample of a model file, overlapping by at most two at a cut",
          "[models][parts]") {
  struct Case {
    std::array<int, 3> model;
    bool resample;
    std::array<double, 3> spacing, origin;
  };
  // On the grid; too small and too large without resampling (refused later,
  // after the values are checked); resampled finer, coarser, shifted, beyond.
  const std::vector<Case> cases{{{20, 18, 16}, false, {}, {}},
                                {{5, 4, 3}, false, {}, {}},
                                {{31, 25, 40}, false, {}, {}},
                                {{13, 11, 9}, true, {17, 19, 23}, {-7, 3, -11}},
                                {{65, 61, 53}, true, {3, 3, 3}, {0, 0, 0}},
                                {{7, 300, 2}, true, {31, 0.5, 400}, {12, -20, 5}}};
  const Scenario s = grid_with(ModelSpec::constant_value(2000));
  const std::array<int, 3> grid{s.nx, s.ny, s.nz};
  for (const Case& c : cases) {
    ModelSpec m = spec_at(ModelSpec::Format::raw, "unused");
    m.resample = c.resample;
    m.spacing = c.spacing;
    m.origin = c.origin;
    INFO("model " << c.model[0] << " x " << c.model[1] << " x " << c.model[2] << (c.resample ? " resampled" : ""));
    REQUIRE(model_samples_needed(m, c.model, s, box_of(grid)) == box_of(c.model));
    const bool exact = !c.resample && c.model == grid;  // the parts tile the file
    for (const auto& dims : std::vector<std::array<int, 3>>{{2, 3, 2}, {4, 1, 3}, {1, 4, 1}, {5, 4, 4}}) {
      std::vector<Box> needed;
      for (int r = 0; r < dims[0] * dims[1] * dims[2]; ++r)
        needed.push_back(model_samples_needed(m, c.model, s, Subdomain::of_rank(grid, dims, r).box));
      for (int a = 0; a < 3; ++a) {
        // The parts along axis a (the others at coordinate 0), low to high.
        const int stride = a == 0 ? 1 : a == 1 ? dims[0] : dims[0] * dims[1];
        int end = 0;
        for (int k = 0; k < dims[a]; ++k) {
          const int lo = needed[std::size_t(k * stride)].begin(a), hi = needed[std::size_t(k * stride)].end(a);
          REQUIRE(lo <= end);      // no sample left out
          REQUIRE(end - lo <= (exact ? 0 : 2));  // little read twice
          REQUIRE(lo < hi);
          end = hi;
        }
        REQUIRE(end == c.model[a]);
      }
    }
  }
}

TEST_CASE("a plan for a part of the grid holds that part of the whole plan's model, bit for bit, from its samples only",
          "[models][parts]") {
  const std::string dir = test::temp_dir("model-parts");
  const std::array<int, 3> on_grid{20, 18, 16}, coarse{13, 11, 9}, fine{65, 61, 53};
  write_raw(dir + "/on_grid.bin", distinct_values(on_grid));
  write_c_order_npy(dir + "/coarse.npy", coarse, distinct_values(coarse));
  write_raw(dir + "/fine.bin", distinct_values(fine));
  std::vector<ModelSpec> specs{spec_at(ModelSpec::Format::raw, dir + "/on_grid.bin"),
                               spec_at(ModelSpec::Format::npy, dir + "/coarse.npy"),
                               spec_at(ModelSpec::Format::raw, dir + "/fine.bin")};
  specs[0].dims = on_grid;
  specs[1].resample = true;
  specs[1].spacing = {17, 19, 23};
  specs[1].origin = {-7, 3, -11};
  specs[2].dims = fine;
  specs[2].resample = true;
  specs[2].spacing = {3, 3, 3};
  if (!model_dir().empty() && segy_models_available()) {
    specs.push_back(file_spec(ModelSpec::Format::segy, "distinct_ieee.sgy"));
    specs.back().resample = true;
    specs.back().spacing = {25, 30, 35};
  }
  const std::array<int, 3> grid{20, 18, 16}, dims{2, 3, 2};
  for (const ModelSpec& m : specs) {
    INFO(m.path);
    const Scenario s = grid_with(m);
    const RunPlan whole = plan_run(s, std::size_t(1) << 40);
    ModelFile file(m, "velocity");
    const Box all = box_of(file.dims());
    REQUIRE(whole.model_bytes_read == std::size_t(all.volume()) * 4);
    for (int r = 0; r < dims[0] * dims[1] * dims[2]; ++r) {
      const Box part = Subdomain::of_rank(grid, dims, r).box;
      const RunPlan plan = plan_of_part(s, part);
      REQUIRE(plan.files[0]->box == part);
      REQUIRE(same_bits(plan.files[0]->values, cut(whole.files[0]->values, box_of(grid), part)));
      REQUIRE(plan.model_bytes_read == std::size_t(model_samples_needed(m, file.dims(), s, part).volume()) * 4);
      REQUIRE(plan.model_bytes_read < whole.model_bytes_read);
    }
  }
}

TEST_CASE("a part never reads the rest of the file: garbage there goes unseen, a bad sample it reads is the whole "
          "read's error",
          "[models][parts]") {
  const std::string dir = test::temp_dir("model-garbage");
  const std::array<int, 3> on_grid{20, 18, 16}, coarse{13, 11, 9};
  ModelSpec raw = spec_at(ModelSpec::Format::raw, dir + "/on_grid.bin");
  ModelSpec npy = spec_at(ModelSpec::Format::npy, dir + "/coarse.npy");
  raw.dims = on_grid;
  npy.resample = true;
  npy.spacing = {17, 19, 23};
  npy.origin = {-7, 3, -11};
  // The middle part of 3 x 3 x 3 touches no face of the grid.
  const Box middle = Subdomain::of_rank({20, 18, 16}, {3, 3, 3}, 13).box;
  const Box corner = Subdomain::of_rank({20, 18, 16}, {3, 3, 3}, 0).box;
  for (ModelSpec* m : {&raw, &npy}) {
    INFO(m->path);
    const std::array<int, 3>& n = m == &raw ? on_grid : coarse;
    auto write = [&](const std::vector<float>& v) {
      m == &raw ? write_raw(m->path, v) : write_c_order_npy(m->path, n, v);
    };
    const std::vector<float> clean = distinct_values(n);
    write(clean);
    const RunPlan reference = plan_of_part(grid_with(*m), middle);
    // NaN in every sample the middle part does not need.
    const Box needed = model_samples_needed(*m, n, grid_with(*m), middle);
    std::vector<float> garbage = clean;
    for (int z = 0; z < n[2]; ++z)
      for (int y = 0; y < n[1]; ++y)
        for (int x = 0; x < n[0]; ++x)
          if (!needed.contains(x, y, z)) garbage[at(box_of(n), x, y, z)] = NAN;
    REQUIRE(needed.volume() < index_t(garbage.size()) / 4);
    write(garbage);
    const RunPlan plan = plan_of_part(grid_with(*m), middle);
    REQUIRE(same_bits(plan.files[0]->values, reference.files[0]->values));
    // A whole read, or a part that reads a NaN (the corner: sample 0 on), fails with the same message.
    auto error = [&](const std::function<RunPlan()>& make) {
      try {
        make();
      } catch (const InputError& e) {
        return std::string(e.what());
      }
      return std::string("no error");
    };
    const std::string whole_error = error([&] { return plan_run(grid_with(*m), std::size_t(1) << 40); });
    REQUIRE(whole_error.find("holds a non-finite value at element 0") != std::string::npos);
    REQUIRE(error([&] { return plan_of_part(grid_with(*m), corner); }) == whole_error);
  }
}

TEST_CASE("a .npy model cut short is refused when opened, before any value is read", "[models][validation]") {
  const std::string dir = test::temp_dir("npy-short");
  const std::vector<float> v(4 * 4 * 4, 2000.0f);
  write_npy(dir + "/short.npy", {4, 4, 4}, v.data());
  std::filesystem::resize_file(dir + "/short.npy", std::filesystem::file_size(dir + "/short.npy") - 4);
  try {
    ModelFile file(spec_at(ModelSpec::Format::npy, dir + "/short.npy"), "velocity");
    FAIL("no error");
  } catch (const InputError& e) {
    REQUIRE(std::string(e.what()).find("short.npy' is shorter than its header says") != std::string::npos);
  }
}
