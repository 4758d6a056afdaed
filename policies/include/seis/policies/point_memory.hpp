#pragma once
// The memory side of one updated point, as the physics' update sees it:
// previous time level, model parameters, and the store of the new value.

#include "seis/policies/traits/exec_traits.hpp"
#include "seis/wave_state.hpp"
#include "seis/math/point_memory.hpp"

namespace seis {

// The memory side of one point (seis/math/point_memory.hpp, shared with
// the native twins), its streaming stores made by the execution space.
template <class Physics, class Exec, bool Streaming>
using PointMemory = PointMemoryOf<Physics, StepData<Physics>, index_t, ExecTraits<Exec>, Streaming>;
template <class Physics, class Exec, bool Streaming>
using PreloadedPoint = PreloadedPointOf<Physics, ExecTraits<Exec>, Streaming>;

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
