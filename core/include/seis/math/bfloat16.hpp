#pragma once
// bfloat16 (a float's sign, exponent and top 7 mantissa bits) in portable
// integer arithmetic, the same on every backend and on the host: the CPML
// keeps its memory variables in half the bytes by default (seis/pml.hpp,
// seis/cpml_memory.hpp), and the tests can round their reference alike.

#include "seis/math/host_device.hpp"

#include <cstdint>
#include <cstring>

namespace seis {

SEIS_FORCEINLINE float bfloat16_to_float(std::uint16_t h) {
  const std::uint32_t u = std::uint32_t(h) << 16;
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

// Rounded to nearest, ties to even (finite values; the memory variables are).
SEIS_FORCEINLINE std::uint16_t float_to_bfloat16(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  u += 0x7fffu + ((u >> 16) & 1u);
  return std::uint16_t(u >> 16);
}

SEIS_FORCEINLINE float round_to_bfloat16(float f) { return bfloat16_to_float(float_to_bfloat16(f)); }

}  // namespace seis
