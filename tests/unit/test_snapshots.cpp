// Snapshot planes and shot gathers: .npy and PNG files decoded and checked.

#include "catch_compat.hpp"
#include "test_support.hpp"

#include "seis/errors.hpp"
#include "seis/io/npy.hpp"
#include "seis/io/png_image.hpp"
#include "seis/io/run_output.hpp"
#include "seis/physics/iso.hpp"
#include "seis/simulation.hpp"
#include "seis/snapshot_writer.hpp"

#if defined(SEIS_HAVE_PNG)
#include <png.h>
#endif

#include <cmath>
#include <filesystem>
#include <fstream>

using namespace seis;

namespace {

struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  Rgb at(int x, int y) const {
    const unsigned char* p = &rgb[(std::size_t(y) * width + x) * 3];
    return {p[0], p[1], p[2]};
  }
};

Image decode_png(const std::string& path) {
  Image img;
#if defined(SEIS_HAVE_PNG)
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  REQUIRE(png_image_begin_read_from_file(&image, path.c_str()) != 0);
  image.format = PNG_FORMAT_RGB;
  img.width = int(image.width);
  img.height = int(image.height);
  img.rgb.resize(PNG_IMAGE_SIZE(image));
  REQUIRE(png_image_finish_read(&image, nullptr, img.rgb.data(), 0, nullptr) != 0);
#else
  (void)path;
#endif
  return img;
}

bool same(Rgb a, Rgb b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

}  // namespace

TEST_CASE("snapshot planes are parsed in metres and snapped to nodes; bad ones are refused", "[snapshots][validation]") {
  Scenario s = test::homogeneous(41, 10, 2000, 10);
  s.snapshots = {5, {"z=200", "x=37", "y=0"}, false};
  const SnapshotPlan p = plan_snapshots(s);
  REQUIRE(p.slices.size() == 3);
  REQUIRE((p.slices[0].axis == 2 && p.slices[0].index == 20));
  REQUIRE((p.slices[1].axis == 0 && p.slices[1].index == 4));
  REQUIRE((p.slices[2].axis == 1 && p.slices[2].index == 0));
  REQUIRE(p.count(10) == 2);
  REQUIRE(p.bytes_per_snapshot(s) == 3 * 41 * 41 * sizeof(float));
  for (const char* bad : {"z400", "w=3", "z=", "z=1e", "z=406", "x=-10"}) {
    s.snapshots.slices = {bad};
    REQUIRE_THROWS_AS(plan_snapshots(s), InputError);
  }
  s.snapshots = {0, {"z=200"}, false};
  REQUIRE_THROWS_AS(plan_snapshots(s), InputError);
}

TEST_CASE("the colour scale is symmetric: white at 0, red for +c, blue for -c, mirrored", "[snapshots][png]") {
  REQUIRE(same(diverging_colour(0, 1), {255, 255, 255}));
  REQUIRE(same(diverging_colour(2, 2), {255, 0, 0}));
  REQUIRE(same(diverging_colour(-5, 2), {0, 0, 255}));  // saturated beyond the scale
  for (double v : {0.1, 0.33, 0.5, 0.9}) {
    const Rgb p = diverging_colour(v, 1), n = diverging_colour(-v, 1);
    REQUIRE(same(p, {n.b, n.g, n.r}));
  }
  std::vector<float> v(1000);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = (i % 2 ? -1.0f : 1.0f) * float(i);
  v[3] = -1e6f;  // one outlier does not set the scale
  REQUIRE(symmetric_clip(v.data(), v.size()) == Approx(995).margin(1));
}

