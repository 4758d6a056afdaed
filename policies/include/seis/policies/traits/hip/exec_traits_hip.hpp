#pragma once
// HIP execution-space traits: nontemporal stores, one thread per tile column.
// HIP has no cp.async; the async copy is the portable cooperative copy.

#if defined(KOKKOS_ENABLE_HIP)

#include <hip/hip_runtime.h>

#include <string>

namespace seis {

template <>
struct ExecTraits<Kokkos::HIP, void> : GpuExecTraitsBase, SynchronousCopyTraits {
  static constexpr int vector_width = 4;
  static constexpr bool async_copy_is_native = false;
  static constexpr bool streaming_store_is_native = true;

  template <class Scalar>
  KOKKOS_FORCEINLINE_FUNCTION static void store_streaming(Scalar* p, Scalar v) {
    KOKKOS_IF_ON_DEVICE((__builtin_nontemporal_store(v, p);))
    KOKKOS_IF_ON_HOST((*p = v;))
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
