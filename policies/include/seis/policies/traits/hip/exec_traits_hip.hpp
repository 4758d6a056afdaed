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

  // 64 FP32 lanes per compute unit; CDNA2/3 (gfx90a, gfx94x) issue packed
  // FP32, twice that.
  static DevicePeak fp32_peak() {
    int device = 0;
    hipDeviceProp_t prop{};
    if (hipGetDevice(&device) != hipSuccess || hipGetDeviceProperties(&prop, device) != hipSuccess)
      return {0, "HIP device properties unavailable"};
    const std::string arch = prop.gcnArchName;
    const int lanes = arch.rfind("gfx90a", 0) == 0 || arch.rfind("gfx94", 0) == 0 ? 128 : 64;
    return {2.0 * lanes * prop.multiProcessorCount * (prop.clockRate * 1e3) / 1e9,
            "2 x " + std::to_string(lanes) + " FP32 lanes x " + std::to_string(prop.multiProcessorCount) + " CUs x " +
                std::to_string(prop.clockRate / 1000) + " MHz (" + arch + ")"};
  }

  static std::size_t device_memory_bytes() {
    std::size_t free_bytes = 0, total_bytes = 0;
    if (hipMemGetInfo(&free_bytes, &total_bytes) != hipSuccess) return 0;
    return free_bytes;
  }
};

}  // namespace seis

#endif
