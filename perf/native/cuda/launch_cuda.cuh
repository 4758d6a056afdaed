#pragma once
// The one place a native CUDA kernel is launched: grid = the plan's tiles,
// block = the plan's thread extents (both 1D for a linear plan), dynamic shared memory sized at launch
// (the opt-in limit raised above 48 KiB), every launch checked. The L1/shared
// split by the rule the Kokkos launches of the strategies use
// (seis/policies/traits/cuda/shared_carveout.hpp): left to the driver, it
// followed the dynamic shared memory asked for, of which a Kokkos team launch
// asks 8 * (threads + 2) bytes more, and the twins ran with more L1.
// (Kokkos 4.6 sets a carveout itself only for a policy with a desired
// occupancy, which no strategy asks for; a carveout worked out as Kokkos'
// configure_shmem_preference would, for the twins alone, changed no twin's
// time: perf/results/h200-2026-11-24/parity-stage2.)

#include "device/tiles.hpp"
#include "seis/math/kokkos_cuda_team_shared.hpp"
#include "seis/policies/traits/cuda/shared_carveout.hpp"

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <type_traits>

namespace seis::native::dev {

// Diagnosis only (default off): SEIS_NATIVE_SHARED_PAD=kokkos asks each launch
// for the dynamic shared memory a Kokkos team launch adds ahead of the team
// scratch (8 * (threads + 2) bytes of team-reduce space, unused by a
// parallel_for), so that the driver sizes the L1/shared split and counts
// blocks per SM as for the Kokkos kernel; the twin leaves it unused.
inline std::size_t shared_pad(int threads) {
  static const bool kokkos = [] {
    const char* v = std::getenv("SEIS_NATIVE_SHARED_PAD");
    return v && std::strcmp(v, "kokkos") == 0;
  }();
  return kokkos ? kokkos_cuda_team_reduce_space(threads) : 0;
}

// Kernel: the __global__ function, a template argument so that its carveout
// memo is a static of its own (seis::cuda::carveout_memo).
template <auto Kernel, class... Args>
int launch_kernel(const LaunchPlan& plan, cudaStream_t stream, const Args&... args) {
  const std::size_t shared = plan.shared + shared_pad(plan.bx * plan.by * plan.bz);
  // The opt-in limit above 48 KiB and the carveout, set where the launch shape changed.
  const cudaError_t e = ::seis::cuda::carveout_memo<std::integral_constant<decltype(Kernel), Kernel>>().apply(
      reinterpret_cast<const void*>(Kernel), plan.bx * plan.by * plan.bz, shared);
  if (e != cudaSuccess) return int(e);
  const TileGrid& t = plan.tiles;
  const dim3 grid = plan.linear ? dim3(unsigned(t.ntx * t.nty * t.ntz)) : dim3(unsigned(t.ntx), unsigned(t.nty), unsigned(t.ntz));
  const dim3 block = plan.linear ? dim3(unsigned(plan.bx * plan.by * plan.bz))
                                 : dim3(unsigned(plan.bx), unsigned(plan.by), unsigned(plan.bz));
  Kernel<<<grid, block, shared, stream>>>(args...);
  return int(cudaGetLastError());
}

}  // namespace seis::native::dev
