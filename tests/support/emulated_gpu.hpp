#pragma once
// A GPU-like execution space for host tests: one point (column) per thread,
// its threads emulated one after another by EmulatedThread, so that the GPU
// branches of the team loops and staging plans run on the host.

#include "seis/policies/traits/exec_traits.hpp"

namespace seis {
namespace test {
struct EmulatedGpu {};

struct EmulatedThread {
  int rank, size;
  int team_rank() const { return rank; }
  int team_size() const { return size; }
  void team_barrier() const {}
};
}  // namespace test

template <>
struct ExecTraits<test::EmulatedGpu, void> : ExecTraits<Kokkos::DefaultHostExecutionSpace> {
  static constexpr bool is_gpu = true;
  static constexpr int columns_per_thread = 1;
};
}  // namespace seis
