#include "seis/preflight.hpp"

#include "seis/errors.hpp"
#include "seis/physics/physics_descriptions.hpp"
#include "seis/text_format.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace seis {

namespace {

using text::fmt;
const auto gb = text::fmt_bytes;

void finite(double v, const std::string& name) {
  if (!std::isfinite(v)) throw InputError("'" + name + "' must be a finite number, got " + fmt(v));
}

void finite(const Point3& p, const std::string& name) {
  if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z))
    throw InputError("'" + name + "' must be finite, got [" + fmt(p.x) + ", " + fmt(p.y) + ", " + fmt(p.z) + "]");
}

void in_range(long long v, long long lo, long long hi, const std::string& name) {
  if (v < lo || v > hi)
    throw InputError("'" + name + "' must be in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " +
                     std::to_string(v));
}

// Points of a grid beyond which index arithmetic (64-bit, padded, several
// arrays) gets anywhere near overflow; far above any memory that exists.
constexpr double max_points = 1e15;

void check_model_spec(const ModelSpec& m, const std::string& name, double model_points) {
  switch (m.kind) {
    case ModelSpec::Kind::constant: finite(m.value, name); break;
    case ModelSpec::Kind::layered:
      for (double t : m.tops) finite(t, name + ".tops");
      for (double v : m.values) finite(v, name + ".values");
      break;
    case ModelSpec::Kind::file: {
      // stat, never open, first: opening a FIFO blocks forever.
      struct stat st {};
      if (::stat(m.path.c_str(), &st) != 0) throw InputError(name + " file '" + m.path + "' cannot be opened");
      if (S_ISDIR(st.st_mode)) throw InputError(name + " file '" + m.path + "' is a directory, not a model file");
      if (!S_ISREG(st.st_mode))
        throw InputError(name + " file '" + m.path + "' is not a regular file (a FIFO, device or socket)");
      const double need = model_points * sizeof(float);
      if (need > double(host_bytes_available()))
        throw ConfigError(name + " file '" + m.path + "' needs " + gb(need) + " of host memory but " +
                          gb(double(host_bytes_available())) + " are available");
      break;
    }
  }
}

}  // namespace

void check_folder_name(const std::string& name, const std::string& what) {
  if (name.empty()) throw InputError(what + " must not be empty");
  if (name == "." || name == "..") throw InputError(what + " '" + name + "' is not a usable folder name");
  for (unsigned char c : name) {
    if (c == '/' || c == '\\')
      throw InputError(what + " '" + name + "' contains a path separator; it names the output folder");
    if (c < 0x20 || c == 0x7f) throw InputError(what + " contains a control character");
  }
  if (name.size() > 200)
    throw InputError(what + " has " + std::to_string(name.size()) + " bytes; at most 200 fit a folder name");
}

void check_scenario_inputs(const Scenario& s, double model_points) {
  check_folder_name(s.name, "scenario name");
  const int big = 1 << 30;
  in_range(s.nx, 1, big, "grid.nx");
  in_range(s.ny, 1, big, "grid.ny");
  in_range(s.nz, 1, big, "grid.nz");
  if (double(s.nx) * s.ny * s.nz > max_points)
    throw InputError("grid " + std::to_string(s.nx) + " x " + std::to_string(s.ny) + " x " + std::to_string(s.nz) +
                     " has more than " + fmt(max_points) + " points");
  finite(s.hx, "grid.hx");
  finite(s.hy, "grid.hy");
  finite(s.hz, "grid.hz");
  in_range(s.steps, 1, 2147483647, "time.steps");
  finite(s.dt, "time.dt");
  finite(s.cfl_fraction, "time.cfl_fraction");
  in_range(s.pml_thickness, 0, std::min({s.nx, s.ny, s.nz}), "boundary.pml");
  finite(s.pml_reflection, "boundary.reflection");
  // Widths up to the grid (at least 64, so that the defaults hold on tiny
  // grids: a wider taper or zone covers everything and changes nothing).
  const int widest = std::max({s.nx, s.ny, s.nz, 64});
  in_range(s.taper_width, 0, widest, "boundary.taper");
  in_range(s.source_zone, 0, widest, "source.elliptical_zone");
  in_range(s.record_every, 1, 2147483647, "receivers.every");
  in_range(s.checkpoint_every, 0, 2147483647, "run.checkpoint_every");

  if (const PhysicsDescription* physics = find_physics(s.physics))
    for (std::size_t i = 0; i < physics->model.size() && i < s.model.size(); ++i)
      check_model_spec(s.model[i], physics->model[i].key, model_points);

  finite(s.source, "source.position");
  finite(s.f0, "source.frequency");
  finite(s.t0, "source.delay");
  finite(s.amplitude, "source.amplitude");
  if (s.receivers.size() > max_receivers)
    throw InputError(std::to_string(s.receivers.size()) + " receivers; at most " + std::to_string(max_receivers));
  for (std::size_t r = 0; r < s.receivers.size(); ++r) finite(s.receivers[r], "receiver " + std::to_string(r));
}

void check_source_timing(const RunPlan& plan) {
  const Scenario& s = plan.scenario;
  // The Ricker wavelet is below 1e-9 of its peak before t0 - 1.5 / f0.
  const double onset = plan.t0 - 1.5 / s.f0;
  const double last = (s.steps - 1) * plan.dt;
  if (onset > last)
    throw InputError("the source starts at " + fmt(onset) + " s (delay " + fmt(plan.t0) + " s - 1.5 / frequency) but the run ends at " +
                     fmt(last) + " s: every trace would be zero");
}

std::size_t host_bytes_needed(const RunPlan& plan, bool checkpointing) {
  double bytes = double(plan.receivers.size()) * plan.samples * sizeof(float);  // traces
  bytes += double(plan.receivers.size()) * (sizeof(NodeIndex) + sizeof(Point3) + 256);  // lists, JSON header
  for (const auto& f : plan.files)
    if (f) bytes += double(f->values.size()) * sizeof(float);
  if (checkpointing) bytes += double(plan.grid.storage_bytes());
  return std::size_t(std::min(bytes, 1e19));
}

std::size_t host_bytes_available() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  std::size_t kb = 0;
  while (in >> key >> kb) {
    if (key == "MemAvailable:") return kb * 1024;
    in.ignore(256, '\n');
  }
  const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? std::size_t(pages) * std::size_t(page) : std::size_t(-1);
}

void check_host_memory(const RunPlan& plan, bool checkpointing, std::size_t device_bytes_on_host,
                       std::size_t available) {
  const double host = double(host_bytes_needed(plan, checkpointing));
  const double total = host + double(device_bytes_on_host);
  if (total > double(available))
    throw ConfigError("the run needs " + gb(host) + " of host memory (" + std::to_string(plan.receivers.size()) +
                      " traces of " + std::to_string(plan.samples) + " samples, model files" +
                      (checkpointing ? ", checkpoint staging" : "") + ")" +
                      (device_bytes_on_host ? " plus " + gb(double(device_bytes_on_host)) + " for the wavefields" : "") +
                      " but " + gb(double(available)) + " are available");
}

}  // namespace seis
