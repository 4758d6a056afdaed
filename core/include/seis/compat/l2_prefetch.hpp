#pragma once
// prefetch_l2(p): asks the device to bring the cache line holding *p into its
// L2 cache, with no register and no wait; nothing where the backend has no
// such hint (host backends, HIP). For kernels whose loads a plane ahead do not
// cover DRAM's latency (the CPML's column walks, seis/pml.hpp): the values a
// few planes further on are then on chip when those loads ask for them. It
// lives here rather than in the policies' execution-space traits because the
// CPML is part of seis_core, which the policies build on.

#include <Kokkos_Core.hpp>

namespace seis {

template <class T>
KOKKOS_FORCEINLINE_FUNCTION void prefetch_l2(const T* p) {
#if defined(KOKKOS_ENABLE_CUDA)
  KOKKOS_IF_ON_DEVICE((asm volatile("prefetch.global.L2 [%0];" ::"l"(p));))
  KOKKOS_IF_ON_HOST(((void)p;))
#else
  (void)p;
#endif
}

}  // namespace seis
