#pragma once
// The one place a native CUDA kernel is launched: grid = the plan's tiles,
// block = the plan's thread extents, dynamic shared memory sized at launch
// (the opt-in limit raised above 48 KiB), the L1/shared split chosen as a
// Kokkos launch chooses it, every launch checked.

#include "device/tiles.hpp"

#include <cuda_runtime.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <tuple>

namespace seis::native::dev {

constexpr std::size_t default_shared_limit = 48 * 1024;

// The shared-memory carveout (percent of the SM's shared memory) a Kokkos
// launch asks for (Kokkos_Cuda_KernelLaunch.hpp, configure_shmem_preference):
// the shared memory of as many blocks as fit an SM, in 8 KiB steps, the rest
// left to L1. Without it the driver picks the split, and a twin could run
// with another L1 size than the Kokkos kernel it is compared with. The blocks
// that fit come from the occupancy calculator and each block's reserved
// shared memory is counted, so the carveout never costs a block. -1 (the
// driver's choice) when SEIS_NATIVE_CARVEOUT=driver, to measure the
// difference, or when a query fails.
template <class Kernel>
int kokkos_like_carveout(Kernel kernel, int block_threads, std::size_t dynamic_shared) {
  const char* mode = std::getenv("SEIS_NATIVE_CARVEOUT");
  if (mode && std::strcmp(mode, "driver") == 0) return -1;
  int device = 0, blocks = 0, reserved = 0, per_sm = 0;
  cudaFuncAttributes attr{};
  if (cudaGetDevice(&device) != cudaSuccess || cudaFuncGetAttributes(&attr, kernel) != cudaSuccess ||
      cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, device) != cudaSuccess ||
      cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device) != cudaSuccess ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, block_threads, dynamic_shared) != cudaSuccess ||
      per_sm <= 0) {
    (void)cudaGetLastError();
    return -1;
  }
  const std::size_t step = 8 * 1024;
  const std::size_t need = std::size_t(blocks) * (dynamic_shared + attr.sharedSizeBytes + std::size_t(reserved));
  const std::size_t carve = (need + step - 1) / step * step;
  const int percent = int((100 * carve + std::size_t(per_sm) - 1) / std::size_t(per_sm));  // round up
  return percent > 100 ? 100 : percent;
}

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
  // Worked out once per kernel and launch shape, and set only when it
  // changes (as Kokkos caches it): no queries between a timed launch and the
  // event before it.
  const int threads = plan.bx * plan.by * plan.bz;
  const void* id = reinterpret_cast<const void*>(kernel);
  static std::map<std::tuple<const void*, int, std::size_t>, int> wanted;  // by launch shape
  static std::map<const void*, int> applied;                                // by kernel
  const auto key = std::make_tuple(id, threads, plan.shared);
  auto it = wanted.find(key);
  if (it == wanted.end()) it = wanted.emplace(key, kokkos_like_carveout(kernel, threads, plan.shared)).first;
  const int carveout = it->second;
  if (carveout >= 0 && (applied.find(id) == applied.end() || applied[id] != carveout)) {
    if (cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, carveout) != cudaSuccess)
      (void)cudaGetLastError();  // a hint only: the launch goes on with the driver's split
    applied[id] = carveout;
  }
  const dim3 grid(unsigned(plan.tiles.ntx), unsigned(plan.tiles.nty), unsigned(plan.tiles.ntz));
  const dim3 block(unsigned(plan.bx), unsigned(plan.by), unsigned(plan.bz));
  kernel<<<grid, block, plan.shared, stream>>>(args...);
  return int(cudaGetLastError());
}

}  // namespace seis::native::dev
