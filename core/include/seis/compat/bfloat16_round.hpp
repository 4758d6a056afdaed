#pragma once
// bfloat16_round(f), bfloat16_round_pair(lo, hi): float_to_bfloat16's bits
// (rounded to nearest, ties to even; seis/math/bfloat16.hpp), the pair
// packed lo | hi << 16, by the device's conversion instruction where it has
// one (CUDA sm_80 on: cvt.rn.bf16(x2).f32, one instruction for the pair
// against about 5 integer ones a value), by the portable integer arithmetic
// elsewhere. The bits are the same for every float but NaN (the CPML's
// memory variables, seis/pml.hpp, are finite; a [pml] test compares them).
// It lives here rather than in the policies' execution-space traits because
// the CPML is part of seis_core, which the policies build on (as
// l2_prefetch.hpp).

#include "seis/math/bfloat16.hpp"

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace seis {

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
