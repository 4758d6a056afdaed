#pragma once
// Compile-time integers and loops, usable in device code, Kokkos or not.

#include "seis/math/host_device.hpp"

#include <utility>  // std::integer_sequence, std::forward

namespace seis {

// A compile-time int. Not std::integral_constant: its conversion operator is a
// host-only constexpr function, which nvcc warns about (or rejects) in device
// code unless --expt-relaxed-constexpr is given.
template <int V>
struct int_c {
  static constexpr int value = V;
  SEIS_INLINE constexpr operator int() const { return V; }
};

// How static_for takes its body f. Both forms call the same (const) call
// operator, but nvcc 13 (sm_90) schedules the kernels built on these loops
// differently by the form, so each side keeps the one its kernels were tuned
// and measured with: the Kokkos kernels (Kokkos included first, as
// host_device.hpp tells) a forwarding reference, the native twins a const
// reference. Swapped, st_reg_shift iso had 4 more registers and ran 17 %
// slower on the H200, sliding_window iso spilled 60 more bytes and ran 7 %
// slower, and the native semi-stencil twins had 5 to 25 more instructions
// (perf/results/sass-2026-11-24/). The two forms have different signatures,
// so a program with both sides holds two templates, not two definitions of one.
// Spelled as the Kokkos side had it (std::forward, the inner type deduced):
// static_cast<F&&> with F given gave the const-reference SASS again.
#if defined(KOKKOS_FORCEINLINE_FUNCTION)
#define SEIS_STATIC_FOR_BODY(F) F&&
#define SEIS_STATIC_FOR_PASS(F, f) std::forward<F>(f)
#else
#define SEIS_STATIC_FOR_BODY(F) const F&
#define SEIS_STATIC_FOR_PASS(F, f) f
#endif

namespace detail {
template <int Begin, class F, int... Is>
SEIS_FORCEINLINE void static_for_impl(SEIS_STATIC_FOR_BODY(F) f, std::integer_sequence<int, Is...>) {
  (f(int_c<Begin + Is>{}), ...);
}
template <int Begin, class F, int... Is>
SEIS_FORCEINLINE void static_for_cref_impl(const F& f, std::integer_sequence<int, Is...>) {
  (f(int_c<Begin + Is>{}), ...);
}
}  // namespace detail

// Calls f(int_c<I>{}) for I = Begin .. End-1, unrolled at compile time, so
// that register arrays are indexed by constants and stay in registers.
template <int Begin, int End, class F>
SEIS_FORCEINLINE void static_for(SEIS_STATIC_FOR_BODY(F) f) {
  static_assert(End >= Begin, "empty or reversed range");
  detail::static_for_impl<Begin>(SEIS_STATIC_FOR_PASS(F, f), std::make_integer_sequence<int, End - Begin>{});
}

// static_for with its body by const reference on both sides, for a Kokkos
// body that nvcc 13 schedules better in that form: the fixed-register
// streaming body (register_streaming.hpp: its unrolled loops and its plane
// rotation, all four needed), where the forwarding reference cost
// st_reg_fixed iso 6 % on the H200 (7.34 -> 7.80 ms,
// perf/results/h200-2026-11-24/parity-stage2/bisect); st_reg_shift, which
// shares that body, keeps the forwarding form.
template <int Begin, int End, class F>
SEIS_FORCEINLINE void static_for_cref(const F& f) {
  static_assert(End >= Begin, "empty or reversed range");
  detail::static_for_cref_impl<Begin>(f, std::make_integer_sequence<int, End - Begin>{});
}

#undef SEIS_STATIC_FOR_BODY
#undef SEIS_STATIC_FOR_PASS

}  // namespace seis
