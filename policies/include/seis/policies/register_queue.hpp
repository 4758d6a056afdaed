#pragma once
// Per-column register queues along z (values, partial sums, coefficients).
// Indices are compile-time constants so that GPU compilers keep the queues in
// registers; `queue_slot` maps a z-offset to its entry for the shifting
// layout (entries move after every plane) and the fixed layout (the loop is
// unrolled by the queue length and the roles rotate instead, AN5D-style).

#include "seis/physics/plane_terms.hpp"

namespace seis {

// N values kept side by side (one per x point of a thread), assignable as a
// whole so that queues of them can shift.
template <class T, int N>
struct Lanes {
  T v[N];
  KOKKOS_FORCEINLINE_FUNCTION T& operator[](int i) { return v[i]; }
  KOKKOS_FORCEINLINE_FUNCTION const T& operator[](int i) const { return v[i]; }
};

// q[i] = q[i + Shift] for i in [0, N - Shift).
template <int Shift, int N, class T>
KOKKOS_FORCEINLINE_FUNCTION void shift_queue(T* q) {
  static_for<0, N - Shift>([&](auto i) { q[i] = q[i + Shift]; });
}

// Entry of a queue of length N that holds the value `offset` planes after the
// queue's base plane at rotation step U (always 0 for shifting queues).
template <bool Rotating, int N, int U, int Offset>
KOKKOS_FORCEINLINE_FUNCTION constexpr int queue_slot() {
  static_assert(Offset >= 0 && Offset < N, "offset outside the queue");
  return Rotating ? (U + Offset) % N : Offset;
}

}  // namespace seis
