#pragma once
// The sections of `seis run`'s report.json that describe the grid, the
// time loop's timing and its throughput (the program adds the scenario,
// strategy, outputs and placement around them).

#include "seis/compat/kokkos_compat.hpp"
#include "seis/measure/stream_probe.hpp"
#include "seis/physics/plane_terms.hpp"
#include "seis/policies/traits/exec_traits.hpp"
#include "seis/regions.hpp"
#include "seis/run_plan.hpp"
#include "seis/simulation.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <ctime>
#include <string>
#include <vector>

namespace seis {

// The first `samples` samples of each trace of a [receiver][total] array.
inline std::vector<float> first_samples(const std::vector<float>& traces, int total, int samples) {
  const std::size_t receivers = total > 0 ? traces.size() / std::size_t(total) : 0;
  std::vector<float> out(receivers * std::size_t(samples));
  for (std::size_t r = 0; r < receivers; ++r)
    std::copy_n(traces.begin() + long(r * total), samples, out.begin() + long(r * samples));
  return out;
}

inline std::string today() {
  char buf[32];
  const std::time_t t = std::time(nullptr);
  std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&t));
  return buf;
}

inline nlohmann::json device_json() {
  using Traits = ExecTraits<DefaultExec>;
  return {{"name", Traits::device_name()},
          {"backend", DefaultExec::name()},
          {"concurrency", DefaultExec().concurrency()},
          {"kokkos", kokkos_version_string()}};
}

// Throughput of the inner region (the points the strategy updates).
struct InnerRate {
  index_t inner = 0, all = 0;
  double points_per_s = 0, effective_gbytes_per_s = 0;
  int bytes_per_point = 0;
};

template <class Physics>
InnerRate inner_rate(const RunPlan& plan, index_t inner_points, const RunTiming& t) {
  InnerRate r;
  r.inner = inner_points;
  r.all = plan.grid.interior_points();
  r.bytes_per_point = min_bytes_per_point<Physics>();
  r.points_per_s = t.stencil_s > 0 ? double(inner_points) * t.steps / t.stencil_s : 0;
  r.effective_gbytes_per_s = r.points_per_s * r.bytes_per_point / 1e9;
  return r;
}

inline nlohmann::json grid_json(const RunPlan& plan, const InnerRate& r) {
  const Box in = seven_regions(plan.grid, plan.scenario.pml_thickness).inner;
  return {{"nx", plan.grid.nx()}, {"ny", plan.grid.ny()}, {"nz", plan.grid.nz()},
          {"hx", plan.grid.hx()}, {"hy", plan.grid.hy()}, {"hz", plan.grid.hz()},
          {"points", r.all}, {"pml_thickness", plan.scenario.pml_thickness},
          {"inner", {in.x0, in.x1, in.y0, in.y1, in.z0, in.z1}}, {"inner_points", r.inner},
          {"pml_points", r.all - r.inner}};
}

inline nlohmann::json timing_json(const RunTiming& t) {
  return {{"wall_s", t.wall_s}, {"stencil_s", t.stencil_s}, {"pml_s", t.pml_s},
          {"other_s", t.other_s}, {"ms_per_step", 1e3 * t.wall_s / t.steps},
          {"stencil_ms_per_step", 1e3 * t.stencil_s / t.steps},
          {"pml_ms_per_step", 1e3 * t.pml_s / t.steps},
          // steps whose CPML ran beside the inner region: there stencil_s runs
          // until the inner region is done, pml_s is the CPML's queueing and
          // its time beyond it
          {"pml_overlapped_steps", t.pml_overlapped_steps}};
}

// `stream`: the copy bandwidth measured after the run (null: not measured).
template <class Physics>
nlohmann::json performance_json(const InnerRate& r, const RunTiming& t, const CopyBandwidth* stream) {
  nlohmann::json perf = {{"mpoints_per_s", double(r.all) * t.steps / t.wall_s / 1e6},
                         {"inner_mpoints_per_s", r.points_per_s / 1e6},
                         {"bytes_per_point", r.bytes_per_point},
                         {"effective_gbytes_per_s", r.effective_gbytes_per_s},
                         {"flops_per_point", Physics::flops_per_point},
                         {"inner_gflops_per_s", r.points_per_s * Physics::flops_per_point / 1e9}};
  if (stream) {
    perf["stream_copy_gbytes_per_s"] = stream->gbytes_per_s;
    perf["stream_copy_method"] = stream->method;
    perf["fraction_of_stream"] = r.effective_gbytes_per_s / stream->gbytes_per_s;
  }
  return perf;
}

}  // namespace seis
