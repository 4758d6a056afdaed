#include "seis/run_plan.hpp"

#include "seis/distributed/comm.hpp"
#include "seis/errors.hpp"
#include "seis/io/model_readers.hpp"
#include "seis/out_of_core/byte_size.hpp"
#include "seis/out_of_core/chunk_plan.hpp"
#include "seis/out_of_core/skewed_plan.hpp"
#include "seis/physics/physics_descriptions.hpp"
#include "seis/pml.hpp"
#include "seis/preflight.hpp"
#include "seis/run_check.hpp"
#include "seis/stencil_coefficients.hpp"
#include "seis/text_format.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace seis {

namespace {

using text::fmt;
using text::fmt_bytes;

// Range and mean of a parameter over the grid's nodes: of a file model, over
// every rank's part when the ranks share it (the range exactly; the mean's
// rounding depends on how the grid is cut).
ParameterSummary summarise(const ModelSpec& m, const ModelFileData& file, const Scenario& s, bool shared) {
  ParameterSummary p;
  switch (m.kind) {
    case ModelSpec::Kind::constant:
      p.min = p.max = p.mean = m.value;
      p.source = "constant";
      break;
    case ModelSpec::Kind::layered: {
      const auto [lo, hi] = std::minmax_element(m.values.begin(), m.values.end());
      p.min = *lo;
      p.max = *hi;
      double sum = 0;
      for (int z = 0; z < s.nz; ++z) {  // the layer of node z, as the model builder picks it
        std::size_t k = 0;
        while (k + 1 < m.tops.size() && m.tops[k + 1] <= z * s.hz) ++k;
        sum += m.values[k];
      }
      p.mean = sum / s.nz;
      p.source = std::to_string(m.values.size()) + " layers";
      break;
    }
    case ModelSpec::Kind::file: {
      const std::vector<float>& values = file->values;
      const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
      p.min = *lo;
      p.max = *hi;
      double sum = 0;
      for (float v : values) sum += v;
      auto count = static_cast<long long>(values.size());
      if (shared) {
        p.min = comm::min(p.min);
        p.max = comm::max(p.max);
        sum = comm::sum(sum);
        count = comm::sum(count);
      }
      p.mean = sum / double(count);
      const char* format[] = {"raw float32", "npy", "SEG-Y"};
      p.source = std::string(format[int(m.format)]) + " file " + m.path;
      break;
    }
  }
  return p;
}

// This process's part of a file model on the grid; `bytes_read` grows by
// the bytes of samples read. When the ranks share the model each reads the
// samples its part needs, and they agree on read errors. Their reads
// together cover the file (model_samples_needed), so the first non-finite
// sample over all of them is the one a whole read finds: every rank reports
// what a single process would.
ModelFileData read_model_part(const ModelSpec& m, const std::string& what, const Scenario& s, const Box& part,
                              bool shared, std::string& note, std::size_t& bytes_read) {
  ModelVolume samples;
  long long bad = -1;
  const auto read = [&] {
    ModelFile file(m, what);
    samples = file.read(model_samples_needed(m, file.dims(), s, part));
    bytes_read += file.bytes_read();
    bad = first_non_finite(samples);
  };
  if (shared) {
    agree_on_errors(read);
    const long long none = std::numeric_limits<long long>::max();
    bad = comm::min(bad < 0 ? none : bad);
    if (bad == none) bad = -1;
  } else {
    read();
  }
  refuse_non_finite(m, what, bad);
  return std::make_shared<const ModelPart>(model_on_grid(std::move(samples), m, what, s, part, note));
}

NodeIndex snap(const Point3& p, const Scenario& s, const std::string& what, std::vector<std::string>& warnings) {
  const double fx = p.x / s.hx, fy = p.y / s.hy, fz = p.z / s.hz;
  const double tol = 1e-6;
  auto outside = [&](double f, int n) { return !(f >= -0.5 - tol && f <= n - 0.5 + tol); };
  if (outside(fx, s.nx) || outside(fy, s.ny) || outside(fz, s.nz))
    throw InputError(what + " at (" + fmt(p.x) + ", " + fmt(p.y) + ", " + fmt(p.z) + ") m is outside the grid [0, " +
                     fmt((s.nx - 1) * s.hx) + "] x [0, " + fmt((s.ny - 1) * s.hy) + "] x [0, " +
                     fmt((s.nz - 1) * s.hz) + "] m");
  NodeIndex n{std::clamp(int(std::lround(fx)), 0, s.nx - 1), std::clamp(int(std::lround(fy)), 0, s.ny - 1),
              std::clamp(int(std::lround(fz)), 0, s.nz - 1)};
  const int L = s.pml_thickness;
  if (L > 0 && (n.x < L || n.x >= s.nx - L || n.y < L || n.y >= s.ny - L || n.z < L || n.z >= s.nz - L))
    warnings.push_back(what + " at node (" + std::to_string(n.x) + ", " + std::to_string(n.y) + ", " +
                       std::to_string(n.z) + ") lies inside the absorbing layer");
  return n;
}

}  // namespace

