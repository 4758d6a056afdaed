#pragma once
// A validated run: the scenario with everything derived from it (time step,
// node positions, model files read and checked, memory needed). Building a
// plan allocates nothing on the device and writes nothing.

#include "seis/grid.hpp"
#include "seis/io/model_readers.hpp"
#include "seis/scenario.hpp"
#include "seis/snapshot_plan.hpp"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace seis {

struct NodeIndex {
  int x = 0, y = 0, z = 0;
};

// Host values of a model file on this process's part of the grid, read once
// during validation.
using ModelFileData = std::shared_ptr<const ModelPart>;

// A model parameter over the grid: where it comes from, its range and mean.
struct ParameterSummary {
  std::string name;       // velocity, epsilon, ...
  std::string source;     // constant, N layers, <format> file <path>
  std::string resampled;  // how a file was resampled onto the grid; empty if not
  double min = 0, max = 0, mean = 0;
};

struct RunPlan {
  Scenario scenario;
  Grid grid;
  double dt = 0;
  double dt_limit = 0;   // CFL limit (physics.md §4)
  double vmax = 0;       // max Vp
  double vmax_effective = 0;  // max Vp * sqrt(1 + 2 max(eps, 0))
  double vmin = 0;
  double t0 = 0;         // Ricker delay
  NodeIndex source;
  std::vector<NodeIndex> receivers;
  int samples = 0;       // recorded samples per trace
  std::size_t bytes_needed = 0;    // device bytes of the whole state (in-core)
  std::size_t device_budget = 0;   // what the run may use of the device
  bool out_of_core = false;        // the state stays on the host (seis/out_of_core/)
  std::vector<std::string> warnings;
  std::vector<ParameterSummary> parameters;  // those the physics uses, in the order below
  SnapshotPlan snapshots;

  // Model files (empty pointer for non-file specs), in the order
  // vp, epsilon, delta, theta, phi.
  std::vector<ModelFileData> files;  // per model parameter (the physics' order); null: not a file
  std::size_t model_bytes_read = 0;  // bytes of model-file samples this process read
};

// Bytes of device memory a run of this scenario needs.
std::size_t run_bytes(const Scenario& s, const Grid& grid);

// CFL limit for a grid and effective maximum velocity (physics.md §4).
double cfl_time_step_limit(double vmax_effective, double hx, double hy, double hz);

// The box of global grid points whose model a process builds, when the
// ranks of a run share its model (their boxes tile the grid); called once
// the grid's size is valid.
using ModelPartOf = std::function<Box(const Scenario&)>;

// Validates and derives. Throws InputError (bad input) or ConfigError (does
// not fit in `available_bytes`) with one line naming the problem.
// With `part`, this process reads only the part of each model file that
// its box needs (plan.files hold the box), and the ranges, the time step
// and every check are those of the whole model, combined over the ranks:
// then it is collective, every rank calls it, and every rank throws the
// same errors. Without, it reads and holds the whole model.
RunPlan plan_run(const Scenario& s, std::size_t available_bytes, int scalar_bytes = 4,
                 const ModelPartOf& part = nullptr);

}  // namespace seis
