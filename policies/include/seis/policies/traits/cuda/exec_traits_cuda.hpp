#pragma once
// CUDA execution-space traits: cp.async pipeline copies, __stcs streaming
// stores, one thread per tile column, and (sm_90+) thread-block clusters.

#if defined(KOKKOS_ENABLE_CUDA)

#include "seis/math/kokkos_cuda_team_shared.hpp"
#include "seis/policies/traits/cuda/shared_carveout.hpp"

#include <cuda_pipeline.h>
#include <cuda_runtime.h>

#include <string>
#include <type_traits>

namespace seis {

template <>
struct ExecTraits<Kokkos::Cuda, void> : GpuExecTraitsBase {
  // float2: float4 windows of the sliding window cost more registers than
  // the wider loads save (163 registers per thread at float4).
  static constexpr int vector_width = 2;
  static constexpr bool async_copy_is_native = true;
  static constexpr bool streaming_store_is_native = true;

  template <class Scalar>
  KOKKOS_FORCEINLINE_FUNCTION static void store_streaming(Scalar* p, Scalar v) {
    KOKKOS_IF_ON_DEVICE((__stcs(p, v);))
    KOKKOS_IF_ON_HOST((*p = v;))
  }

  // cp.async of 4/8-byte elements straight into shared memory, no registers.
  template <class Scalar>
  KOKKOS_FORCEINLINE_FUNCTION static void async_copy(Scalar* dst_scratch, const Scalar* src,
                                                     int n) {
    KOKKOS_IF_ON_DEVICE((for (int i = 0; i < n; ++i)
                             __pipeline_memcpy_async(dst_scratch + i, src + i, sizeof(Scalar));))
    KOKKOS_IF_ON_HOST((for (int i = 0; i < n; ++i) dst_scratch[i] = src[i];))
  }
  // N consecutive elements as one cp.async (4, 8 or 16 bytes; both
  // addresses aligned to the size).
  template <int N, class Scalar>
  KOKKOS_FORCEINLINE_FUNCTION static void async_copy_vector(Scalar* dst_scratch, const Scalar* src) {
    constexpr int bytes = N * int(sizeof(Scalar));
    static_assert(bytes == 4 || bytes == 8 || bytes == 16, "cp.async moves 4, 8 or 16 bytes");
    KOKKOS_IF_ON_DEVICE((__pipeline_memcpy_async(dst_scratch, src, bytes);))
    KOKKOS_IF_ON_HOST((for (int i = 0; i < N; ++i) dst_scratch[i] = src[i];))
  }
  KOKKOS_FORCEINLINE_FUNCTION static void async_commit() {
    KOKKOS_IF_ON_DEVICE((__pipeline_commit();))
  }
  // p, hidden from the optimiser: nvcc otherwise folds a 32-bit offset into
  // the 64-bit index p was computed from and rebuilds every address from
  // that index (4-6 integer instructions) instead of one wide multiply-add
  // off a base that stays in a (uniform) register.
  template <class T>
  KOKKOS_FORCEINLINE_FUNCTION static T* opaque_base(T* p) {
    KOKKOS_IF_ON_DEVICE((asm("" : "+l"(p)); __builtin_assume(__isGlobal(p));))
    return p;
  }
  // v, hidden from the optimiser: a value derived from the thread index (a
  // tile point's coordinates, whether the thread has one) is otherwise
  // recomputed from the special registers under register pressure, an S2R
  // of tens of cycles that every warp waits out after each barrier.
  KOKKOS_FORCEINLINE_FUNCTION static int opaque_value(int v) {
    KOKKOS_IF_ON_DEVICE((asm("" : "+r"(v));))
    return v;
  }
  // v, as a value produced where it is used (an empty volatile asm, which
  // nvcc may not move out of a loop): what is derived from it is computed
  // there too, in a few registers, instead of once before the loop and
  // held, or spilled, across it (Kokkos' league loop encloses every body).
  KOKKOS_FORCEINLINE_FUNCTION static int fresh_value(int v) {
    KOKKOS_IF_ON_DEVICE((asm volatile("" : "+r"(v));))
    return v;
  }
  // *p if pred, else old: one predicated load (@p ld.global), where ptxas
  // branches around a plain load under `if (pred)` in the st_reg kernels'
  // plane loop (the twins' CudaBackend::load_if, perf/native/cuda).
  template <class Scalar>
  KOKKOS_FORCEINLINE_FUNCTION static Scalar load_if(bool pred, const Scalar* p, Scalar old) {
    static_assert(sizeof(Scalar) == 4 || sizeof(Scalar) == 8, "float or double");
    KOKKOS_IF_ON_DEVICE((
        if constexpr (sizeof(Scalar) == 4) {
          asm("{ .reg .pred q; setp.ne.u32 q, %2, 0; @q ld.global.f32 %0, [%1]; }"
              : "+f"(old) : "l"(p), "r"(unsigned(pred)));
        } else {
          asm("{ .reg .pred q; setp.ne.u32 q, %2, 0; @q ld.global.f64 %0, [%1]; }"
              : "+d"(old) : "l"(p), "r"(unsigned(pred)));
        }
        return old;))
    KOKKOS_IF_ON_HOST((return pred ? *p : old;))
  }
  KOKKOS_FORCEINLINE_FUNCTION static void async_wait_copies() {
    KOKKOS_IF_ON_DEVICE((__pipeline_wait_prior(0);))
  }
  // A Kokkos team here is a whole thread block (TeamPolicy launches blocks of
  // vector_length x team_size x 1), so its barrier is __syncthreads(). Kokkos'
  // own team_barrier tests blockDim.z == 1 at run time: a constant load,
  // compare and branch before every barrier that each warp waits out, and a
  // split of the kernel's code between the __syncthreads and
  // __threadfence_block paths (sliding_window: more spills). Other team types
  // (the cluster team) keep their own barrier.
  template <class Team>
  KOKKOS_FORCEINLINE_FUNCTION static void team_barrier(const Team& team) {
    if constexpr (std::is_same_v<Team, Kokkos::TeamPolicy<Kokkos::Cuda>::member_type>) {
      KOKKOS_IF_ON_DEVICE(((void)team; __syncthreads();))
      KOKKOS_IF_ON_HOST((team.team_barrier();))
    } else {
      team.team_barrier();
    }
  }
  // Kokkos' CUDA team launch runs one thread block per league rank (grid =
  // league size, Kokkos_Cuda_Parallel_Team.hpp) inside a loop over league
  // ranks with stride gridDim.x that therefore never iterates twice; nvcc
  // cannot know that, so it hoists the body's invariants (tile split,
  // kernel-argument loads, 64-bit offsets) out of the loop into registers
  // held across it. Ending the thread after its team's work (exit, after
  // every store: a memory clobber) turns the loop into straight-line code.
  // Only for a Kokkos team of level-0 scratch (the loop's epilogue releases
  // level-1 scratch locks) and never in Kokkos' serial-execution debug mode
  // (grid 1). Every strategy that opts in is checked on the GPU against the
  // reference (seis_tests_strategies): a skipped league rank would show.
  template <class Team>
  KOKKOS_FORCEINLINE_FUNCTION static void end_team_thread(const Team& team) {
    (void)team;
#if !defined(KOKKOS_IMPL_DEBUG_CUDA_SERIAL_EXECUTION)
    if constexpr (std::is_same_v<Team, Kokkos::TeamPolicy<Kokkos::Cuda>::member_type> && scratch_level == 0) {
      KOKKOS_IF_ON_DEVICE((asm volatile("exit;" ::: "memory"); __builtin_unreachable();))
    }
#endif
  }
  // A Kokkos CUDA team of vector length L is an L x team_size thread block
  // (Kokkos_Cuda_Parallel_Team.hpp), the lane threadIdx.x, team_rank()
  // threadIdx.y: a body may take a 2D tile's column from the pair, read
  // where it is used, as a twin reads its 2D block's thread index.
  static constexpr int max_team_lanes = 32;
  template <class Team>
  KOKKOS_FORCEINLINE_FUNCTION static int team_lane(const Team& team) {
    (void)team;
    KOKKOS_IF_ON_DEVICE((return int(threadIdx.x);))
    KOKKOS_IF_ON_HOST((return 0;))
  }
  template <class Team>
  KOKKOS_FORCEINLINE_FUNCTION static int team_lanes(const Team& team) {
    (void)team;
    KOKKOS_IF_ON_DEVICE((return int(blockDim.x);))
    KOKKOS_IF_ON_HOST((return 1;))
  }
  template <class Team>
  KOKKOS_FORCEINLINE_FUNCTION static void async_wait(const Team& team) {
    KOKKOS_IF_ON_DEVICE((__pipeline_wait_prior(0);))
    team_barrier(team);
  }
  template <class Team>
  KOKKOS_FORCEINLINE_FUNCTION static void async_wait_all_but_last(const Team& team) {
    KOKKOS_IF_ON_DEVICE((__pipeline_wait_prior(1);))
    team_barrier(team);
  }

