#pragma once
// Compile-time integers and loops, usable in device code, Kokkos or not.

#include "seis/math/host_device.hpp"

#include <utility>

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
SEIS_FORCEINLINE void static_for_impl(F&& f, std::integer_sequence<int, Is...>) {
  (f(int_c<Begin + Is>{}), ...);
}
}  // namespace detail

// Calls f(int_c<I>{}) for I = Begin .. End-1, unrolled at compile time, so
// that register arrays are indexed by constants and stay in registers.
template <int Begin, int End, class F>
SEIS_FORCEINLINE void static_for(F&& f) {
  static_assert(End >= Begin, "empty or reversed range");
  detail::static_for_impl<Begin>(std::forward<F>(f), std::make_integer_sequence<int, End - Begin>{});
}

}  // namespace seis
