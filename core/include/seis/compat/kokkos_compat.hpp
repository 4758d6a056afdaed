#pragma once
// The few differences between Kokkos 3.4 (Debian's Trilinos build, used by CI)
// and Kokkos 4.x (GPU builds) live here and nowhere else.

#include <Kokkos_Core.hpp>

#include <cmath>
#include <string>

#if !defined(KOKKOS_VERSION) || KOKKOS_VERSION < 30400
#error "seiskokkos needs Kokkos 3.4 or newer"
#endif

#if KOKKOS_VERSION >= 40000
#define SEIS_KOKKOS4 1
#include <Kokkos_Profiling_ScopedRegion.hpp>
#else
#define SEIS_KOKKOS4 0
#endif

namespace seis {

#if SEIS_KOKKOS4
using ScopedRegion = Kokkos::Profiling::ScopedRegion;
#else
// Kokkos 3.4 has push/popRegion but no RAII wrapper.
class ScopedRegion {
 public:
  explicit ScopedRegion(const std::string& name) { Kokkos::Profiling::pushRegion(name); }
  ~ScopedRegion() { Kokkos::Profiling::popRegion(); }
  ScopedRegion(const ScopedRegion&) = delete;
  ScopedRegion& operator=(const ScopedRegion&) = delete;
};
#endif

// Math usable on host and device with either Kokkos version.
template <class T>
KOKKOS_INLINE_FUNCTION T sqrt_any(T x) {
#if SEIS_KOKKOS4
  return Kokkos::sqrt(x);
#else
  return Kokkos::Experimental::sqrt(x);
#endif
}

template <class T>
KOKKOS_INLINE_FUNCTION T sin_any(T x) {
#if SEIS_KOKKOS4
  return Kokkos::sin(x);
#else
  return Kokkos::Experimental::sin(x);
#endif
}

template <class T>
KOKKOS_INLINE_FUNCTION T cos_any(T x) {
#if SEIS_KOKKOS4
  return Kokkos::cos(x);
#else
  return Kokkos::Experimental::cos(x);
#endif
}

template <class T>
KOKKOS_INLINE_FUNCTION T exp_any(T x) {
#if SEIS_KOKKOS4
  return Kokkos::exp(x);
#else
  return Kokkos::Experimental::exp(x);
#endif
}

template <class T>
KOKKOS_INLINE_FUNCTION T abs_any(T x) {
  return x < T(0) ? -x : x;
}

inline void fence(const char* label) {
#if SEIS_KOKKOS4
  Kokkos::fence(label);
#else
  (void)label;
  Kokkos::fence();
#endif
}

inline std::string kokkos_version_string() {
  const int v = KOKKOS_VERSION;
  return std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." +
         std::to_string(v % 100);
}

}  // namespace seis
