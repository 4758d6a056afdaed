#pragma once
// A streaming kernel's global pointers at one grid index of the plane being
// updated (a point's previous level and model load through them with
// PreloadedPoint, seis/policies/point_memory.hpp). Each pointer is opaque to
// the optimiser (ExecTraits::opaque_base), so that a thread's 32-bit offset
// from it costs one add per access instead of 64-bit index arithmetic per
// array and plane.

#include "seis/physics/plane_terms.hpp"
#include "seis/policies/traits/exec_traits.hpp"
#include "seis/wave_state.hpp"

namespace seis {

template <class Physics, class Exec>
struct PlanePointers {
  using scalar_type = typename Physics::scalar_type;
  const scalar_type* cur[Physics::num_fields];
  scalar_type* next[Physics::num_fields];
  const scalar_type* model[Physics::num_model];

  KOKKOS_FORCEINLINE_FUNCTION PlanePointers(const StepData<Physics>& d, index_t at) {
    for (int f = 0; f < Physics::num_fields; ++f) cur[f] = ExecTraits<Exec>::opaque_base(d.cur[f] + at);
    for (int f = 0; f < Physics::num_fields; ++f) next[f] = ExecTraits<Exec>::opaque_base(d.next[f] + at);
    for (int m = 0; m < Physics::num_model; ++m) model[m] = ExecTraits<Exec>::opaque_base(d.model[m] + at);
  }

  KOKKOS_FORCEINLINE_FUNCTION FieldValues<scalar_type, Physics::num_fields> current(int offset) const {
    FieldValues<scalar_type, Physics::num_fields> v;
    for (int f = 0; f < Physics::num_fields; ++f) v[f] = cur[f][offset];
    return v;
  }
};

}  // namespace seis
