#pragma once
// A streaming kernel's global pointers at one grid index of the plane being
// updated, and the updated point's previous level and model loaded through
// them. Each pointer is opaque to the optimiser (ExecTraits::opaque_base),
// so that a thread's 32-bit offset from it costs one add per access instead
// of 64-bit index arithmetic per array and plane.

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

// The previous level and model of one point, loaded a while before the
// update needs them (their latency hides behind the neighbour sums); the
// memory side of the physics' update (plane_terms.hpp: mem).
template <class Physics, class Exec>
struct LoadedPoint {
  using scalar_type = typename Physics::scalar_type;
  scalar_type prev_[Physics::num_fields] = {};
  scalar_type model_[Physics::num_model] = {};
  scalar_type* out[Physics::num_fields] = {};  // where the new values go

  KOKKOS_FORCEINLINE_FUNCTION void load(const PlanePointers<Physics, Exec>& plane, int at) {
    for (int f = 0; f < Physics::num_fields; ++f) {
      out[f] = plane.next[f] + at;
      prev_[f] = *out[f];
    }
    for (int m = 0; m < Physics::num_model; ++m) model_[m] = plane.model[m][at];
  }
  KOKKOS_FORCEINLINE_FUNCTION scalar_type prev(int f) const { return prev_[f]; }
  KOKKOS_FORCEINLINE_FUNCTION scalar_type model(int m) const { return model_[m]; }
  KOKKOS_FORCEINLINE_FUNCTION void store(int f, scalar_type v) const {
    ExecTraits<Exec>::store_streaming(out[f], v);
  }
};

}  // namespace seis
