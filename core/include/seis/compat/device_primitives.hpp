#pragma once
// The backend primitives of seis_core's own device kernels (the CPML,
// seis/pml.hpp), each with its portable default, in this one header.
// Strategies get theirs from the policies' execution-space traits
// (seis/policies/traits/); the CPML is part of seis_core, which the
// policies and their traits build on, so the few it needs live here,
// beneath them, and nowhere else in the core.
//
//   warp_shift<Delta>(v, width): v of the thread Delta lanes on (Delta < 0:
//     back) within its segment of `width` lanes of the warp (a power of two
//     up to warp_shift_lanes; a lane whose source lies beyond its segment
//     gets its own v back). Every lane of the warp must call it together,
//     converged. warp_shift_lanes is 0 where the backend has no such
//     exchange (host backends, and HIP, whose wavefronts this was not
//     measured on): callers then exchange through team scratch. For the
//     x-slabs' kernel (XColumns), whose x-rows of psi_x fit a warp.
//   prefetch_l2(p): asks the device to bring the cache line holding *p into
//     its L2 cache, with no register and no wait; nothing where the backend
//     has no such hint. For the column walks, whose loads a plane ahead do
//     not cover DRAM's latency: the values a few planes further on are then
//     on chip when those loads ask for them.
//   bfloat16_round(f), bfloat16_round_pair(lo, hi): float_to_bfloat16's bits
//     (rounded to nearest, ties to even; seis/math/bfloat16.hpp), the pair
//     packed lo | hi << 16, by the device's conversion instruction where it
//     has one (CUDA sm_80 on: cvt.rn.bf16(x2).f32, one instruction for the
//     pair against about 5 integer ones a value), by the portable integer
//     arithmetic elsewhere. The bits are the same for every float but NaN
//     (the memory variables are finite; a [pml] test compares them).

#include "seis/math/bfloat16.hpp"

#include <Kokkos_Core.hpp>

#include <cstdint>

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

template <class T>
KOKKOS_FORCEINLINE_FUNCTION void prefetch_l2(const T* p) {
#if defined(KOKKOS_ENABLE_CUDA)
  KOKKOS_IF_ON_DEVICE((asm volatile("prefetch.global.L2 [%0];" ::"l"(p));))
  KOKKOS_IF_ON_HOST(((void)p;))
#else
  (void)p;
#endif
}

KOKKOS_FORCEINLINE_FUNCTION std::uint16_t bfloat16_round(float f) {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  std::uint16_t h;
  asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(f));
  return h;
#else
  return float_to_bfloat16(f);
#endif
}

KOKKOS_FORCEINLINE_FUNCTION std::uint32_t bfloat16_round_pair(float lo, float hi) {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  std::uint32_t d;  // PTX: the first source goes to the upper half
  asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(d) : "f"(hi), "f"(lo));
  return d;
#else
  return std::uint32_t(float_to_bfloat16(lo)) | std::uint32_t(float_to_bfloat16(hi)) << 16;
#endif
}

}  // namespace seis
