#pragma once
// Receivers at grid nodes, sampling field 0 at t_n (physics.md §5). The device
// records [chunk][receiver] so each step's write is coalesced; chunks move to
// the host, which keeps traces trace-contiguous [receiver][sample].

#include "seis/run_plan.hpp"
#include "seis/wave_state.hpp"

#include <Kokkos_Core.hpp>

#include <vector>

namespace seis {

template <class Scalar>
class ReceiverRecorder {
 public:
  static constexpr int chunk = 256;

  ReceiverRecorder() = default;
  ReceiverRecorder(const Grid& grid, const std::vector<NodeIndex>& nodes, int samples)
      : count_(int(nodes.size())), samples_(samples), index_("receiver_index", nodes.size()),
        buffer_("receiver_buffer", chunk, nodes.size()), traces_(nodes.size() * std::size_t(samples), 0.0f) {
    auto host = Kokkos::create_mirror_view(index_);
    for (std::size_t r = 0; r < nodes.size(); ++r) host(r) = grid.index(nodes[r].x, nodes[r].y, nodes[r].z);
    Kokkos::deep_copy(index_, host);
  }

  // Records sample `sample` from field 0 of the current time level.
  void record(const Scalar* field, int sample) {
    const int row = sample - first_;
    recorded_ = sample + 1;
    const auto idx = index_;
    const auto buf = buffer_;
    Kokkos::parallel_for(
        "seis::record_receivers", Kokkos::RangePolicy<DefaultExec>(0, count_),
        KOKKOS_LAMBDA(int r) { buf(row, r) = float(field[idx(r)]); });
    if (row + 1 == chunk || sample + 1 == samples_) flush(sample + 1);
  }

  // Moves samples still on the device into traces() (for a checkpoint or
  // the seismograms of an interrupted run).
  void sync() {
    if (recorded_ > first_) flush(recorded_);
  }
  // Samples recorded so far.
  int recorded() const { return recorded_; }
  // Continues from a checkpoint: traces() with `recorded` samples filled.
  void restore(const std::vector<float>& traces, int recorded) {
    traces_ = traces;
    first_ = recorded_ = recorded;
  }

  // Trace r, sample k at traces()[r * samples() + k].
  const std::vector<float>& traces() const { return traces_; }
  int samples() const { return samples_; }
  int count() const { return count_; }

 private:
  void flush(int end) {
    auto host = Kokkos::create_mirror_view(buffer_);
    Kokkos::deep_copy(host, buffer_);
    for (int k = first_; k < end; ++k)
      for (int r = 0; r < count_; ++r) traces_[std::size_t(r) * samples_ + k] = host(k - first_, r);
    first_ = end;
  }

  int count_ = 0, samples_ = 0, first_ = 0, recorded_ = 0;
  Kokkos::View<index_t*, DefaultMem> index_;
  Kokkos::View<float**, Kokkos::LayoutRight, DefaultMem> buffer_;
  std::vector<float> traces_;
};

}  // namespace seis
