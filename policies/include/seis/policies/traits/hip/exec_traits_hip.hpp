#pragma once
// HIP execution-space traits: nontemporal stores, one thread per tile column.
// HIP has no cp.async; the async copy is the portable cooperative copy.

#if defined(KOKKOS_ENABLE_HIP)

#include <hip/hip_runtime.h>

#include <string>

namespace seis {

template <>
struct ExecTraits<Kokkos::HIP, void> {
  static constexpr bool is_gpu = true;
  static constexpr int columns_per_thread = 1;
  static constexpr int vector_width = 4;
  static constexpr bool async_copy_is_native = false;
  static constexpr bool streaming_store_is_native = true;
  static constexpr int scratch_level = 0;

  static int team_size(int columns) { return columns; }
  static int max_team_columns() { return 1024; }

  template <class Scalar>
  KOKKOS_FORCEINLINE_FUNCTION static void store_streaming(Scalar* p, Scalar v) {
    KOKKOS_IF_ON_DEVICE((__builtin_nontemporal_store(v, p);))
    KOKKOS_IF_ON_HOST((*p = v;))
  }

  template <class Scalar>
  KOKKOS_FORCEINLINE_FUNCTION static void async_copy(Scalar* dst_scratch, const Scalar* src,
                                                     int n) {
    for (int i = 0; i < n; ++i) dst_scratch[i] = src[i];
  }
  KOKKOS_FORCEINLINE_FUNCTION static void async_commit() {}
  template <class Team>
  KOKKOS_FORCEINLINE_FUNCTION static void async_wait(const Team& team) {
    team.team_barrier();
  }
  template <class Team>
  KOKKOS_FORCEINLINE_FUNCTION static void async_wait_all_but_last(const Team& team) {
    team.team_barrier();
  }

  static bool has_cluster_launch() { return false; }
  static std::string cluster_unavailable_reason() {
    return "thread block clusters are a CUDA sm_90+ feature; HIP has none";
  }

  static std::string device_name() {
    int device = 0;
    hipDeviceProp_t prop{};
    if (hipGetDevice(&device) != hipSuccess || hipGetDeviceProperties(&prop, device) != hipSuccess)
      return "HIP device";
    return prop.name;
  }

  static std::size_t device_memory_bytes() {
    std::size_t free_bytes = 0, total_bytes = 0;
    if (hipMemGetInfo(&free_bytes, &total_bytes) != hipSuccess) return 0;
    return free_bytes;
  }
};

}  // namespace seis

#endif
