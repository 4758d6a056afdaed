#pragma once
// A scenario: everything a run needs, as read from a TOML file, and its
// validation. Lengths in metres, times in seconds, angles in degrees in the
// file (radians inside), coordinates measured from the first interior node.

#include "seis/cpml_memory.hpp"
#include "seis/physics/physics_descriptions.hpp"

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace seis {

// One scalar parameter over the grid.
struct ModelSpec {
  enum class Kind { constant, layered, file };
  // file formats: raw little-endian float32 (x fastest), NumPy .npy (axes x,
  // y, z; float32/float64, C or Fortran order), SEG-Y (inline -> x,
  // crossline -> y, sample -> z).
  enum class Format { raw, npy, segy };
  Kind kind = Kind::constant;
  double value = 0;             // constant
  std::vector<double> tops;     // layered: depth (m) of each layer's top, increasing, first 0
  std::vector<double> values;   // layered: value in each layer
  std::string path;             // file
  Format format = Format::raw;  // file
  std::array<int, 3> dims{};    // raw file: its dimensions (the grid's unless resampled)
  // file: the model's own sample spacing and the position of its first
  // sample in grid coordinates (m); when either is given the model is
  // resampled trilinearly onto the grid.
  bool resample = false;
  std::array<double, 3> spacing{};  // 0: the grid's
  std::array<double, 3> origin{};

  static ModelSpec constant_value(double v) {
    ModelSpec m;
    m.value = v;
    return m;
  }
};

struct Point3 {
  double x = 0, y = 0, z = 0;
};

// Wavefield snapshots: every `every` steps, planes through the grid at given
// positions ("z=400": the plane z = 400 m) and/or the whole volume.
struct SnapshotSpec {
  int every = 0;  // 0: none
  std::vector<std::string> slices;
  bool volume = false;
};

// What the scenario or the command line asks of an out-of-core run
// (seis/out_of_core/).
struct OutOfCoreSettings {
  std::size_t device_memory = 0;  // budget in bytes; 0: what the device has
  int steps_per_visit = 0;        // k; 0: chosen from the measured rates
  int chunk_planes = 0;           // planes each chunk owns; 0: chosen
  // How sweeps cut the work (out_of_core/chunk_plan.hpp: overlapped halos;
  // skewed_plan.hpp: time skewing); automatic: the faster the model predicts.
  enum class Schedule { automatic, halo, skewed } schedule = Schedule::automatic;
};

struct Scenario {
  std::string name;      // file stem unless given
  std::string physics = physics_descriptions().front().name;  // a name of physics_descriptions()

  // Grid (interior points, spacing).
  int nx = 0, ny = 0, nz = 0;
  double hx = 0, hy = 0, hz = 0;

  // Time.
  int steps = 0;
  double dt = 0;              // 0: cfl_fraction of the CFL limit
  // Fraction of the CFL limit. 0.4, not the 0.8-0.9 that stability allows:
  // the 2nd-order time error grows with its square and dominates the
  // accuracy (measured trace misfit per wavelength travelled: 1.9 % at 0.8,
  // 0.45 % at 0.4; README "Accuracy").
  double cfl_fraction = 0.4;

  // Model: the parameters of the physics, in its description's order
  // (physics_descriptions.hpp; the first is the P velocity). Parameters
  // not given hold their defaults once parsed or accessed.
  std::vector<ModelSpec> model;
  int source_zone = 0;   // TTI: points around the source made elliptical (eps = delta)

  // The parameter `key` of this scenario's physics (created with its
  // default when missing); throws InputError for a key the physics lacks.
  ModelSpec& model_parameter(const std::string& key);
  const ModelSpec& model_parameter(const std::string& key) const;
  ModelSpec& velocity() { return model_parameter_at(0); }
  const ModelSpec& velocity() const { return model.at(0); }
  // Parameter i, the vector grown with the physics' defaults to reach it.
  ModelSpec& model_parameter_at(int i);

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
  // The CPML's memory variables psi and xi in bfloat16 (default) or in the
  // fields' precision (seis/cpml_memory.hpp).
  CpmlMemory pml_memory = CpmlMemory::bfloat16;

  // Run.
  std::string strategy = "gmem_3d";
  bool write_segy = true;

  // Output.
  SnapshotSpec snapshots;
  int checkpoint_every = 0;  // steps between checkpoints; 0: none
  // Ranks along x, y, z of a distributed run; {0, 0, 0}: chosen to
  // minimise the halo (seis/distributed/subdomain.hpp).
  std::array<int, 3> decomposition{0, 0, 0};
  // [run] device_memory and out_of_core: the device memory budget (0: what
  // the device has; a state larger than it runs out-of-core) and the
  // pipeline's shape (0: chosen from measured rates).
  OutOfCoreSettings out_of_core;
};

// Receivers a scenario may list (about 100 bytes each on the host).
constexpr std::size_t max_receivers = 10000000;

// Reads and checks a scenario file (unknown keys, types, ranges). Throws
// InputError with one line naming the problem.
Scenario load_scenario(const std::string& path);
Scenario parse_scenario(const std::string& toml_text, const std::string& name);
// Relative model file paths are taken from base_dir; source_name names the
// text in messages.
Scenario parse_scenario(const std::string& toml_text, const std::string& name, const std::string& base_dir,
                        const std::string& source_name);
// The text of a scenario file (refusing FIFOs, devices and directories).
std::string read_scenario_text(const std::string& path);

}  // namespace seis