double cfl_time_step_limit(double vmax_effective, double hx, double hy, double hz) {
  const double S = second_derivative_abs_sum<Grid::radius>();
  return 2.0 / (vmax_effective * std::sqrt(S * (1 / (hx * hx) + 1 / (hy * hy) + 1 / (hz * hz))));
}

std::size_t run_bytes(const Scenario& s, const Grid& grid) {
  const PhysicsDescription* physics = find_physics(s.physics);
  const int fields = physics ? physics->fields : 1, model = physics ? physics->model_arrays : 1;
  const std::size_t per_array = grid.storage_bytes() + Grid::alignment_bytes;
  std::size_t bytes = std::size_t(2 * fields + model) * per_array;  // 2 time levels + model
  bytes += cpml_bytes(grid, s.pml_thickness, grid.scalar_bytes(),
                      cpml_memory_value_bytes(s.pml_memory, grid.scalar_bytes()));
  bytes += s.receivers.size() * sizeof(float) * 1024;  // device trace buffer
  return bytes;
}

// In-core when the state fits the budget ([run] device_memory or
// --device-memory, at most what the device has), else out-of-core when a
// pipeline of the smallest chunks fits; ConfigError otherwise.
static void plan_placement(RunPlan& plan, const PhysicsDescription& physics, std::size_t available_bytes) {
  const Scenario& s = plan.scenario;
  const OutOfCoreSettings& o = s.out_of_core;
  plan.device_budget = o.device_memory > 0 ? std::min(o.device_memory, available_bytes) : available_bytes;
  plan.out_of_core = plan.bytes_needed > plan.device_budget;
  const std::string grid = "grid " + std::to_string(s.nx) + " x " + std::to_string(s.ny) + " x " + std::to_string(s.nz) +
                           " (" + s.physics + ")";
  if (!plan.out_of_core) {
    if (o.steps_per_visit > 0 || o.chunk_planes > 0)
      plan.warnings.push_back("run.out_of_core is ignored: the state (" + format_byte_size(double(plan.bytes_needed)) +
                              ") fits the device budget of " + format_byte_size(double(plan.device_budget)));
    return;
  }
  const int arrays = 2 * physics.fields + physics.model_arrays;
  const std::size_t reserve = pipeline_reserve_bytes(plan.grid, s.receivers.size());
  const std::size_t smallest = smallest_out_of_core_budget(plan.grid, arrays, s.pml_thickness, s.pml_memory, reserve);
  const std::string budget = format_byte_size(double(plan.device_budget)) +
                             (o.device_memory > 0 && o.device_memory <= available_bytes ? " (the given budget)" : " (what the device has free)");
  if (o.schedule == OutOfCoreSettings::Schedule::skewed) {
    // Time skewing's end chunks hold a CPML slab and k steps' reach: its
    // smallest buffer is the fewest planes that still cut the grid.
    const int k = std::max(1, o.steps_per_visit);
    int fewest = 1;
    while (fewest <= s.nz && skewed_chunks(s.nz, fewest, k, s.pml_thickness, o.chunk_planes).empty()) ++fewest;
    if (fewest > s.nz)
      throw ConfigError("run.out_of_core.schedule = \"skewed\" cannot cut " + grid + " with " + std::to_string(k) +
                        " step(s) per visit and chunk_planes = " + std::to_string(o.chunk_planes));
    const std::size_t skewed_smallest = pipeline_buffers * buffer_bytes(plan.grid, arrays, s.pml_thickness, s.pml_memory, fewest) + reserve;
    if (plan.device_budget < skewed_smallest)
      throw ConfigError(grid + " needs " + format_byte_size(double(plan.bytes_needed)) + " in device memory and " +
                        format_byte_size(double(skewed_smallest)) + " out-of-core with the skewed schedule (the smallest " +
                        "workable budget: three buffers of " + std::to_string(fewest) + " planes), but the budget is " + budget);
    return;
  }
  if (plan.device_budget < smallest)
    throw ConfigError(grid + " needs " + format_byte_size(double(plan.bytes_needed)) + " in device memory and " +
                      format_byte_size(double(smallest)) + " out-of-core (the smallest workable budget: three buffers of " +
                      std::to_string(smallest_buffer_planes(s.nz)) + " planes), but the budget is " + budget);
  const int planes = buffer_planes_within(plan.device_budget, plan.grid, arrays, s.pml_thickness, s.pml_memory, s.receivers.size());
  const int R = Grid::radius;
  if (o.steps_per_visit > 0 && smallest_buffer_planes(s.nz, o.steps_per_visit) > planes)
    throw ConfigError("run.out_of_core.steps_per_visit = " + std::to_string(o.steps_per_visit) + " needs buffers of " +
                      std::to_string(smallest_buffer_planes(s.nz, o.steps_per_visit)) + " planes but a budget of " + budget + " holds " +
                      std::to_string(planes) + ": at most " + std::to_string(std::max(1, (planes - 1) / (2 * R))));
  if (o.chunk_planes > 0) {
    const int k = std::max(1, o.steps_per_visit);
    if (widest_chunk(z_chunks(s.nz, o.chunk_planes, k)) > planes)
      throw ConfigError("run.out_of_core.chunk_planes = " + std::to_string(o.chunk_planes) + " with " + std::to_string(k) +
                        " step(s) per visit needs buffers of " + std::to_string(widest_chunk(z_chunks(s.nz, o.chunk_planes, k))) +
                        " planes but a budget of " + budget + " holds " + std::to_string(planes));
  }
}

