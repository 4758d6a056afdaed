#pragma once
// What `seis run` adds when the state does not fit the device budget: the
// grid the tuner may time, the pipeline's line on stderr, and the report's
// "out_of_core" section (shape, bytes each way, the link against the pinned
// copies measured in the same run, the timeline of a steady sweep).

#include "seis/out_of_core/byte_size.hpp"
#include "seis/out_of_core/chunk_plan.hpp"
#include "seis/out_of_core/out_of_core_simulation.hpp"
#include "seis/physics/physics_descriptions.hpp"
#include "seis/run_plan.hpp"
#include "seis/simulation.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace seis {

inline int out_of_core_buffer_planes(const RunPlan& plan) {
  const PhysicsDescription& physics = physics_description(plan.scenario.physics);
  return buffer_planes_within(plan.device_budget, plan.grid, 2 * physics.fields + physics.model_arrays,
                              plan.scenario.pml_thickness, plan.scenario.pml_memory, plan.receivers.size());
}

// The tuner times candidates on a grid of one device buffer's planes.
inline Grid out_of_core_tuning_grid(const RunPlan& plan) {
  const Grid& g = plan.grid;
  const int planes = std::max(std::min(g.nz(), out_of_core_buffer_planes(plan)), 2 * plan.scenario.pml_thickness + 1);
  return Grid(g.nx(), g.ny(), std::min(g.nz(), planes), g.hx(), g.hy(), g.hz(), g.scalar_bytes());
}

inline void print_out_of_core(std::FILE* out, const OutOfCoreStats& s, const RunPlan& plan) {
  std::fprintf(out,
               "seis: out-of-core (%s schedule): state %s on the host, device budget %s: %d chunks of %d planes (+%d %s), "
               "%d steps per visit; link %.1f GB/s in, %.1f out, %.1f both (measured)\n",
               s.schedule.c_str(), format_byte_size(double(plan.bytes_needed)).c_str(), format_byte_size(double(s.budget)).c_str(),
               s.chunks, s.shape.chunk_planes, s.halo_planes,
               s.schedule == "skewed" ? "planes carried below" : "halo planes each side", s.shape.steps_per_visit,
               s.rates.h2d_bytes_per_s / 1e9,
               s.rates.d2h_bytes_per_s / 1e9, s.rates.both_bytes_per_s / 1e9);
}