TEST_CASE("snapshots of a run: the .npy plane shows the wavefront at v (t - t0) and the PNG encodes it",
          "[snapshots][png]") {
  Scenario s = test::homogeneous(51, 10, 2000, 0);
  s.f0 = 20;  // 10 points per wavelength at f0
  const double t0 = 1.5 / s.f0;
  s.cfl_fraction = 0.8;
  const double dt = 0.8 * cfl_time_step_limit(2000, 10, 10, 10);
  s.steps = int(std::lround((t0 + 0.06) / dt));  // wavefront 120 m from the source
  s.snapshots = {s.steps, {"z=250", "x=250"}, true};
  const RunPlan plan = plan_run(s, std::size_t(1) << 40);
  const std::string dir = test::temp_dir("snap");
  SnapshotWriter writer(plan, dir + "/snapshots", Subdomain::whole(plan.grid.nx(), plan.grid.ny(), plan.grid.nz()));
  Simulation<IsoPhysics<float>> sim(plan, test::reference<IsoPhysics<float>>());
  sim.observe_steps([&](int step, const Field<float>& p) { writer(step, p); });
  sim.run();
  const auto index = writer.finish();
  REQUIRE(index["snapshots"].size() == 3);
  REQUIRE(writer.files_written() == (png_available() ? 5 : 3));

  const std::string base = dir + "/snapshots/p_z250m_step" + std::string(6 - std::to_string(s.steps).size(), '0') +
                           std::to_string(s.steps);
  const NpyArray plane = read_npy(base + ".npy");
  REQUIRE(plane.shape == std::vector<std::size_t>{51, 51});
  // The largest |p| lies on the wavefront, r = v (t - t0), within half a
  // wavelength at f0 (the Ricker's side lobes are 0.45 of its peak).
  std::size_t peak = 0;
  for (std::size_t i = 0; i < plane.data.size(); ++i)
    if (std::abs(plane.data[i]) > std::abs(plane.data[peak])) peak = i;
  const double r = 10 * std::hypot(double(peak / 51) - 25, double(peak % 51) - 25);
  const double expected = 2000 * (s.steps * dt - t0);
  REQUIRE(std::abs(r - expected) <= 0.5 * 2000 / s.f0);
  // The plane of the volume snapshot is the same data.
  const NpyArray volume = read_npy(dir + "/snapshots/p_volume_step" + base.substr(base.size() - 6) + ".npy");
  REQUIRE(volume.shape == std::vector<std::size_t>{51, 51, 51});
  for (std::size_t x = 0; x < 51; ++x)
    for (std::size_t y = 0; y < 51; ++y) REQUIRE(volume.data[(x * 51 + y) * 51 + 25] == plane.data[x * 51 + y]);

  if (!png_available()) {
    WARN("no libpng: PNG images not checked");
    return;
  }
  // Every pixel is the colour of its node's value on the symmetric scale.
  const Image img = decode_png(base + ".png");
  const int mag = magnification(51);
  REQUIRE(img.width == 51 * mag);
  REQUIRE(img.height == 51 * mag);
  const double clip = symmetric_clip(plane.data.data(), plane.data.size());
  REQUIRE(index["snapshots"][0]["colour_scale"][1].get<double>() == clip);
  int red = 0, blue = 0;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) {
      const Rgb c = img.at(x, y);
      REQUIRE(same(c, diverging_colour(plane.data[std::size_t(x / mag) * 51 + y / mag], clip)));
      red += c.r == 255 && c.b < 128;
      blue += c.b == 255 && c.r < 128;
    }
  REQUIRE(red > 0);
  REQUIRE(blue > 0);
  // Outside the wavefront's reach the field is zero: white.
  REQUIRE(same(img.at(0, 0), {255, 255, 255}));

  // The shot gather of the run's outputs: receivers across, samples down.
  const std::vector<float> traces = sim.receivers().traces();
  write_run_outputs(dir + "/run", plan, traces, sim.receivers().samples(), {});
  const Image gather = decode_png(dir + "/run/seismograms.png");
  const int samples = sim.receivers().samples();
  REQUIRE(gather.width == magnification(1) * 1);
  REQUIRE(gather.height == magnification(samples) * samples);
  const double gclip = symmetric_clip(traces.data(), traces.size());
  for (int j = 0; j < samples; ++j)
    REQUIRE(same(gather.at(0, j * magnification(samples)), diverging_colour(traces[std::size_t(j)], gclip)));
}
