#pragma once
// Per-column register queues along z (values, partial sums, coefficients)
// and rings of staged planes, for the Kokkos strategies and the native twins
// alike. Indices are compile-time constants so that GPU compilers keep the
// queues in registers; `queue_slot` maps a z-offset to its entry for the
// shifting layout (entries move after every plane) and the fixed layout (the
// loop is unrolled by the queue length and the roles rotate instead,
// AN5D-style).

#include "seis/math/host_device.hpp"
#include "seis/math/static_for.hpp"

namespace seis {

// N values kept side by side (one per x point of a thread), assignable as a
// whole so that queues of them can shift.
template <class T, int N>
struct Lanes {
  T v[N];
  SEIS_FORCEINLINE T& operator[](int i) { return v[i]; }
  SEIS_FORCEINLINE const T& operator[](int i) const { return v[i]; }
};

// VEC consecutive values of one field, aligned so that a copy of it is one
// vector load or store.
template <class Scalar, int VEC>
struct alignas(VEC * sizeof(Scalar)) VectorOf {
  Scalar v[VEC];
};

// q[i] = q[i + Shift] for i in [0, N - Shift).
template <int Shift, int N, class T>
SEIS_FORCEINLINE void shift_queue(T* q) {
  static_for<0, N - Shift>([&](auto i) { q[i] = q[i + Shift]; });
}

// Entry of a queue of length N that holds the value `Offset` planes after the
// queue's base plane at rotation step U (always 0 for shifting queues).
template <bool Rotating, int N, int U, int Offset>
SEIS_FORCEINLINE constexpr int queue_slot() {
  static_assert(Offset >= 0 && Offset < N, "offset outside the queue");
  return Rotating ? (U + Offset) % N : Offset;
}

// Runs step(k, u) for the planes k = 0 .. n-1 of a streaming loop. Rotating
// (fixed) queues: unrolled by the queue length Q, so that the rotation step
// u = k mod Q, which picks every queue entry, is a compile-time int_c;
// shifting queues: u = int_c<0> (their entries move instead). ConstRefBody:
// unroll with static_for_cref, the form a caller's kernel was measured
// fastest with (static_for.hpp).
template <bool Rotating, int Q, bool ConstRefBody = false, class Step>
SEIS_FORCEINLINE void for_each_streamed_plane(int n, Step&& step) {
  if constexpr (Rotating) {
    for (int k0 = 0; k0 < n; k0 += Q) {
      auto rotation = [&](auto u) {
        if (k0 + u < n) step(k0 + u, u);
      };
      if constexpr (ConstRefBody)
        static_for_cref<0, Q>(rotation);
      else
        static_for<0, Q>(decltype(rotation)(rotation));  // a temporary, as ever: same SASS
    }
  } else {
    for (int k = 0; k < n; ++k) step(k, int_c<0>{});
  }
}

// The fewest planes, at least `least`, whose count divides Q: a ring of
// them in a z loop unrolled by Q (for_each_streamed_plane) has the slot of
// plane z + D at rotation step u as the compile-time (u + D) mod P, no index
// to advance and wrap each plane (issue 10: st_reg_feat's ring of 4 planes
// in a loop unrolled by 10 computed its slots and plane addresses at run
// time, per plane).
constexpr int ring_planes_dividing(int least, int Q) {
  int p = least;
  while (Q % p != 0) ++p;
  return p;
}
template <int P, int U, int D>
SEIS_FORCEINLINE constexpr int rotating_ring_slot() {
  static_assert(D >= 0, "planes at or after the reference plane");
  return (U + D) % P;
}

// Position in a ring of P staged planes, advanced once per plane, so that
// the slot of plane z + D is a compile-time offset and a conditional wrap
// instead of a modulo per access.
template <int P>
struct RingIndex {
  int base = 0;  // slot of the reference plane
  SEIS_FORCEINLINE explicit RingIndex(int start) : base(start % P) {}
  template <int D>
  SEIS_FORCEINLINE int slot(int_c<D>) const {
    static_assert(D > -P && D < P, "offset beyond the ring");
    int s = base + D;
    if constexpr (D > 0) s -= s >= P ? P : 0;
    if constexpr (D < 0) s += s < 0 ? P : 0;
    return s;
  }
  SEIS_FORCEINLINE void advance(int by = 1) {
    base += by;
    base -= base >= P ? P : 0;
  }
};

}  // namespace seis