inline nlohmann::json out_of_core_report(const OutOfCoreStats& s, const RunPlan& plan, const RunTiming& t) {
  const double steps = std::max(1, t.steps);
  const double h2d = s.h2d_bytes / steps, d2h = s.d2h_bytes / steps;
  nlohmann::json timeline = nlohmann::json::array();
  for (const auto& v : s.timeline)
    timeline.push_back({{"chunk", v.chunk},
                        {"start_ms", 1e3 * v.start},
                        {"compute_end_ms", 1e3 * v.compute_end},
                        {"h2d_end_ms", 1e3 * v.h2d_end},
                        {"d2h_end_ms", 1e3 * v.d2h_end},
                        {"queued_ms", 1e3 * v.queued},
                        {"h2d_bytes", v.h2d_bytes},
                        {"d2h_bytes", v.d2h_bytes},
                        {"h2d_alone_ms", 1e3 * v.h2d_bytes / s.rates.h2d_bytes_per_s},
                        {"d2h_alone_ms", 1e3 * v.d2h_bytes / s.rates.d2h_bytes_per_s}});
  const double interior_planes = double(plan.grid.nz()) * steps;
  return {
      // "skewed": time skewing (skewed_plan.hpp), "halo": overlapped halos
      // (chunk_plan.hpp); the faster the model predicts unless the scenario
      // says (run.out_of_core.schedule).
      {"schedule", s.schedule},
      {"device_budget_bytes", s.budget},
      {"device_bytes_allocated", s.device_bytes},
      {"state_bytes_on_host", plan.bytes_needed},
      {"buffers", pipeline_buffers},
      {"buffer_planes", s.buffer_planes},
      {"chunk_planes", s.shape.chunk_planes},
      {"halo_planes", s.halo_planes},
      {"steps_per_visit", s.shape.steps_per_visit},
      {"chunks", s.chunks},
      {"sweeps", s.sweeps},
      {"sweep_order", s.schedule == "skewed" ? "forward (every sweep starts from the host)"
                                             : "alternating (the last chunks of a sweep stay on the device and start the next)"},
      {"chunks_kept_per_sweep", s.sweeps > 0 ? double(s.chunks_kept) / s.sweeps : 0.0},
      {"h2d_bytes_per_step", h2d},
      {"d2h_bytes_per_step", d2h},
      {"d2d_bytes_per_step", s.d2d_bytes / steps},
      {"achieved_h2d_gbytes_per_s", s.sweep_s > 0 ? s.h2d_bytes / s.sweep_s / 1e9 : 0.0},
      {"achieved_d2h_gbytes_per_s", s.sweep_s > 0 ? s.d2h_bytes / s.sweep_s / 1e9 : 0.0},
      {"pinned_h2d_gbytes_per_s", s.rates.h2d_bytes_per_s / 1e9},
      {"pinned_d2h_gbytes_per_s", s.rates.d2h_bytes_per_s / 1e9},
      {"pinned_both_gbytes_per_s", s.rates.both_bytes_per_s / 1e9},
      {"link_bound_ms_per_step", 1e3 * std::max({h2d / s.rates.h2d_bytes_per_s, d2h / s.rates.d2h_bytes_per_s,
                                                 (h2d + d2h) / s.rates.both_bytes_per_s})},
      {"compute_ms_per_plane", 1e3 * s.rates.seconds_per_plane},
      {"visit_compute_alone_ms", 1e3 * s.visit_compute_alone_s},
      {"compute_bound_ms_per_step", 1e3 * s.planes_computed / steps * s.rates.seconds_per_plane},
      {"redundant_compute_fraction", interior_planes > 0 ? s.planes_computed / interior_planes - 1 : 0.0},
      {"predicted_ms_per_step", 1e3 * s.shape.predicted_s_per_step},
      // Time skewing (skewed_plan.hpp), predicted from this run's rates at
      // the same buffers (what the choice of schedule compared).
      {"skewed_model",
       {{"steps_per_visit", s.skewed.steps_per_visit},
        {"chunk_planes", s.skewed.chunk_planes},
        {"chunks", s.skewed.chunks},
        {"predicted_ms_per_step", std::isfinite(s.skewed.predicted_s_per_step) ? 1e3 * s.skewed.predicted_s_per_step : -1.0}}},
      {"halo_model",
       {{"steps_per_visit", s.halo.steps_per_visit},
        {"chunk_planes", s.halo.chunk_planes},
        {"predicted_ms_per_step", std::isfinite(s.halo.predicted_s_per_step) ? 1e3 * s.halo.predicted_s_per_step : -1.0}}},
      {"measured_ms_per_step", 1e3 * t.wall_s / steps},
      // The whole run's figure includes the first sweep, which loads every
      // chunk (none kept from a sweep before); the timeline's sweep is the
      // steady state a long run converges to.
      {"steady_sweep_steps", s.timeline_steps},
      {"steady_ms_per_step", s.timeline_steps > 0 ? 1e3 * s.timeline_sweep_s / s.timeline_steps : 0.0},
      {"device_copy_gbytes_per_s", s.rates.d2d_bytes_per_s / 1e9},
      {"timeline_note", "the second sweep (steady state), or the first when the run had one; every visit starts its compute and both copies together; queued is when the "
                        "host had queued them; compute_end is when the compute instance was done; h2d_end and d2h_end are fenced after it, so a copy that "
                        "ended sooner shows compute_end (an upper bound)"},
      {"timeline", timeline}};
}

}  // namespace seis
