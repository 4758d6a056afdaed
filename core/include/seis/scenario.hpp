#pragma once
// A scenario: everything a run needs, as read from a TOML file, and its
// validation. Lengths in metres, times in seconds, angles in degrees in the
// file (radians inside), coordinates measured from the first interior node.

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace seis {

// One scalar parameter over the grid.
struct ModelSpec {
  enum class Kind { constant, layered, file };
  Kind kind = Kind::constant;
  double value = 0;             // constant
  std::vector<double> tops;     // layered: depth (m) of each layer's top, increasing, first 0
  std::vector<double> values;   // layered: value in each layer
  std::string path;             // file: raw little-endian float32, x fastest
  std::array<int, 3> dims{};    // file: its dimensions, must equal the grid's

  static ModelSpec constant_value(double v) {
    ModelSpec m;
    m.value = v;
    return m;
  }
};

struct Point3 {
  double x = 0, y = 0, z = 0;
};

struct Scenario {
  std::string name;      // file stem unless given
  std::string physics = "iso";  // "iso" or "tti"

  // Grid (interior points, spacing).
  int nx = 0, ny = 0, nz = 0;
  double hx = 0, hy = 0, hz = 0;

  // Time.
  int steps = 0;
  double dt = 0;              // 0: cfl_fraction of the CFL limit
  double cfl_fraction = 0.8;  // physics.md §4 safety factor

  // Model: vp (iso: the velocity); TTI also epsilon, delta, theta (tilt),
  // phi (azimuth).
  ModelSpec vp;
  ModelSpec epsilon = ModelSpec::constant_value(0);
  ModelSpec delta = ModelSpec::constant_value(0);
  ModelSpec theta = ModelSpec::constant_value(0);
  ModelSpec phi = ModelSpec::constant_value(0);
  int source_zone = 0;   // TTI: points around the source made elliptical (eps = delta)

  // Ricker point source, injected into p.
  Point3 source;
  double f0 = 10;
  double t0 = -1;  // < 0: 1.5 / f0 (physics.md §5)
  double amplitude = 1;

  // Receivers: nearest node, sampled every `record_every` steps.
  std::vector<Point3> receivers;
  int record_every = 1;

  // Absorbing boundary (CPML, physics.md §3). thickness 0: none (p = 0 halo).
  int pml_thickness = 20;
  double pml_reflection = 1e-3;
  int pml_order = 2;
  int taper_width = 8;  // TTI: eps, delta -> 0 over this many points before the PML

  // Run.
  std::string strategy = "gmem_3d";
  bool write_segy = true;
  // Ranks along x, y, z of a distributed run; {0, 0, 0}: chosen to
  // minimise the halo (seis/distributed/subdomain.hpp).
  std::array<int, 3> decomposition{0, 0, 0};
};

// Reads and checks a scenario file (unknown keys, types, ranges). Throws
// InputError with one line naming the problem.
Scenario load_scenario(const std::string& path);
Scenario parse_scenario(const std::string& toml_text, const std::string& name);

}  // namespace seis
