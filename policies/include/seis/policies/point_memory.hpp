#pragma once
// The memory side of one updated point, as the physics' update sees it:
// previous time level, model parameters, and the store of the new value.

#include "seis/policies/traits/exec_traits.hpp"
#include "seis/wave_state.hpp"

namespace seis {

template <class Physics, class Exec, bool Streaming>
struct PointMemory {
  using scalar_type = typename Physics::scalar_type;
  const StepData<Physics>& data;
  index_t idx;

  KOKKOS_FORCEINLINE_FUNCTION scalar_type prev(int f) const { return data.next[f][idx]; }
  KOKKOS_FORCEINLINE_FUNCTION scalar_type model(int m) const { return data.model[m][idx]; }
  KOKKOS_FORCEINLINE_FUNCTION void store(int f, scalar_type v) const {
    if constexpr (Streaming)
      ExecTraits<Exec>::store_streaming(data.next[f] + idx, v);
    else
      data.next[f][idx] = v;
  }
};

// The same, with the previous time level and the model of the point loaded
// ahead of time into registers (a streaming strategy loads them one plane
// early, so their latency hides behind the current plane's work).
template <class Physics, class Exec, bool Streaming>
struct PreloadedPoint {
  using scalar_type = typename Physics::scalar_type;
  scalar_type* out[Physics::num_fields] = {};  // where the new values go
  scalar_type prev_[Physics::num_fields] = {};
  scalar_type model_[Physics::num_model] = {};

  KOKKOS_FORCEINLINE_FUNCTION void load(const StepData<Physics>& d, index_t i) {
    for (int f = 0; f < Physics::num_fields; ++f) {
      out[f] = d.next[f] + i;
      prev_[f] = *out[f];
    }
    for (int m = 0; m < Physics::num_model; ++m) model_[m] = d.model[m][i];
  }
  KOKKOS_FORCEINLINE_FUNCTION scalar_type prev(int f) const { return prev_[f]; }
  KOKKOS_FORCEINLINE_FUNCTION scalar_type model(int m) const { return model_[m]; }
  KOKKOS_FORCEINLINE_FUNCTION void store(int f, scalar_type v) const {
    if constexpr (Streaming)
      ExecTraits<Exec>::store_streaming(out[f], v);
    else
      *out[f] = v;
  }
};

// Reads the current values of all fields at linear index idx.
template <class Physics>
KOKKOS_FORCEINLINE_FUNCTION FieldValues<typename Physics::scalar_type, Physics::num_fields>
load_centre(const StepData<Physics>& data, index_t idx) {
  FieldValues<typename Physics::scalar_type, Physics::num_fields> v;
  for (int f = 0; f < Physics::num_fields; ++f) v[f] = data.cur[f][idx];
  return v;
}

// Finishes one point: the physics' coefficients for it, then its update.
template <class Exec, bool Streaming, class Physics>
KOKKOS_FORCEINLINE_FUNCTION void finish_point(
    const StepData<Physics>& data, index_t idx, const typename Physics::accum_type& acc,
    const FieldValues<typename Physics::scalar_type, Physics::num_fields>& centre) {
  const PointMemory<Physics, Exec, Streaming> mem{data, idx};
  data.physics.update(acc, centre, mem);
}

template <class Exec, class Physics>
KOKKOS_FORCEINLINE_FUNCTION typename Physics::point_coeffs point_coeffs(
    const StepData<Physics>& data, index_t idx) {
  const PointMemory<Physics, Exec, false> mem{data, idx};
  return data.physics.coeffs(mem);
}

}  // namespace seis
