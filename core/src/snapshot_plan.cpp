#include "seis/snapshot_plan.hpp"

#include "seis/errors.hpp"

#include <cmath>
#include <sstream>

namespace seis {

std::string SnapshotSlice::tag() const {
  std::ostringstream t;
  t << "xyz"[axis] << position << "m";
  return t.str();
}

std::size_t SnapshotPlan::bytes_per_snapshot(const Scenario& s) const {
  const std::size_t n[3] = {std::size_t(s.nx), std::size_t(s.ny), std::size_t(s.nz)};
  std::size_t bytes = volume ? n[0] * n[1] * n[2] * sizeof(float) : 0;
  for (const auto& sl : slices) bytes += n[0] * n[1] * n[2] / n[sl.axis] * sizeof(float);
  return bytes;
}

SnapshotPlan plan_snapshots(const Scenario& s) {
  SnapshotPlan p;
  const SnapshotSpec& spec = s.snapshots;
  if (spec.every < 0 || (spec.every == 0 && (spec.volume || !spec.slices.empty())))
    throw InputError("output.snapshots.every must be a positive number of steps, got " + std::to_string(spec.every));
  p.every = spec.every;
  p.volume = spec.volume;
  const int n[3] = {s.nx, s.ny, s.nz};
  const double h[3] = {s.hx, s.hy, s.hz};
  for (const std::string& text : spec.slices) {
    const std::string axes = "xyz";
    SnapshotSlice sl;
    std::size_t used = 0;
    const bool form = text.size() > 2 && text[1] == '=' && axes.find(text[0]) != std::string::npos;
    try {
      if (form) sl.position = std::stod(text.substr(2), &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (!form || used != text.size() - 2 || !std::isfinite(sl.position))
      throw InputError("output.snapshots.slices: '" + text + "' is not of the form \"z=400\" (axis x, y or z = metres)");
    sl.axis = int(axes.find(text[0]));
    const double f = sl.position / h[sl.axis];
    if (!(f >= -0.5 && f <= n[sl.axis] - 0.5))
      throw InputError("output.snapshots.slices: '" + text + "' is outside the grid (" + axes[sl.axis] + " from 0 to " +
                       std::to_string((n[sl.axis] - 1) * h[sl.axis]) + " m)");
    sl.index = std::min(int(std::lround(f)), n[sl.axis] - 1);
    p.slices.push_back(sl);
  }
  return p;
}

}  // namespace seis
