#pragma once
// What `seis run` adds when it runs on several ranks: each rank's
// sub-domain, the memory check of a sub-domain, the seismograms gathered on
// rank 0, and the report's section on ranks and halo exchange.

#include "seis/distributed/comm.hpp"
#include "seis/distributed/subdomain.hpp"
#include "seis/errors.hpp"
#include "seis/run_plan.hpp"
#include "seis/simulation.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

namespace seis {

// This rank's sub-domain: [run] decomposition, or the one with the smallest
// halos. Every rank derives the same decomposition from the same input, so
// a bad one fails on every rank with the same message. Needs only the
// grid's size: the plan asks for it before reading this rank's part of the
// model files.
inline Subdomain rank_subdomain(const Scenario& s) {
  const int ranks = comm::size();
  const std::array<int, 3> n{s.nx, s.ny, s.nz};
  std::array<int, 3> dims = s.decomposition;
  const auto& d = dims;
  const std::string given = "[" + std::to_string(d[0]) + ", " + std::to_string(d[1]) + ", " + std::to_string(d[2]) + "]";
  if (d[0] == 0) dims = choose_decomposition(ranks, n);
  else if (d[0] * d[1] * d[2] != ranks)
    throw InputError("run.decomposition " + given + " needs " + std::to_string(d[0] * d[1] * d[2]) +
                     " ranks, the run has " + std::to_string(ranks));
  const char* axis = "xyz";
  for (int a = 0; a < 3; ++a)
    if (n[a] / dims[a] < Grid::radius)
      throw InputError(std::to_string(dims[a]) + " ranks along " + axis[a] + " leave sub-domains of " +
                       std::to_string(n[a] / dims[a]) + " points, fewer than the halo (" +
                       std::to_string(Grid::radius) + "): use fewer ranks along " + axis[a]);
  return Subdomain::of_rank(n, dims, comm::rank());
}

// Refuses sub-domains that do not fit in the device's memory.
inline void check_subdomain_memory(const RunPlan& plan, const Subdomain& sub, std::size_t device_bytes) {
  if (sub.ranks() == 1) return;  // plan_run checked the whole grid
  // Rank 0's sub-domain is the largest (split_extent gives the first parts the extra points).
  const Grid largest = Subdomain::of_rank(sub.global_n, sub.dims, 0).local_grid(plan.grid);
  const std::size_t need = run_bytes(plan.scenario, largest);
  if (need > device_bytes)
    throw ConfigError("sub-domains of " + std::to_string(largest.nx()) + " x " + std::to_string(largest.ny()) + " x " +
                      std::to_string(largest.nz()) + " (" + plan.scenario.physics + ") need " +
                      std::to_string(double(need) / 1e9) + " GB but the device has " +
                      std::to_string(double(device_bytes) / 1e9) + " GB available: use more ranks");
}

// The seismograms of every receiver on rank 0 ([receiver][sample]), from the
// Every rank's lines (warnings), on rank 0, each once, in order of
// appearance (a single rank: its own).
inline std::vector<std::string> every_ranks_lines(const std::vector<std::string>& mine) {
  std::string joined;
  for (const auto& l : mine) joined += l + "\n";
  std::vector<std::string> out;
  for (const auto& text : comm::gather(joined)) {
    std::size_t start = 0;
    for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
      const std::string line = text.substr(start, end - start);
      if (std::find(out.begin(), out.end(), line) == out.end()) out.push_back(line);
    }
  }
  return out;
}

// traces each rank recorded for the receivers it owns.
inline std::vector<float> gather_traces(const std::vector<int>& owned, const std::vector<float>& traces,
                                        std::size_t receivers, int samples) {
  if (comm::size() == 1) return traces;
  const std::vector<int> ids = comm::gather(owned);
  const std::vector<float> values = comm::gather(traces);
  std::vector<float> all;
  if (comm::rank() != 0) return all;
  all.assign(receivers * std::size_t(samples), 0.0f);
  for (std::size_t k = 0; k < ids.size(); ++k)
    std::copy(values.begin() + std::ptrdiff_t(k * samples), values.begin() + std::ptrdiff_t((k + 1) * samples),
              all.begin() + std::ptrdiff_t(std::size_t(ids[k]) * samples));
  return all;
}

