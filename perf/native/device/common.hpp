#pragma once
// Vocabulary of the native device code, shared by the CUDA (.cu) and HIP
// (.hip) builds: the field pointers of one step and the grid/box index math;
// compile-time loops, value bundles and register queues come from the math
// the Kokkos strategies use too (core/include/seis/math/). Only __device__,
// __forceinline__, threadIdx/blockIdx and __syncthreads are used here, which
// nvcc and hipcc both provide; backend specifics live in cuda/ and hip/.

#include "native_kernels.hpp"
#include "seis/math/plane_access.hpp"    // FieldValues
#include "seis/math/register_queue.hpp"  // Lanes, VectorOf, shift_queue, queue_slot, RingIndex
#include "seis/math/static_for.hpp"      // int_c, static_for

#if defined(__HIPCC__)
#include <hip/hip_runtime.h>  // __forceinline__, threadIdx (nvcc provides these itself)
#endif

#define SEIS_NATIVE_DEV __device__ __forceinline__
#define SEIS_NATIVE_HD __host__ __device__ __forceinline__

// The register budgets of seis/streaming_bounds.hpp, as StreamingLaunchBounds
// puts them on the Kokkos twins. Bound: TTI takes the multi-field budget (else
// no bounds: nvcc emits nothing for (0, 0)); Wide: iso takes it too. The HIP
// build has no TTI kernel ((1024, 1) there is hipcc's default).
#include "seis/streaming_bounds.hpp"  // the budgets (plain C++, no Kokkos)

#define SEIS_NATIVE_STR2(x) #x
#define SEIS_NATIVE_STR(x) SEIS_NATIVE_STR2(x)
#define SEIS_NATIVE_BOUND_THREADS(Op, Bound, Wide)                                     \
  (Op::F == 1 && !(Wide) ? SEIS_STREAMING_MAX_THREADS                                  \
   : (Bound) || (Wide)   ? SEIS_STREAMING_MULTIFIELD_MAX_THREADS                       \
                         : 0)
#define SEIS_NATIVE_BOUND_TEAMS(Op, Bound, Wide)                                       \
  (Op::F == 1 && !(Wide) ? SEIS_STREAMING_MIN_TEAMS                                    \
   : (Bound) || (Wide)   ? SEIS_STREAMING_MULTIFIELD_MIN_TEAMS                         \
                         : 0)
// st_reg_vec's budget: its own for single-field physics, the multi-field one
// otherwise (VectorStreamingLaunchBounds in tiled_strategy.hpp).
#define SEIS_NATIVE_VECTOR_STREAMING_BOUNDS(Op)                                                   \
  __launch_bounds__((Op::F == 1 ? SEIS_VECTOR_STREAMING_MAX_THREADS : SEIS_STREAMING_MULTIFIELD_MAX_THREADS), \
                    (Op::F == 1 ? SEIS_VECTOR_STREAMING_MIN_TEAMS : SEIS_STREAMING_MULTIFIELD_MIN_TEAMS))
#if defined(__HIPCC__)
#define SEIS_NATIVE_STREAMING_BOUNDS(Op, Bound, Wide)                                               \
  __launch_bounds__((Op::F == 1 ? SEIS_NATIVE_BOUND_THREADS(Op, Bound, Wide) : 1024),                \
                    (Op::F == 1 ? SEIS_NATIVE_BOUND_TEAMS(Op, Bound, Wide) : 1))
#else
#define SEIS_NATIVE_STREAMING_BOUNDS(Op, Bound, Wide) \
  __launch_bounds__(SEIS_NATIVE_BOUND_THREADS(Op, Bound, Wide), SEIS_NATIVE_BOUND_TEAMS(Op, Bound, Wide))
#endif

namespace seis::native::dev {

constexpr int R = halo;

// The native kernels' single-precision spellings of the shared math.
template <int F>
using Values = FieldValues<float, F>;  // values of F fields at one point
template <int VEC>
using FloatVec = VectorOf<float, VEC>;  // VEC floats, one vector load or store

// What one time step reads and writes: Op is the physics (iso.hpp, tti.hpp).
// next[f] holds the previous time level on entry and receives the new one.
template <class Op>
struct StepArgs {
  Grid grid;
  Op op;
  const float* cur[Op::F];
  float* next[Op::F];
  const float* model[Op::M];
};

// Named apart from seis::native::index (host), which ADL would also find.
SEIS_NATIVE_DEV long long point_index(const Grid& g, int x, int y, int z) {
  return (long long)(g.x_offset + x) + g.stride_y * (y + R) + g.stride_z * (z + R);
}

SEIS_NATIVE_DEV bool contains(const Box& b, int x, int y, int z) {
  return x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1 && z >= b.z0 && z < b.z1;
}

template <class Op>
SEIS_NATIVE_DEV Values<Op::F> load_centre(const StepArgs<Op>& a, long long idx) {
  Values<Op::F> v;
  for (int f = 0; f < Op::F; ++f) v[f] = a.cur[f][idx];
  return v;
}

// The thread block as the Kokkos team sees it: a linear rank with x fastest.
SEIS_NATIVE_DEV int team_rank() {
  return int(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
}
SEIS_NATIVE_DEV int team_size() { return int(blockDim.x * blockDim.y * blockDim.z); }

}  // namespace seis::native::dev
