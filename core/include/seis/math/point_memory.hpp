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

// The same, with the previous time level and the model of the point copied
// asynchronously into the team's scratch one plane early (Copies: the
// backend's async_copy_vector<1>, cp.async on CUDA; its store_streaming for
// the stores), read from there when
// the update uses them: no registers wait on those loads (issue 10, TTI:
// long-scoreboard stalls on the loads PreloadedPoint waits for in the same
// plane). A column's values of two consecutive planes lie side by side,
// `stride` floats a column (odd: the columns of a warp hit distinct banks).
template <class Physics, class Copies, bool Streaming>
struct ScratchPointOf {
  using scalar_type = typename Physics::scalar_type;
  static constexpr int count = Physics::num_fields + Physics::num_model;  // floats a plane
  static constexpr int stride = 2 * count + 1;                           // floats a column
  scalar_type* out[Physics::num_fields] = {};  // where the new values go
  const scalar_type* from = nullptr;           // the plane's values in scratch

  // Starts the copies of the point at index i (pointers d) into `to`.
  template <class Step, class Index>
  SEIS_FORCEINLINE static void copy(scalar_type* to, const Step& d, Index i) {
    for (int f = 0; f < Physics::num_fields; ++f) Copies::template async_copy_vector<1>(to + f, d.next[f] + i);
    for (int m = 0; m < Physics::num_model; ++m)
      Copies::template async_copy_vector<1>(to + Physics::num_fields + m, d.model[m] + i);
  }
  // The point at index i, its values copied (and landed) at `copied`.
  template <class Step, class Index>
  SEIS_FORCEINLINE void aim(const Step& d, Index i, const scalar_type* copied) {
    for (int f = 0; f < Physics::num_fields; ++f) out[f] = d.next[f] + i;
    from = copied;
  }
  SEIS_FORCEINLINE scalar_type prev(int f) const { return from[f]; }
  SEIS_FORCEINLINE scalar_type model(int m) const { return from[Physics::num_fields + m]; }
  SEIS_FORCEINLINE void store(int f, scalar_type v) const {
    if constexpr (Streaming)
      Copies::store_streaming(out[f], v);
    else
      *out[f] = v;
  }
};

}  // namespace seis
