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

#include <atomic>
#include <cstddef>
#include <cstdint>

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

// Dynamic shared memory a kernel may ask for without opting in.
constexpr std::size_t default_dynamic_shared_limit = 48 * 1024;

// The launch shape a kernel's carveout (and, above 48 KiB of dynamic shared
// memory, its opt-in limit) was last set for. One per kernel, a static of the
// kernel's instantiation (carveout_memo<Kernel>()), so that a launch of an
// unchanged shape costs one atomic load: no lock, no lookup, no attribute call.
class CarveoutMemo {
 public:
  // Where the shape differs from the last one set (a kernel runs many steps
  // of one shape): raises func's dynamic shared limit when the launch asks
  // for more than 48 KiB, then sets its carveout by the rule. Returns the
  // raise's error (the shape is then not kept, so the next launch tries, and
  // reports, again); a carveout the driver refuses is left to the driver.
  cudaError_t apply(const void* func, int threads, std::size_t dynamic_shared) {
    const std::uint64_t shape = key(threads, dynamic_shared);
    const std::uint64_t last = last_.load(std::memory_order_acquire);
    if (shape == last) return cudaSuccess;
    if (dynamic_shared > default_dynamic_shared_limit) {
      const cudaError_t e =
          cudaFuncSetAttribute(func, cudaFuncAttributeMaxDynamicSharedMemorySize, int(dynamic_shared));
      if (e != cudaSuccess) {
        (void)cudaGetLastError();  // do not leave it for an unrelated later check
        return e;
      }
    }
    // The occupancy query before any preference of ours is set for this shape.
    if (last != 0) (void)cudaFuncSetAttribute(func, cudaFuncAttributePreferredSharedMemoryCarveout, -1);
    const int percent = fitting_carveout_percent(func, threads, dynamic_shared);
    if (percent >= 0 &&
        cudaFuncSetAttribute(func, cudaFuncAttributePreferredSharedMemoryCarveout, percent) != cudaSuccess)
      (void)cudaGetLastError();  // left to the driver; tried again on the next shape
    // Two host threads launching one kernel at once both find a new shape and
    // set the same attributes: harmless.
    last_.store(shape, std::memory_order_release);
    return cudaSuccess;
  }

 private:
  // threads (1 .. 1024) above the bytes (< 2^32 of shared memory): never 0,
  // the value of a kernel not launched yet.
  static std::uint64_t key(int threads, std::size_t dynamic_shared) {
    return std::uint64_t(unsigned(threads)) << 32 | std::uint64_t(dynamic_shared & 0xffffffffu);
  }
  std::atomic<std::uint64_t> last_{0};
};

// The memo of the kernel Kernel names (a type unique to one kernel function:
// Kokkos' CudaParallelLaunch, the twins' kernel constant).
template <class Kernel>
CarveoutMemo& carveout_memo() {
  static CarveoutMemo memo;
  return memo;
}

}  // namespace seis::cuda
