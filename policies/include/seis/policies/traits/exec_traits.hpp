#pragma once
// Execution-space traits: the few primitives that differ per backend, each
// with a portable default. Strategies ask these; they never #ifdef a backend.
//
//   is_gpu                     a team is a thread block, one thread per column
//   columns_per_thread         how many tile columns one thread may own
//                              (1 on GPUs: per-column state stays in registers)
//   team_size(columns)         threads per team for a tile of `columns`
//   scratch_level              team scratch level used for tiles
//   store_streaming(p, v)      non-temporal store where the backend has one
//   async_copy / async_copy_vector / async_commit / async_wait / async_wait_all_but_last
//                              global->scratch copy that may overlap compute
//   async_wait_copies()        this thread's copies have landed (async_wait without its barrier)
//   team_barrier(team)         the team's barrier, as cheap as the backend allows
//   vector_width               widest x vector the backend profits from
//   opaque_base(p)             p, hidden from the optimiser (32-bit offsets from it stay cheap)
//   opaque_value(v)            v, hidden from the optimiser (kept in a register, never recomputed)
//   fresh_value(v)             v, where it is used: what is derived from it is not hoisted out of loops
//   load_if(pred, p, old)      *p if pred, else old, with no branch around the load
//   end_team_thread(team)      the thread's last league iteration is done: end it where
//                              the backend runs one team per thread block
//   max_team_lanes, team_lane(team), team_lanes(team)
//                              vector lanes of a team thread: a team launched with vector
//                              length L (<= max_team_lanes, 1 where the backend's lanes are
//                              not threads of their own) and this thread's lane
//   prepare_team_launch<Policy, Functor>(policy)
//                              backend launch settings of a team kernel, before its
//                              parallel_for (CUDA: the L1/shared split, cuda/shared_carveout.hpp)
//   team_reduce_space_bytes(team_size)
//                              shared memory the backend's team launch reserves ahead of
//                              the team scratch for team reductions, that a body calling
//                              none may reuse as scratch (0: none known)
//   has_cluster_launch         thread-block clusters (CUDA sm_90+)
//   device_memory_bytes()      memory a run may allocate
//   fp32_peak()                FP32 peak from the device's properties (0 when
//                              not known, e.g. on CPUs), for the roofline

#include <Kokkos_Core.hpp>

#include <cstddef>
#include <fstream>
#include <string>
#include <unistd.h>

