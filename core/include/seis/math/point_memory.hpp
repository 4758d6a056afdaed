#pragma once
// The memory side of one updated point, as a physics' update sees it
// (mem.prev(f), mem.model(m), mem.store(f, v)): previous time level, model
// parameters, and the store of the new value, for the Kokkos strategies and
// the native twins alike.
//
//   Physics  scalar_type, num_fields, num_model
//   Step     the pointers of one step: next[f] (previous level in, new level
//            out) and model[m] (Kokkos: StepData; native: StepArgs)
//   Stores   static store_streaming(Scalar*, Scalar): how a streaming store
//            is made (Kokkos: ExecTraits<Exec>; native: the backend); unused
//            when Streaming is false

#include "seis/math/host_device.hpp"

namespace seis {

// Straight from global memory.
template <class Physics, class Step, class Index, class Stores, bool Streaming>
struct PointMemoryOf {
  using scalar_type = typename Physics::scalar_type;
  const Step& data;
  Index idx;

  SEIS_FORCEINLINE scalar_type prev(int f) const { return data.next[f][idx]; }
  SEIS_FORCEINLINE scalar_type model(int m) const { return data.model[m][idx]; }
  SEIS_FORCEINLINE void store(int f, scalar_type v) const {
    if constexpr (Streaming)
      Stores::store_streaming(data.next[f] + idx, v);
    else
      data.next[f][idx] = v;
  }
};

// The same, with the previous time level and the model of the point loaded
// ahead of time into registers (a streaming strategy loads them one plane
// early, so their latency hides behind the current plane's work).
template <class Physics, class Stores, bool Streaming>
struct PreloadedPointOf {
  using scalar_type = typename Physics::scalar_type;
  scalar_type* out[Physics::num_fields] = {};  // where the new values go
  scalar_type prev_[Physics::num_fields] = {};
  scalar_type model_[Physics::num_model] = {};

  template <class Step, class Index>
  SEIS_FORCEINLINE void load(const Step& d, Index i) {
    for (int f = 0; f < Physics::num_fields; ++f) {
      out[f] = d.next[f] + i;
      prev_[f] = *out[f];
    }
    for (int m = 0; m < Physics::num_model; ++m) model_[m] = d.model[m][i];
  }
  SEIS_FORCEINLINE scalar_type prev(int f) const { return prev_[f]; }
  SEIS_FORCEINLINE scalar_type model(int m) const { return model_[m]; }
  SEIS_FORCEINLINE void store(int f, scalar_type v) const {
    if constexpr (Streaming)
      Stores::store_streaming(out[f], v);
    else
      *out[f] = v;
  }
};

}  // namespace seis