  // The L1/shared split of the team kernel Kokkos launches for (Policy,
  // Functor), by the rule its twins use (shared_carveout.hpp), for the
  // dynamic shared memory Kokkos asks for: the team-reduce space and the
  // level-0 team scratch. The kernel is the one parallel_for instantiates
  // (Kokkos::Impl, 4.6); its carveout is memoised per kernel.
  template <class Policy, class Functor>
  static void prepare_team_launch(const Policy& policy) {
    using Driver = Kokkos::Impl::ParallelFor<Functor, Policy, Kokkos::Cuda>;
    using Launch = Kokkos::Impl::CudaParallelLaunch<Driver, typename Policy::launch_bounds>;
    const int team = policy.team_size();
    const int threads = team * policy.impl_vector_length();
    const std::size_t shared = kokkos_cuda_team_reduce_space(team) + std::size_t(policy.scratch_size(0, team));
    // A function pointer or, for the global-memory launch, a void* (hence the C cast). Kokkos' level-0
    // scratch stays within 48 KiB, so the memo's opt-in raise never runs here (its result: always success).
    (void)cuda::carveout_memo<Launch>().apply((const void*)Launch::get_kernel_func(), threads, shared);
  }

  // The part of the team-reduce space (seis/math/kokkos_cuda_team_shared.hpp)
  // a body may reuse as scratch: all of it on Kokkos 4.6, whose
  // CudaTeamMember puts the team scratch right after it and uses it only in
  // team_reduce, team_scan and team_broadcast; 0 on other Kokkos versions,
  // whose layout is unchecked. (The carveout counts it on every version.)
  static std::size_t team_reduce_space_bytes(int team_size) {
#if KOKKOS_VERSION / 100 == 406
    return kokkos_cuda_team_reduce_space(team_size);
#else
    (void)team_size;
    return 0;
#endif
  }

