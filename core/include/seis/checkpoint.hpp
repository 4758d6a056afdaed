#pragma once
// What a checkpoint of a Simulation holds, for any physics and strategy: both
// time levels of every field, the CPML memory variables, and the receiver
// traces so far. Restoring them and the step count continues the run bitwise.
// In a distributed run each rank saves and restores its own sub-domain, and
// every rank calls save_checkpoint and load_checkpoint.

#include "seis/distributed/comm.hpp"
#include "seis/io/atomic_file.hpp"
#include "seis/io/checkpoint_file.hpp"
#include "seis/simulation.hpp"
#include "seis/version.hpp"

#include <Kokkos_Core.hpp>

#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

namespace seis {

// An array on the device, copied through host buffers.
template <class View>
CheckpointArray device_checkpoint_array(const std::string& name, const View& v) {
  using T = typename View::non_const_value_type;
  using Unmanaged = Kokkos::MemoryTraits<Kokkos::Unmanaged>;
  const std::size_t n = v.span();
  return {name, n * sizeof(T),
          [v, n](char* dst) {
            Kokkos::deep_copy(Kokkos::View<T*, Kokkos::HostSpace, Unmanaged>(reinterpret_cast<T*>(dst), n), v);
          },
          [v, n](const char* src) {
            // The host buffer may be unaligned for T: copy into an aligned one.
            Kokkos::View<T*, Kokkos::HostSpace> h("seis::checkpoint_load", n);
            std::memcpy(h.data(), src, n * sizeof(T));
            Kokkos::deep_copy(v, h);
          }};
}

template <class Sim>
std::vector<CheckpointArray> checkpoint_arrays(Sim& sim, std::vector<float>& traces) {
  using Physics = typename Sim::physics_type;
  std::vector<CheckpointArray> arrays;
  auto& state = sim.state();
  for (int f = 0; f < Physics::num_fields; ++f) {
    const std::string name = Physics::field_name(f);
    arrays.push_back(device_checkpoint_array(name + "(t)", state.current(f).flat()));
    arrays.push_back(device_checkpoint_array(name + "(t-1)", state.previous(f).flat()));
  }
  const auto memory = sim.pml().memory_variables();
  const char* names[6] = {"cpml_psi_x", "cpml_psi_y", "cpml_psi_z", "cpml_xi_x", "cpml_xi_y", "cpml_xi_z"};
  for (std::size_t k = 0; k < memory.size(); ++k) arrays.push_back(device_checkpoint_array(names[k], memory[k]));
  const std::size_t bytes = traces.size() * sizeof(float);
  arrays.push_back({"traces", bytes, [&traces, bytes](char* dst) { std::memcpy(dst, traces.data(), bytes); },
                    [&traces, bytes](const char* src) { std::memcpy(traces.data(), src, bytes); }});
  return arrays;
}

template <class Sim>
CheckpointInfo checkpoint_info(const Sim& sim, std::uint64_t inputs_hash, const nlohmann::json& run) {
  using Physics = typename Sim::physics_type;
  CheckpointInfo info;
  info.seis_version = SEIS_VERSION_STRING;
  info.physics = Physics::name();
  const Grid& g = sim.plan().grid;
  info.nx = g.nx();
  info.ny = g.ny();
  info.nz = g.nz();
  info.scalar_bytes = int(sizeof(typename Physics::scalar_type));
  info.cpml_memory = cpml_memory_name(sim.pml().memory_form());
  info.step = sim.steps_done();
  info.recorded = sim.receivers().recorded();
  info.inputs_hash = inputs_hash;
  info.run = run;
  const Subdomain& sub = sim.subdomain();
  if (sub.ranks() > 1) {
    const Box& b = sub.box;
    info.part = {{"rank", comm::rank()},
                 {"ranks", sub.ranks()},
                 {"dims", sub.dims},
                 {"box", {b.x0, b.x1, b.y0, b.y1, b.z0, b.z1}}};
  }
  return info;
}

// Saves the state after sim.steps_done() steps into `path`: one file, or in
// a distributed run a folder of one part per rank, filled under a temporary
// name and renamed into place by rank 0 once every part is complete.
template <class Sim>
void save_checkpoint(const std::string& path, Sim& sim, std::uint64_t inputs_hash,
                     const nlohmann::json& run) {
  namespace fs = std::filesystem;
  sim.receivers().sync();
  std::vector<float> traces = sim.receivers().traces();
  const CheckpointInfo info = checkpoint_info(sim, inputs_hash, run);
  if (info.part.is_null()) {
    write_checkpoint(path, info, checkpoint_arrays(sim, traces));
    return;
  }
  const std::string filling = path + ".tmp";
  on_every_rank([&] {
    if (comm::rank() != 0) return;
    fs::remove_all(filling);
    fs::create_directories(filling);
  });
  on_every_rank([&] {
    write_checkpoint((fs::path(filling) / checkpoint_part_name(comm::rank())).string(), info,
                     checkpoint_arrays(sim, traces));
  });
  on_every_rank([&] {
    if (comm::rank() != 0) return;
    fs::remove_all(path);
    fs::rename(filling, path);
    sync_path(fs::path(path).parent_path().string());
  });
}

// Refuses a checkpoint of another version, physics or grid, of CPML memory
// variables stored in another form (they are not converted: a run resumed
// in another form would no longer equal the uninterrupted one bitwise), or
// of other inputs, then restores the state and the step.
template <class Sim>
void load_checkpoint(const std::string& path, const CheckpointInfo& info, Sim& sim,
                     std::uint64_t inputs_hash) {
  const auto refuse = [&](const std::string& why) { throw InputError("checkpoint '" + path + "' " + why); };
  if (info.seis_version != SEIS_VERSION_STRING)
    refuse("was written by seis " + info.seis_version + "; this is seis " + SEIS_VERSION_STRING);
  const CheckpointInfo here = checkpoint_info(sim, inputs_hash, info.run);
  if (info.physics != here.physics) refuse("is of " + info.physics + " physics, the scenario of " + here.physics);
  if (info.nx != here.nx || info.ny != here.ny || info.nz != here.nz || info.scalar_bytes != here.scalar_bytes)
    refuse("has a " + std::to_string(info.nx) + " x " + std::to_string(info.ny) + " x " + std::to_string(info.nz) +
           " grid of " + std::to_string(info.scalar_bytes) + "-byte values; the scenario's is " +
           std::to_string(here.nx) + " x " + std::to_string(here.ny) + " x " + std::to_string(here.nz) + " of " +
           std::to_string(here.scalar_bytes));
  if (info.cpml_memory != here.cpml_memory)
    refuse("holds the CPML memory variables in " + info.cpml_memory + "; this run keeps them in " + here.cpml_memory +
           " (the scenario's [boundary] pml_memory)");
  const int ranks = info.part.is_null() ? 1 : info.part.value("ranks", 1);
  if (ranks != sim.subdomain().ranks())
    refuse("was written by " + std::to_string(ranks) + " rank" + (ranks == 1 ? "" : "s") + "; resume it with " +
           (ranks == 1 ? std::string("one rank") : "mpirun -np " + std::to_string(ranks)));
  if (ranks > 1 && info.part.value("box", nlohmann::json()) != here.part.at("box"))
    refuse("holds another sub-domain for rank " + std::to_string(comm::rank()) +
           " than this run has (the decomposition changed)");
  if (info.inputs_hash != inputs_hash)
    refuse("was made from other inputs (the scenario, a model file or the run options changed since)");
  if (info.step < 0 || info.step > sim.plan().scenario.steps || info.recorded < 0 ||
      info.recorded > sim.receivers().samples())
    refuse("has step " + std::to_string(info.step) + " outside the run's " + std::to_string(sim.plan().scenario.steps));
  std::vector<float> traces(sim.receivers().traces().size());
  read_checkpoint_arrays(checkpoint_file_of(path, comm::rank()), checkpoint_arrays(sim, traces));
  sim.receivers().restore(traces, info.recorded);
  sim.set_steps_done(info.step);
}

}  // namespace seis