RunPlan plan_run(const Scenario& given, std::size_t available_bytes, int scalar_bytes,
                 const ModelPartOf& model_part) {
  RunPlan plan;
  plan.scenario = given;
  const Scenario& s = plan.scenario;
  if (s.nx <= 0 || s.ny <= 0 || s.nz <= 0)
    throw InputError("grid size must be positive, got " + std::to_string(s.nx) + " x " + std::to_string(s.ny) +
                     " x " + std::to_string(s.nz));
  if (!(s.hx > 0) || !(s.hy > 0) || !(s.hz > 0))
    throw InputError("grid spacing must be positive, got " + fmt(s.hx) + ", " + fmt(s.hy) + ", " + fmt(s.hz));
  if (s.steps <= 0) throw InputError("steps must be positive, got " + std::to_string(s.steps));
  const PhysicsDescription& physics = physics_description(s.physics);
  // A scenario built in code may leave parameters out: their defaults.
  const int parameters = int(physics.model.size());
  if (plan.scenario.model.empty()) throw InputError("the scenario has no model (the velocity is required)");
  plan.scenario.model_parameter_at(parameters - 1);
  plan.scenario.model.resize(std::size_t(parameters));
  const int L = s.pml_thickness;
  if (L < 0) throw InputError("boundary.pml must be >= 0, got " + std::to_string(L));
  if (L > 0 && (2LL * L >= s.nx || 2LL * L >= s.ny || 2LL * L >= s.nz))
    throw InputError("absorbing layers of " + std::to_string(L) + " points leave no inner region in a " +
                     std::to_string(s.nx) + " x " + std::to_string(s.ny) + " x " + std::to_string(s.nz) + " grid");
  if (!(s.pml_reflection > 0 && s.pml_reflection < 1))
    throw InputError("boundary.reflection must be in (0, 1), got " + fmt(s.pml_reflection));
  if (s.pml_order < 1 || s.pml_order > 4)
    throw InputError("boundary.order must be 1 to 4, got " + std::to_string(s.pml_order));
  if (!(s.f0 > 0)) throw InputError("source.frequency must be positive, got " + fmt(s.f0));
  if (s.record_every <= 0) throw InputError("receivers.every must be positive, got " + std::to_string(s.record_every));
  if (!(s.cfl_fraction > 0 && s.cfl_fraction <= 1))
    throw InputError("time.cfl_fraction must be in (0, 1], got " + fmt(s.cfl_fraction));

  const bool shared = bool(model_part);
  const Box part = shared ? model_part(s) : Box{0, s.nx, 0, s.ny, 0, s.nz};
  check_scenario_inputs(s, double(part.nx()) * part.ny() * part.nz());
  plan.grid = Grid(s.nx, s.ny, s.nz, s.hx, s.hy, s.hz, scalar_bytes);

  // The physics' model parameters, checked as it describes them.
  std::vector<ParameterSummary> ranges(static_cast<std::size_t>(parameters));
  std::vector<ModelRange> bounds(static_cast<std::size_t>(parameters));
  plan.files.assign(std::size_t(parameters), nullptr);
  for (int i = 0; i < parameters; ++i) {
    const std::string name = physics.model[std::size_t(i)].label;
    const ModelSpec& m = s.model[std::size_t(i)];
    if (m.kind == ModelSpec::Kind::layered) {
      if (m.tops.empty() || m.tops.size() != m.values.size())
        throw InputError(name + ": a layered model needs as many tops as values (got " +
                         std::to_string(m.tops.size()) + " and " + std::to_string(m.values.size()) + ")");
      if (m.tops.size() > 64) throw InputError(name + ": at most 64 layers");
      if (m.tops.front() != 0.0) throw InputError(name + ": the first layer's top must be 0");
      for (std::size_t k = 1; k < m.tops.size(); ++k)
        if (!(m.tops[k] > m.tops[k - 1]))
          throw InputError(name + ": layer tops must increase");
    }
    std::string resampled;
    if (m.kind == ModelSpec::Kind::file)
      plan.files[i] = read_model_part(m, name, s, part, shared, resampled, plan.model_bytes_read);
    ranges[i] = summarise(m, plan.files[i], s, shared);
    ranges[i].name = name;
    ranges[i].resampled = resampled;
    plan.parameters.push_back(ranges[i]);
    if (!std::isfinite(ranges[i].min) || !std::isfinite(ranges[i].max))
      throw InputError(name + " has non-finite values");
    bounds[std::size_t(i)] = {ranges[i].min, ranges[i].max};
  }
  for (int i = 0; i < parameters; ++i) {
    const ModelParameterDescription& p = physics.model[std::size_t(i)];
    if (!(ranges[i].min > p.exclusive_min))
      throw InputError(std::string(p.label) + " " + p.bound_message + ", minimum is " + fmt(ranges[i].min));
  }
  plan.vmin = ranges[0].min;
  plan.vmax = ranges[0].max;
  plan.vmax_effective = physics.max_phase_velocity(bounds);
  physics.model_warnings(bounds, plan.warnings);

  plan.dt_limit = cfl_time_step_limit(plan.vmax_effective, s.hx, s.hy, s.hz);
  if (s.dt > 0) {
    if (s.dt > plan.dt_limit)
      throw InputError("dt = " + fmt(s.dt) + " s exceeds the CFL limit " + fmt(plan.dt_limit) + " s for vmax " +
                       fmt(plan.vmax_effective) + " m/s on this grid");
    plan.dt = s.dt;
  } else {
    plan.dt = s.cfl_fraction * plan.dt_limit;
  }
  plan.t0 = s.t0 >= 0 ? s.t0 : 1.5 / s.f0;

  plan.source = snap(s.source, s, "source", plan.warnings);
  if (s.receivers.empty()) throw InputError("at least one receiver is needed");
  for (std::size_t r = 0; r < s.receivers.size(); ++r)
    plan.receivers.push_back(snap(s.receivers[r], s, "receiver " + std::to_string(r), plan.warnings));
  plan.samples = 1 + (s.steps - 1) / s.record_every;  // ceil(steps / every) without overflow
  plan.snapshots = plan_snapshots(s);

  const double points_per_wavelength = plan.vmin / (2.5 * s.f0) / std::max({s.hx, s.hy, s.hz});
  if (points_per_wavelength < 4)
    plan.warnings.push_back("only " + fmt(points_per_wavelength) +
                            " points per minimum wavelength at 2.5 f0 (8th order needs about 4-5; "
                            "physics.md §4): expect dispersion");

  check_source_timing(plan);
  plan.bytes_needed = run_bytes(s, plan.grid);
  plan_placement(plan, physics, available_bytes);
  // Accumulated dispersion at the farthest receiver (phase error in periods
  // at 2.5 f0): it tracks the measured trace misfit (README "Accuracy").
  const RunCheck predicted = check_run(plan);
  const double phase = predicted.worst_error * predicted.farthest_wavelengths;
  if (phase > 0.02)
    plan.warnings.push_back("predicted dispersion at the farthest receiver (" + fmt(predicted.farthest_wavelengths) +
                            " wavelengths at 2.5 f0): about " + fmt(100 * phase) +
                            " % of a period; lower time.cfl_fraction (the time error scales with its square) "
                            "or refine the grid (seis check shows the figures)");
  return plan;
}

}  // namespace seis
