#pragma once
// The few differences between Kokkos 3.4 (Debian's Trilinos build, used by CI)
// and Kokkos 4.x (GPU builds) live here and nowhere else.

#include <Kokkos_Core.hpp>

#include <cmath>
#include <string>
#include <type_traits>

#if !defined(KOKKOS_VERSION) || KOKKOS_VERSION < 30400
#error "seiskokkos needs Kokkos 3.4 or newer"
#endif

#if KOKKOS_VERSION >= 40000
#define SEIS_KOKKOS4 1
#include <Kokkos_Profiling_ScopedRegion.hpp>
#else
#define SEIS_KOKKOS4 0
#endif

namespace seis {

#if SEIS_KOKKOS4
using ScopedRegion = Kokkos::Profiling::ScopedRegion;
#else
// Kokkos 3.4 has push/popRegion but no RAII wrapper.
class ScopedRegion {
 public:
  explicit ScopedRegion(const std::string& name) { Kokkos::Profiling::pushRegion(name); }
  ~ScopedRegion() { Kokkos::Profiling::popRegion(); }
  ScopedRegion(const ScopedRegion&) = delete;
  ScopedRegion& operator=(const ScopedRegion&) = delete;
};
#endif

// Math usable on host and device with either Kokkos version.
template <class T>
KOKKOS_INLINE_FUNCTION T sqrt_any(T x) {
#if SEIS_KOKKOS4
  return Kokkos::sqrt(x);
#else
  return Kokkos::Experimental::sqrt(x);
#endif
}

template <class T>
KOKKOS_INLINE_FUNCTION T sin_any(T x) {
#if SEIS_KOKKOS4
  return Kokkos::sin(x);
#else
  return Kokkos::Experimental::sin(x);
#endif
}

template <class T>
KOKKOS_INLINE_FUNCTION T cos_any(T x) {
#if SEIS_KOKKOS4
  return Kokkos::cos(x);
#else
  return Kokkos::Experimental::cos(x);
#endif
}

template <class T>
KOKKOS_INLINE_FUNCTION T exp_any(T x) {
#if SEIS_KOKKOS4
  return Kokkos::exp(x);
#else
  return Kokkos::Experimental::exp(x);
#endif
}

template <class T>
KOKKOS_INLINE_FUNCTION T abs_any(T x) {
  return x < T(0) ? -x : x;
}

inline void fence(const char* label) {
#if SEIS_KOKKOS4
  Kokkos::fence(label);
#else
  (void)label;
  Kokkos::fence();
#endif
}

// Host memory the device copies to and from at full speed (pinned on GPU
// backends; plain host memory with Kokkos 3.4, which CI builds for Serial).
#if SEIS_KOKKOS4
using PinnedHostSpace = Kokkos::SharedHostPinnedSpace;
#else
using PinnedHostSpace = Kokkos::HostSpace;
#endif

// The launch property of the stencil kernels (all but smem_3d's, below) and
// the boundary kernels: their functors (a few hundred bytes to a few KB)
// travel as kernel arguments. Without it Kokkos' CUDA backend copies a
// functor of 512 B or more into constant memory, which makes the host wait
// for the previous such kernel before each launch (no queueing ahead) and
// puts a small host-to-device copy on the copy engine, where it queues behind
// an out-of-core run's bulk copies.
using LightWeightLaunch = Kokkos::Experimental::WorkItemProperty::HintLightWeight_t;

// That constant-memory launch, for a body whose kernel runs faster with it
// despite the above (Body::launch_property, tiled_strategy.hpp): nvcc
// allocates registers differently for a functor in constant memory than for
// one passed as kernel argument, and a kernel without launch bounds can lose
// occupancy to the latter (smem_3d TTI: 63 instead of 48 registers, 4 instead
// of 5 teams of 256 per SM, 28 % slower on the H200).
using HeavyWeightLaunch = Kokkos::Experimental::WorkItemProperty::HintHeavyWeight_t;

// A second instance of an execution space (its own stream on GPUs), so that
// halo packing and copies run beside the stencil kernels; Kokkos 3.4 has no
// partition_space, and its host backends run everything in order anyway.
template <class Exec>
Exec side_instance(const Exec& exec) {
#if SEIS_KOKKOS4
  return Kokkos::Experimental::partition_space(exec, 1)[0];
#else
  return exec;
#endif
}

// A second instance whose kernels the device starts ahead of the other
// instances' whenever both have blocks waiting for a multiprocessor: on CUDA
// a stream of the greatest priority, elsewhere side_instance. Work that
// should finish early on a busy device (the CPML's chain of short kernels
// beside the long inner-region kernel) goes there.
template <class Exec>
Exec priority_instance(const Exec& exec) {
#if defined(KOKKOS_ENABLE_CUDA) && KOKKOS_VERSION >= 40200
  if constexpr (std::is_same_v<Exec, Kokkos::Cuda>) {
    int least = 0, greatest = 0;
    cudaStream_t stream = nullptr;
    if (cudaDeviceGetStreamPriorityRange(&least, &greatest) == cudaSuccess &&
        cudaStreamCreateWithPriority(&stream, cudaStreamDefault, greatest) == cudaSuccess)
      return Kokkos::Cuda(stream, Kokkos::Impl::ManageStream::yes);  // the instance destroys the stream
  }
#endif
  return side_instance(exec);
}

inline void fence(const char* label, const Kokkos::DefaultExecutionSpace& exec) {
#if SEIS_KOKKOS4
  exec.fence(label);
#else
  (void)label;
  exec.fence();
#endif
}

// The device this process runs on (-1 where Kokkos cannot say: before 4.1).
inline int kokkos_device_id() {
#if KOKKOS_VERSION >= 40100
  return Kokkos::device_id();
#else
  return -1;
#endif
}

inline std::string kokkos_version_string() {
  const int v = KOKKOS_VERSION;
  return std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." +
         std::to_string(v % 100);
}

}  // namespace seis