namespace seis {

// The portable "asynchronous" copy: a plain copy of n elements by this
// thread, made visible to the team by the barrier of the waits.
struct SynchronousCopyTraits {
  template <class Scalar>
  KOKKOS_FORCEINLINE_FUNCTION static void async_copy(Scalar* dst_scratch, const Scalar* src, int n) {
    for (int i = 0; i < n; ++i) dst_scratch[i] = src[i];
  }
  // N consecutive elements as one transfer.
  template <int N, class Scalar>
  KOKKOS_FORCEINLINE_FUNCTION static void async_copy_vector(Scalar* dst_scratch, const Scalar* src) {
    for (int i = 0; i < N; ++i) dst_scratch[i] = src[i];
  }
  KOKKOS_FORCEINLINE_FUNCTION static void async_commit() {}
  // Wait for every committed copy, then barrier.
  template <class Team>
  KOKKOS_FORCEINLINE_FUNCTION static void async_wait(const Team& team) {
    team.team_barrier();
  }
  // Wait for all but the most recently committed group, then barrier.
  template <class Team>
  KOKKOS_FORCEINLINE_FUNCTION static void async_wait_all_but_last(const Team& team) {
    team.team_barrier();
  }
  // The team's barrier (the CUDA traits skip Kokkos' test of the block shape).
  template <class Team>
  KOKKOS_FORCEINLINE_FUNCTION static void team_barrier(const Team& team) {
    team.team_barrier();
  }
  // The pointer as a value the compiler cannot see through (identity here;
  // see the CUDA traits).
  template <class T>
  KOKKOS_FORCEINLINE_FUNCTION static T* opaque_base(T* p) {
    return p;
  }
  KOKKOS_FORCEINLINE_FUNCTION static int opaque_value(int v) { return v; }
  KOKKOS_FORCEINLINE_FUNCTION static int fresh_value(int v) { return v; }
  template <class Scalar>
  KOKKOS_FORCEINLINE_FUNCTION static Scalar load_if(bool pred, const Scalar* p, Scalar old) {
    return pred ? *p : old;
  }
  KOKKOS_FORCEINLINE_FUNCTION static void async_wait_copies() {}
  // Portable default: nothing ended (a host thread runs many league ranks).
  template <class Team>
  KOKKOS_FORCEINLINE_FUNCTION static void end_team_thread(const Team&) {}
  // Portable default: no lanes of their own (a team of vector length 1).
  static constexpr int max_team_lanes = 1;
  template <class Team>
  KOKKOS_FORCEINLINE_FUNCTION static int team_lane(const Team&) {
    return 0;
  }
  template <class Team>
  KOKKOS_FORCEINLINE_FUNCTION static int team_lanes(const Team&) {
    return 1;
  }
};

// FP32 peak: 2 (FMA) x FP32 lanes x compute units x clock.
struct DevicePeak {
  double fp32_gflops = 0;  // 0: unknown
  std::string basis;       // how it was computed, or why it is unknown
};

template <class Exec, class Enable = void>
struct ExecTraits : SynchronousCopyTraits {
  static constexpr bool is_gpu = false;
  static constexpr int columns_per_thread = 1024;
  static constexpr int vector_width = 4;
  static constexpr bool async_copy_is_native = false;
  static constexpr bool streaming_store_is_native = false;

  static int team_size(int /*columns*/) { return 1; }
  static int max_team_columns() { return columns_per_thread; }

  // Host scratch level 0 is capped at 32 KiB by Kokkos; level 1 is the same
  // memory without that cap.
  static constexpr int scratch_level = 1;

  template <class Scalar>
  KOKKOS_FORCEINLINE_FUNCTION static void store_streaming(Scalar* p, Scalar v) {
    *p = v;
  }

  // Nothing to set on the host.
  template <class Policy, class Functor>
  static void prepare_team_launch(const Policy&) {}
  static std::size_t team_reduce_space_bytes(int) { return 0; }

  static bool has_cluster_launch() { return false; }
  static std::string cluster_unavailable_reason() {
    return "thread block clusters need CUDA compute capability >= 9.0";
  }

  static std::string device_name() {
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line)) {
      if (line.rfind("model name", 0) == 0) {
        const auto colon = line.find(':');
        if (colon != std::string::npos) return line.substr(colon + 2);
      }
    }
    return "host CPU";
  }

  // Vector width and FMA ports per core are not exposed portably on CPUs.
  static DevicePeak fp32_peak() { return {0, "not derived on CPUs"}; }

  static std::size_t device_memory_bytes() {
    const long pages = sysconf(_SC_AVPHYS_PAGES);
    const long page_size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page_size <= 0) return std::size_t(-1);
    return std::size_t(pages) * std::size_t(page_size);
  }
};

// What CUDA and HIP share: a team is a thread block with one thread per tile
// column, tiles are staged in shared memory (scratch level 0).
struct GpuExecTraitsBase {
  static constexpr bool is_gpu = true;
  static constexpr int columns_per_thread = 1;
  static constexpr int scratch_level = 0;
  static int team_size(int columns) { return columns; }
  static int max_team_columns() { return 1024; }
  // The driver's launch settings (HIP); CUDA sets the L1/shared split.
  template <class Policy, class Functor>
  static void prepare_team_launch(const Policy&) {}
  // None known (HIP); CUDA: Kokkos' team-reduce space.
  static std::size_t team_reduce_space_bytes(int) { return 0; }
};

}  // namespace seis

#include "seis/policies/traits/cuda/exec_traits_cuda.hpp"
#include "seis/policies/traits/hip/exec_traits_hip.hpp"
