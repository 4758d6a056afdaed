#pragma once
// `seis check SCENARIO.toml`: validates everything a run validates and
// prints what the run will be like (resolution, Courant number, predicted
// dispersion, memory, expected time from the tuner's cache). Allocates no
// grid and writes nothing.

#include "plan_summary.hpp"
#include "tuning.hpp"

#include "seis/io/run_output.hpp"
#include "seis/policies/registry.hpp"
#include "seis/run_check.hpp"
#include "seis/run_plan.hpp"

#include <cstdio>
#include <filesystem>
#include <string>

namespace seis {

inline void print_phase_errors(const char* medium, double g, double r, const PhaseError& axis,
                               const PhaseError& diagonal) {
  std::printf("  %s medium (%.3g points per wavelength, Courant %.3g):\n", medium, g, r);
  for (const auto& [where, e] : {std::pair<const char*, PhaseError>{"axis", axis}, {"diagonal", diagonal}})
    std::printf("    %-8s space %+.3f %%, time %+.3f %%, total %+.3f %%\n", where, 100 * e.space, 100 * e.time(),
                100 * e.total);
}

// strategy_spec: the strategy a run would use (command line or scenario).
template <class Physics>
int check_scenario(const RunPlan& plan, const std::string& strategy_spec, const std::string& output_dir) {
  const Scenario& s = plan.scenario;
  if (strategy_spec != "auto") make_strategy<Physics>(strategy_spec);  // shape fits the device?
  const RunCheck c = check_run(plan);
  std::printf("scenario     %s, %s physics, grid %d x %d x %d, spacing %g x %g x %g m, %d steps (%.4g s)\n",
              s.name.c_str(), Physics::name(), s.nx, s.ny, s.nz, s.hx, s.hy, s.hz, s.steps, s.steps * plan.dt);
  print_parameters(stdout, plan);
  std::printf("time step    dt %.4g s = %.3g x the CFL limit %.4g s; Courant number vmax dt / h = %.4g\n", plan.dt,
              c.cfl_fraction, plan.dt_limit, c.courant);
  std::printf("resolution   %.3g points per wavelength at 2.5 f0 = %.4g Hz for vmin %.6g m/s "
              "(8th order needs about 4-5, physics.md §4)\n",
              c.points_per_wavelength, c.fmax, plan.vmin);
  std::printf("dispersion   relative phase velocity error at %.4g Hz (physics.md §4):\n", c.fmax);
  print_phase_errors(plan.vmax_effective > plan.vmin ? "slowest" : "homogeneous", c.points_per_wavelength, plan.vmin * plan.dt / c.h, c.slow_axis, c.slow_diagonal);
  if (plan.vmax_effective > plan.vmin)
    print_phase_errors("fastest", plan.vmax_effective / (c.fmax * c.h), plan.vmax_effective * plan.dt / c.h,
                       c.fast_axis, c.fast_diagonal);
  std::printf("             at most %.3f %% of a period per wavelength travelled; the farthest receiver, %.4g m "
              "from the source, is %.3g wavelengths away: about %.3f %% of a period there\n",
              100 * c.worst_error, c.farthest_receiver_m, c.farthest_wavelengths,
              100 * c.worst_error * c.farthest_wavelengths);
  std::printf("memory       device %.4g GB (fields, model, CPML, trace buffer), host %.4g GB (model files, traces, a snapshot)\n",
              double(c.device_bytes) / 1e9, double(c.host_bytes) / 1e9);
  if (plan.out_of_core)
    std::printf("placement    out-of-core: the state stays on the host and z-chunks stream through a device budget "
                "of %.4g GB (the pipeline's shape is chosen from rates measured at the start of the run)\n",
                double(plan.device_budget) / 1e9);
  if (plan.snapshots.enabled())
    std::printf("snapshots    %d of %.4g MB each (.npy; PNG images besides) in %s/snapshots\n",
                plan.snapshots.count(s.steps), double(plan.snapshots.bytes_per_snapshot(s)) / 1e6, output_dir.c_str());
  const TuneKey key = tune_key(plan, Physics::name());
  CachedChoice cached;
  if (lookup_tuned(tune_cache_path(), key, cached))
    std::printf("run time     about %.3g s for the time loop (cached tuning of %s for %s: %s at "
                "%.4g ms per whole step: inner region, CPML, source, receivers; snapshots and output not included)\n",
                cached.ms_per_step * 1e-3 * s.steps, cached.when.c_str(), key.str().c_str(), cached.spec.c_str(),
                cached.ms_per_step);
  else
    std::printf("run time     no cached tuning for %s (seis tune caches one)\n", key.str().c_str());
  std::printf("strategy     %s\n", strategy_spec.c_str());
  std::error_code ec;
  bool holds_results = false;
  for (const auto& f : run_output_files()) holds_results = holds_results || std::filesystem::exists(output_dir + "/" + f, ec);
  std::printf("output       %s%s\n", output_dir.c_str(), holds_results ? " (holds results: a run needs --overwrite)" : "");
  for (const auto& w : plan.warnings) std::printf("warning      %s\n", w.c_str());
  std::printf("ok: valid; nothing was allocated or written\n");
  return 0;
}

}  // namespace seis
