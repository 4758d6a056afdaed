#pragma once
// The checkpoints of one run: every N steps into the output folder (the
// previous one removed once the new one is complete), and the last one of an
// interrupted run. Collective in a distributed run: every rank saves its
// part (seis/checkpoint.hpp), rank 0 handles the folder.

#include "seis/checkpoint.hpp"
#include "seis/distributed/comm.hpp"
#include "seis/stability_guard.hpp"

#include <Kokkos_Core.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace seis {

// Sim: Simulation or OutOfCoreSimulation.
template <class Sim>
class RunCheckpoints {
 public:
  RunCheckpoints(Sim& sim, std::uint64_t inputs_hash, nlohmann::json resume_data,
                 std::string output_dir, int every)
      : sim_(sim), hash_(inputs_hash), resume_data_(std::move(resume_data)), output_dir_(std::move(output_dir)),
        every_(every) {}

  // A checkpoint of the state now into `dir`; its path.
  std::string write_into(const std::string& dir) {
    namespace fs = std::filesystem;
    check_wavefield(sim_.state(), sim_.steps_done());  // never checkpoint garbage
    const std::string path = (fs::path(dir) / checkpoint_name(sim_.steps_done())).string();
    Kokkos::Timer clock;
    save_checkpoint(path, sim_, hash_, resume_data_);
    seconds_ += clock.seconds();
    bytes_ = std::size_t(comm::sum((long long)fs::file_size(checkpoint_file_of(path, comm::rank()))));
    ++written_;
    return path;
  }

  // After step `done` of `steps`: the periodic checkpoint, if one is due.
  void after_step(int done, int steps) {
    namespace fs = std::filesystem;
    if (every_ <= 0 || done % every_ != 0 || done >= steps) return;
    std::vector<std::string> previous;
    on_every_rank([&] {
      if (comm::rank() != 0) return;
      fs::create_directories(output_dir_);
      previous = list_checkpoints(output_dir_);
    });
    const std::string path = write_into(output_dir_);
    on_every_rank([&] {
      for (const auto& p : previous)
        if (p != path) fs::remove_all(p);
    });
  }

  // report.json "checkpoints" (null when the run took none).
  nlohmann::json report() const {
    if (written_ == 0 && every_ <= 0) return nullptr;
    return {{"every", every_}, {"written", written_}, {"bytes", bytes_},
            {"seconds_each", seconds_each()}};
  }
  int written() const { return written_; }
  double seconds_each() const { return written_ > 0 ? seconds_ / written_ : 0.0; }
  std::size_t bytes() const { return bytes_; }

 private:
  Sim& sim_;
  std::uint64_t hash_;
  nlohmann::json resume_data_;
  std::string output_dir_;
  int every_;
  int written_ = 0;
  double seconds_ = 0;
  std::size_t bytes_ = 0;
};

}  // namespace seis
