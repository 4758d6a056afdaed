#include "seis/run_check.hpp"

#include <algorithm>
#include <cmath>

namespace seis {

RunCheck check_run(const RunPlan& plan) {
  const Scenario& s = plan.scenario;
  RunCheck c;
  c.fmax = 2.5 * s.f0;
  c.h = std::max({s.hx, s.hy, s.hz});
  const double h_min = std::min({s.hx, s.hy, s.hz});
  c.points_per_wavelength = plan.vmin / (c.fmax * c.h);
  c.courant = plan.vmax_effective * plan.dt / h_min;
  c.cfl_fraction = plan.dt / plan.dt_limit;
  const double g_fast = plan.vmax_effective / (c.fmax * c.h);
  const double r_slow = plan.vmin * plan.dt / c.h, r_fast = plan.vmax_effective * plan.dt / c.h;
  c.slow_axis = phase_velocity_error(c.points_per_wavelength, r_slow, false);
  c.slow_diagonal = phase_velocity_error(c.points_per_wavelength, r_slow, true);
  c.fast_axis = phase_velocity_error(g_fast, r_fast, false);
  c.fast_diagonal = phase_velocity_error(g_fast, r_fast, true);
  for (const PhaseError& e : {c.slow_axis, c.slow_diagonal, c.fast_axis, c.fast_diagonal})
    c.worst_error = std::max(c.worst_error, std::abs(e.total));

  const NodeIndex& src = plan.source;
  for (const NodeIndex& r : plan.receivers) {
    const double dx = (r.x - src.x) * s.hx, dy = (r.y - src.y) * s.hy, dz = (r.z - src.z) * s.hz;
    c.farthest_receiver_m = std::max(c.farthest_receiver_m, std::sqrt(dx * dx + dy * dy + dz * dz));
  }
  c.farthest_wavelengths = c.farthest_receiver_m / (plan.vmin / c.fmax);

  c.device_bytes = plan.bytes_needed;
  std::size_t host = 2 * plan.receivers.size() * std::size_t(plan.samples) * sizeof(float);
  for (const auto& f : plan.files)
    if (f) host += f->values.size() * sizeof(float);
  c.host_bytes = host + plan.snapshots.bytes_per_snapshot(s);
  return c;
}

}  // namespace seis
