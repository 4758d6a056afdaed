#pragma once
// One L1/shared split rule for the Kokkos launches of the strategies
// (ExecTraits<Kokkos::Cuda>::prepare_team_launch) and their native twins
// (perf/native/cuda/launch_cuda.cuh). Plain CUDA runtime, no Kokkos.
//
// Why: with no preference set the driver picks the carveout itself, and it
// picks by the dynamic shared memory a launch asks for. A Kokkos team launch
// asks for 8 * (threads + 2) bytes of team-reduce space ahead of the team
// scratch (unused by a parallel_for), so the driver gave the Kokkos kernels a
// larger shared part, i.e. a smaller L1, than their twins (ncu, H200, iso
// 512^3: sliding_window 64 KiB against 32 KiB, gmem_3d 64 KiB against 16 KiB;
// perf/results/h200-2026-11-24/session8/helpers/parity5-iso-round2/ncu.txt).
//
// The rule: the smallest shared part that still holds as many blocks as the
// SM can run by its other limits (registers, threads, shared memory), each
// block with its dynamic and static shared memory and the runtime's reserved
// share; the rest is L1. Both sides then run at their full occupancy with as
// much L1 as that leaves. Measured against the driver's choice (H200, paired
// timing, two rounds each, perf/results/h200-2026-11-24/parity7): iso 1024^3
// sliding_window Kokkos 14.03 -> 13.63 ms, twin 12.99 -> 12.89 (ratio 1.080
// -> 1.057); st_reg_vec, TTI gmem_3d, smem_3d, st_reg_feat unchanged.

#include <cuda_runtime.h>

#include <cstddef>
#include <map>
#include <mutex>

namespace seis::cuda {

// The rule's carveout for `func` launched with blocks of `threads`
// threads and `dynamic_shared` bytes, in percent of the SM's shared memory
// capacity (rounded up: the driver takes the next supported split at or
// above it); -1 where the device cannot say.
inline int fitting_carveout_percent(const void* func, int threads, std::size_t dynamic_shared) {
  int device = 0, blocks = 0, reserved = 0, capacity = 0;
  cudaFuncAttributes attr{};
  if (cudaGetDevice(&device) != cudaSuccess ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, func, threads, dynamic_shared) != cudaSuccess ||
      cudaFuncGetAttributes(&attr, func) != cudaSuccess ||
      cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, device) != cudaSuccess ||
      cudaDeviceGetAttribute(&capacity, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device) != cudaSuccess ||
      blocks <= 0 || capacity <= 0) {
    (void)cudaGetLastError();  // do not leave it for an unrelated later check
    return -1;
  }
  const std::size_t need =
      std::size_t(blocks) * (dynamic_shared + std::size_t(attr.sharedSizeBytes) + std::size_t(reserved));
  const std::size_t percent = (100 * need + std::size_t(capacity) - 1) / std::size_t(capacity);
  return percent > 100 ? 100 : int(percent);
}

// Sets func's carveout by the rule for this launch shape; the attribute call
// and the occupancy query only when the shape differs from func's last one
// (a kernel runs many steps of one shape). Returns the percent set (-1: none).
inline int apply_shared_carveout(const void* func, int threads, std::size_t dynamic_shared) {
  struct Last {
    int threads = -1;
    std::size_t shared = 0;
    int percent = -1;
  };
  static std::mutex mutex;
  static std::map<const void*, Last> last;
  std::lock_guard<std::mutex> lock(mutex);
  Last& l = last[func];
  if (l.threads == threads && l.shared == dynamic_shared) return l.percent;
  // The occupancy query before any preference of ours is set for this shape.
  if (l.percent >= 0) (void)cudaFuncSetAttribute(func, cudaFuncAttributePreferredSharedMemoryCarveout, -1);
  const int percent = fitting_carveout_percent(func, threads, dynamic_shared);
  if (percent >= 0 &&
      cudaFuncSetAttribute(func, cudaFuncAttributePreferredSharedMemoryCarveout, percent) != cudaSuccess) {
    (void)cudaGetLastError();
    l = {threads, dynamic_shared, -1};
    return -1;
  }
  l = {threads, dynamic_shared, percent};
  return percent;
}

}  // namespace seis::cuda
