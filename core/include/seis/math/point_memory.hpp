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

#include "seis/math/coefficient_inputs.hpp"
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

// The same, with the model values the physics' coeffs() reads (its
// coefficient inputs, seis/math/coefficient_inputs.hpp; TTI: n_x, n_y)
// copied asynchronously into the team's scratch one plane early (Copies:
// the backend's async_copy_vector<1>, cp.async on CUDA; its store_streaming
// for the stores) and read from there by coeffs(): no registers wait on
// those loads (issue 10, TTI: long-scoreboard stalls at the first use of
// n_x, n_y). The previous level and the other model values still load
// into registers at the top of the plane (the update reads them last). A
// column's inputs of two consecutive planes lie side by side, `stride`
// floats a column (odd: the columns of a warp hit distinct banks). Only
// the inputs: a Kokkos CUDA team has 40936 B of scratch, TTI 32x8 uses
// 33280 B without them, the whole model of two planes would take 11264 B.
template <class Physics, class Copies, bool Streaming>
struct ScratchPointOf {
  using scalar_type = typename Physics::scalar_type;
  using Inputs = typename CoefficientModels<Physics>::type;
  static constexpr int count = Inputs::size;     // floats a plane
  static constexpr int stride = 2 * count + 1;  // floats a column
  scalar_type* out[Physics::num_fields] = {};   // where the new values go
  scalar_type prev_[Physics::num_fields] = {};
  scalar_type model_[Physics::num_model] = {};  // those not copied
  const scalar_type* from = nullptr;            // the plane's inputs in scratch

  // Starts the copies of the inputs at index i (pointers d) into `to`.
  template <class Step, class Index>
  SEIS_FORCEINLINE static void copy(scalar_type* to, const Step& d, Index i) {
    for (int m = 0; m < Physics::num_model; ++m) {
      const int k = model_list_slot(Inputs{}, m);
      if (k >= 0) Copies::template async_copy_vector<1>(to + k, d.model[m] + i);
    }
  }
  // The point at index i (its previous level and other model values load
  // now), its inputs copied (and landed) at `copied`.
  template <class Step, class Index>
  SEIS_FORCEINLINE void aim(const Step& d, Index i, const scalar_type* copied) {
    for (int f = 0; f < Physics::num_fields; ++f) {
      out[f] = d.next[f] + i;
      prev_[f] = *out[f];
    }
    for (int m = 0; m < Physics::num_model; ++m)
      if (model_list_slot(Inputs{}, m) < 0) model_[m] = d.model[m][i];
    from = copied;
  }
  SEIS_FORCEINLINE scalar_type prev(int f) const { return prev_[f]; }
  SEIS_FORCEINLINE scalar_type model(int m) const {
    const int k = model_list_slot(Inputs{}, m);
    return k >= 0 ? from[k] : model_[m];
  }
  SEIS_FORCEINLINE void store(int f, scalar_type v) const {
    if constexpr (Streaming)
      Copies::store_streaming(out[f], v);
    else
      *out[f] = v;
  }
};

}  // namespace seis
