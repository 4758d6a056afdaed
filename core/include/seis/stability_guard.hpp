#pragma once
// Instability guard: a cheap reduction over the wavefields every few steps.
// A scheme that has gone unstable (time step above the limit, extreme model
// values, delta > epsilon in TTI) grows exponentially into inf and NaN; the
// run stops with the step and the likely causes instead of writing garbage.

#include "seis/compat/kokkos_compat.hpp"
#include "seis/wave_state.hpp"

#include <Kokkos_Core.hpp>

#include <cstdio>
#include <limits>
#include <stdexcept>
#include <string>

namespace seis {

// Steps between checks: about 1 % of a step's memory traffic per step.
constexpr int stability_check_every = 50;

// Whether a run that went from step `from` to step `to` (one step in-core,
// a sweep out-of-core) checks now: it crossed a multiple of the cadence, or
// it is the run's last step.
inline bool stability_check_due(int from, int to, bool last) {
  return to / stability_check_every != from / stability_check_every || last;
}

// |x|, or `big` when x is inf or NaN (which fail a <= big).
template <class Scalar>
KOKKOS_INLINE_FUNCTION Scalar abs_or_big(Scalar x, Scalar big) {
  const Scalar a = x < 0 ? -x : x;
  return a <= big ? a : big;
}

// Largest |value| of p[0, n) into *out, a device scalar (not waited for):
// out-of-core runs reduce each chunk's planes on the device while it is
// there.
template <class Scalar>
void max_abs_into(const Scalar* p, index_t n, Scalar* out) {
  const Scalar big = std::numeric_limits<Scalar>::max();
  Kokkos::parallel_reduce(
      "seis::stability_guard", Kokkos::RangePolicy<DefaultExec, LightWeightLaunch>(0, n),
      KOKKOS_LAMBDA(index_t i, Scalar & acc) {
        const Scalar b = abs_or_big(p[i], big);
        if (b > acc) acc = b;
      },
      Kokkos::Max<Scalar, DefaultMem>(Kokkos::View<Scalar, DefaultMem, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(out)));
}

// Largest |value| over every field of both time levels; the scalar type's
// max() where any value is inf or NaN.
template <class Physics, class MemSpace>
double wavefield_max_abs(const WaveState<Physics, MemSpace>& state) {
  using Scalar = typename Physics::scalar_type;
  using Exec = typename MemSpace::execution_space;
  const Scalar big = std::numeric_limits<Scalar>::max();
  Scalar worst = 0;
  for (int f = 0; f < Physics::num_fields; ++f)
    for (const auto* field : {&state.current(f), &state.previous(f)}) {
      const auto v = field->flat();
      Scalar m = 0;
      Kokkos::parallel_reduce(
          "seis::stability_guard", Kokkos::RangePolicy<Exec>(0, v.extent(0)),
          KOKKOS_LAMBDA(std::size_t i, Scalar & acc) {
            const Scalar b = abs_or_big(v(i), big);
            if (b > acc) acc = b;
          },
          Kokkos::Max<Scalar>(m));
      if (m > worst) worst = m;
    }
  return double(worst);
}

// Above this the run is treated as exploding (well before float overflow).
constexpr double wavefield_limit = 1e30;

// Throws std::runtime_error naming the step and the likely causes when m,
// the largest |value| of the wavefields after `step` steps, is too large.
template <class Physics>
void check_wavefield_max(double m, int step) {
  if (m <= wavefield_limit) return;
  char value[64];
  std::snprintf(value, sizeof value, "%.3g", m);
  const bool finite = m < double(std::numeric_limits<typename Physics::scalar_type>::max());
  throw std::runtime_error(std::string("the wavefield ") +
                           (finite ? "exploded (max |value| " + std::string(value) + ")" : "holds inf or NaN") +
                           " by step " + std::to_string(step) + " (checked every " +
                           std::to_string(stability_check_every) + " steps); likely causes: " +
                           Physics::instability_hint() + "; no results were written");
}

template <class Physics, class MemSpace>
void check_wavefield(const WaveState<Physics, MemSpace>& state, int step) {
  check_wavefield_max<Physics>(wavefield_max_abs(state), step);
}

}  // namespace seis
