#pragma once
// The one place a native CUDA kernel is launched: grid = the plan's tiles,
// block = the plan's thread extents, dynamic shared memory sized at launch
// (the opt-in limit raised above 48 KiB), every launch checked. The L1/shared
// split is the driver's, as for the Kokkos kernels: Kokkos 4.6 sets a carveout
// only for a policy with a desired occupancy (Kokkos_Cuda_KernelLaunch.hpp,
// configure_shmem_preference), which no strategy asks for. (A carveout worked
// out as configure_shmem_preference would, tried here before, changed no
// twin's time: perf/results/h200-2026-11-24/parity-stage2.)

#include "device/tiles.hpp"

#include <cuda_runtime.h>

#include <cstddef>

namespace seis::native::dev {

constexpr std::size_t default_shared_limit = 48 * 1024;

template <class... Params, class... Args>
int launch_kernel(void (*kernel)(Params...), const LaunchPlan& plan, cudaStream_t stream, const Args&... args) {
  if (plan.shared > default_shared_limit) {
    const cudaError_t e =
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(plan.shared));
    if (e != cudaSuccess) {
      (void)cudaGetLastError();  // do not leave it for an unrelated later check
      return int(e);
    }
  }
  const dim3 grid(unsigned(plan.tiles.ntx), unsigned(plan.tiles.nty), unsigned(plan.tiles.ntz));
  const dim3 block(unsigned(plan.bx), unsigned(plan.by), unsigned(plan.bz));
  kernel<<<grid, block, plan.shared, stream>>>(args...);
  return int(cudaGetLastError());
}

}  // namespace seis::native::dev
