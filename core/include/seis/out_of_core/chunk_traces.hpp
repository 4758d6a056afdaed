#pragma once
// OutOfCoreSimulation's receivers: each chunk records those it may hold, and
// the run's traces are merged from them (and handed back after a restart).
// Included by out_of_core_simulation.hpp.

#include "seis/out_of_core/out_of_core_simulation.hpp"

namespace seis {

// The chunks' traces into receivers() (plan order). Skewed, a receiver
// may pass from chunk to chunk within a sweep: each sample of the sweep
// just run comes from the chunk that held the receiver at its step.
template <class Physics>
void OutOfCoreSimulation<Physics>::collect_traces() {
  std::vector<float> all = receivers_.traces();
  const std::size_t samples = std::size_t(plan_.samples);
  const int every = plan_.scenario.record_every, k = last_sweep_steps_, start = step_ - k;
  for (Chunk& c : chunks_) {
    c.receivers.sync();
    const auto& mine = c.receivers.traces();
    for (std::size_t i = 0; i < c.receiver_ids.size(); ++i) {
      const std::size_t id = std::size_t(c.receiver_ids[i]);
      if (!skewed_) {
        std::copy(mine.begin() + std::ptrdiff_t(i * samples), mine.begin() + std::ptrdiff_t((i + 1) * samples),
                  all.begin() + std::ptrdiff_t(id * samples));
        continue;
      }
      for (int sample = (start + every - 1) / every; sample * every < step_ && sample < plan_.samples; ++sample) {
        const std::array<int, 2> held = skewed_level_planes(c.skew, plan_.grid.nz(), sample * every - start);
        const int z = plan_.receivers[id].z;
        if (z >= held[0] && z < held[1]) all[id * samples + std::size_t(sample)] = mine[i * samples + std::size_t(sample)];
      }
    }
  }
  receivers_.restore(all, samples_recorded());
}

// receivers() restored from a checkpoint: each chunk continues its part.
template <class Physics>
void OutOfCoreSimulation<Physics>::hand_traces_to_chunks() {
  const std::size_t samples = std::size_t(plan_.samples);
  const auto& all = receivers_.traces();
  for (Chunk& c : chunks_) {
    std::vector<float> mine(c.receiver_ids.size() * samples);
    for (std::size_t i = 0; i < c.receiver_ids.size(); ++i)
      std::copy(all.begin() + std::ptrdiff_t(std::size_t(c.receiver_ids[i]) * samples),
                all.begin() + std::ptrdiff_t((std::size_t(c.receiver_ids[i]) + 1) * samples),
                mine.begin() + std::ptrdiff_t(i * samples));
    c.receivers.restore(mine, samples_recorded());
  }
}

}  // namespace seis
