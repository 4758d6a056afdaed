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

// The register budget of a kernel (policies/.../launch_budget.hpp), the
// number its Kokkos twin's BudgetLaunchBounds takes, for physics Op. nvcc
// emits nothing for (0, 0) (unbounded). The HIP build has no multi-field
// kernel ((1024, 1) there is hipcc's default).
#include "seis/policies/launch_budget.hpp"  // plain C++, no Kokkos

#define SEIS_NATIVE_STR2(x) #x
#define SEIS_NATIVE_STR(x) SEIS_NATIVE_STR2(x)
#if defined(__HIPCC__)
#define SEIS_NATIVE_LAUNCH_BOUNDS(Op, Budget)                                              \
  __launch_bounds__((Op::F == 1 ? seis::thread_budget(Budget, 1).max_threads : 1024), \
                    (Op::F == 1 ? seis::thread_budget(Budget, 1).min_teams : 1))
#else
#define SEIS_NATIVE_LAUNCH_BOUNDS(Op, Budget)                     \
  __launch_bounds__(seis::thread_budget(Budget, Op::F).max_threads, \
                    seis::thread_budget(Budget, Op::F).min_teams)
#endif
// st_reg_vec's, by the name vector_streaming.hpp uses.
#define SEIS_NATIVE_VECTOR_STREAMING_BOUNDS(Op) SEIS_NATIVE_LAUNCH_BOUNDS(Op, seis::LaunchBudget::vector)

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
  return (long long)(g.x_offset + x) + (long long)g.stride_y * (y + R) + (long long)g.stride_z * (z + R);
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