  static bool has_cluster_launch() {
    int device = 0, major = 0;
    if (cudaGetDevice(&device) != cudaSuccess) return false;
    if (cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device) != cudaSuccess)
      return false;
    return major >= 9;
  }
  static std::string cluster_unavailable_reason() {
    return "this GPU has compute capability < 9.0 (thread block clusters need Hopper or newer)";
  }

  static std::string device_name() {
    int device = 0;
    cudaDeviceProp prop{};
    if (cudaGetDevice(&device) != cudaSuccess || cudaGetDeviceProperties(&prop, device) != cudaSuccess)
      return "CUDA device";
    return prop.name;
  }

  // FP32 lanes per SM by compute capability (CUDA C++ Programming Guide,
  // "Arithmetic Instructions"): 64 on 6.0, 7.x and 8.0, 128 otherwise.
  static DevicePeak fp32_peak() {
    int device = 0, sms = 0, khz = 0, major = 0, minor = 0;
    if (cudaGetDevice(&device) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) != cudaSuccess ||
        cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, device) != cudaSuccess ||
        cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device) != cudaSuccess ||
        cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device) != cudaSuccess)
      return {0, "CUDA device attributes unavailable"};
    const int lanes = (major == 6 && minor == 0) || major == 7 || (major == 8 && minor == 0) ? 64 : 128;
    return {2.0 * lanes * sms * (khz * 1e3) / 1e9,
            "2 x " + std::to_string(lanes) + " FP32 lanes x " + std::to_string(sms) + " SMs x " +
                std::to_string(khz / 1000) + " MHz (compute capability " + std::to_string(major) + "." +
                std::to_string(minor) + ")"};
  }

  static std::size_t device_memory_bytes() {
    std::size_t free_bytes = 0, total_bytes = 0;
    if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) return 0;
    return free_bytes;
  }
};

}  // namespace seis

#endif