// This rank's timings and exchange figures (per step, in ms).
template <class Physics>
nlohmann::json rank_report(const Simulation<Physics>& sim, const RunTiming& t, int device_id) {
  const Box& b = sim.subdomain().box;
  const auto& halo = sim.halo();
  const double per_step = 1e3 / t.steps;
  const int overlapped = t.overlapped_steps > 0 ? t.overlapped_steps : 1;
  nlohmann::json axes = nlohmann::json::array();
  const char* names[3] = {"x", "y", "z"};
  for (int a = 0; a < 3; ++a) {
    if (halo.face_bytes(a) == 0) continue;
    const HaloTimes& h = halo.times()[a];
    axes.push_back({{"axis", names[a]},
                    {"faces", int(sim.subdomain().has_neighbour(a, 0)) + int(sim.subdomain().has_neighbour(a, 1))},
                    {"face_bytes", halo.face_bytes(a)},
                    {"pack_ms_per_step", h.pack_s * per_step},
                    {"wait_ms_per_step", h.wait_s * per_step},
                    {"unpack_ms_per_step", h.unpack_s * per_step}});
  }
  return {{"rank", comm::rank()},
          {"local_rank", comm::local_rank()},
          {"device_id", device_id},
          {"box", {b.x0, b.x1, b.y0, b.y1, b.z0, b.z1}},
          {"wall_s", t.wall_s},
          {"ms_per_step", t.wall_s * per_step},
          {"stencil_ms_per_step", t.stencil_s * per_step},
          {"pml_ms_per_step", t.pml_s * per_step},
          {"other_ms_per_step", t.other_s * per_step},
          {"core_alone_ms", 1e3 * t.core_ref_s},
          {"exchange_alone_ms", 1e3 * t.exchange_ref_s},
          {"exchange_ms_per_step", 1e3 * t.exchange_s / overlapped},
          {"comm_wait_ms_per_step", 1e3 * t.comm_wait_s / overlapped},
          {"comm_wait_fraction", t.comm_wait_s / overlapped / (t.wall_s / t.steps)},
          {"halo_bytes_per_step", halo.bytes_per_step()},
          {"model_file_bytes_read", sim.plan().model_bytes_read},
          {"exchange_per_axis", axes}};
}

// The report's "distributed" section on rank 0 (null elsewhere). Collective.
template <class Physics>
nlohmann::json distributed_report(const Simulation<Physics>& sim, const RunTiming& t, int device_id,
                                  const std::string& decomposition_chosen_by) {
  const std::vector<std::string> ranks = comm::gather(rank_report(sim, t, device_id).dump());
  if (comm::rank() != 0) return nullptr;
  nlohmann::json per_rank = nlohmann::json::array();
  double wait = 0, bytes = 0, slowest = 0;
  for (const auto& r : ranks) {
    per_rank.push_back(nlohmann::json::parse(r));
    wait = std::max(wait, per_rank.back()["comm_wait_fraction"].get<double>());
    slowest = std::max(slowest, per_rank.back()["ms_per_step"].get<double>());
    bytes += per_rank.back()["halo_bytes_per_step"].get<double>();
  }
  const Subdomain& s = sim.subdomain();
  return {{"ranks", comm::size()},
          {"decomposition", {s.dims[0], s.dims[1], s.dims[2]}},
          {"decomposition_chosen_by", decomposition_chosen_by},
          {"mpi", comm::library_version()},
          {"transport", sim.halo().transport()},
          {"halo_bytes_per_step", bytes},
          {"comm_wait_fraction_max", wait},
          {"slowest_rank_ms_per_step", slowest},
          {"comm_wait_note", "time the halo exchange outlasted the halo-free core it overlaps, per step, "
                             "estimated from the core and the exchange timed alone in the first two steps"},
          {"per_rank", per_rank}};
}

}  // namespace seis
