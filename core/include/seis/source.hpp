#pragma once
// Ricker point source (physics.md §5), injected into the physics' pressure
// field after the update: p(t+1)[xs] += V[xs] * amplitude * s(t_n) / (hx hy hz).

#include "seis/wave_state.hpp"

#include <Kokkos_Core.hpp>

#include <cmath>

namespace seis {

struct Ricker {
  double f0 = 10, t0 = 0.15, amplitude = 1;
  double operator()(double t) const {
    const double a = M_PI * M_PI * f0 * f0 * (t - t0) * (t - t0);
    return amplitude * (1 - 2 * a) * std::exp(-a);
  }
};

template <class Physics>
void inject_point_source(const StepData<Physics>& d, index_t idx, double value) {
  using Scalar = typename Physics::scalar_type;
  const Scalar scaled = Scalar(value / (d.grid.hx() * d.grid.hy() * d.grid.hz()));
  Scalar* next = d.next[Physics::pressure_field];
  const Scalar* V = d.model[Physics::velocity_model];
  Kokkos::parallel_for(
      "seis::inject_source", Kokkos::RangePolicy<DefaultExec>(0, 1),
      KOKKOS_LAMBDA(int) { next[idx] += V[idx] * scaled; });
}

}  // namespace seis
