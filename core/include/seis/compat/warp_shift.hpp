#pragma once
// warp_shift<Delta>(v, width): v of the thread Delta lanes on (Delta < 0:
// back) within its segment of `width` lanes of the warp (a power of two up
// to warp_shift_lanes; a lane whose source lies beyond its segment gets its
// own v back). Every lane of the warp must call it together, converged.
// warp_shift_lanes is 0 where the backend has no such exchange (host
// backends, and HIP, whose wavefronts this was not measured on): callers
// then exchange through team scratch. For the x-slabs' CPML kernel
// (XColumns, seis/pml.hpp), whose x-rows of psi_x fit a warp: it lives here
// rather than in the policies' execution-space traits because the CPML is
// part of seis_core, which the policies build on (as l2_prefetch.hpp).

#include <Kokkos_Core.hpp>

namespace seis {

#if defined(KOKKOS_ENABLE_CUDA)
inline constexpr int warp_shift_lanes = 32;
#else
inline constexpr int warp_shift_lanes = 0;
#endif

template <int Delta, class T>
KOKKOS_FORCEINLINE_FUNCTION T warp_shift(T v, int width) {
  static_assert(Delta != 0, "a shift moves values between lanes");
#if defined(KOKKOS_ENABLE_CUDA)
  KOKKOS_IF_ON_DEVICE((if constexpr (Delta > 0) return __shfl_down_sync(0xffffffffu, v, Delta, width);
                       else return __shfl_up_sync(0xffffffffu, v, -Delta, width);))
  KOKKOS_IF_ON_HOST(((void)width; return v;))
#else
  (void)width;
  return v;
#endif
}

}  // namespace seis
