#pragma once
// Compile-time integers and loops, usable in device code, Kokkos or not.

#include "seis/math/host_device.hpp"

#include <utility>  // std::integer_sequence

namespace seis {

// A compile-time int. Not std::integral_constant: its conversion operator is a
// host-only constexpr function, which nvcc warns about (or rejects) in device
// code unless --expt-relaxed-constexpr is given.
template <int V>
struct int_c {
  static constexpr int value = V;
  SEIS_INLINE constexpr operator int() const { return V; }
};

namespace detail {
template <int Begin, class F, int... Is>
SEIS_FORCEINLINE void static_for_impl(const F& f, std::integer_sequence<int, Is...>) {
  (f(int_c<Begin + Is>{}), ...);
}
}  // namespace detail

// Calls f(int_c<I>{}) for I = Begin .. End-1, unrolled at compile time, so
// that register arrays are indexed by constants and stay in registers.
// f is taken by const reference (a lambda's call operator is const): with a
// forwarding reference nvcc 13 (sm_90) scheduled the native twins' kernels
// differently, 5 to 25 more instructions in the semi-stencil ones.
template <int Begin, int End, class F>
SEIS_FORCEINLINE void static_for(const F& f) {
  static_assert(End >= Begin, "empty or reversed range");
  detail::static_for_impl<Begin>(f, std::make_integer_sequence<int, End - Begin>{});
}

}  // namespace seis
