#pragma once
// Vocabulary of the native device code, shared by the CUDA (.cu) and HIP
// (.hip) builds: compile-time loops, per-point value bundles, the field
// pointers of one step, and the grid/box index math. Only __device__,
// __forceinline__, threadIdx/blockIdx and __syncthreads are used here, which
// nvcc and hipcc both provide; backend specifics live in cuda/ and hip/.

#include "native_kernels.hpp"

#include <utility>

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

// A compile-time int that converts to int in device code (std::integral_constant's
// conversion is a host constexpr function; nvcc would refuse it without
// --expt-relaxed-constexpr).
template <int V>
struct int_c {
  static constexpr int value = V;
  SEIS_NATIVE_HD constexpr operator int() const { return V; }
};

namespace detail {
template <int Begin, class F, int... Is>
SEIS_NATIVE_DEV void static_for_impl(const F& f, std::integer_sequence<int, Is...>) {
  (f(int_c<Begin + Is>{}), ...);
}
}  // namespace detail

// f(int_c<I>{}) for I = Begin .. End-1, unrolled, so that register arrays are
// indexed by constants and stay in registers.
template <int Begin, int End, class F>
SEIS_NATIVE_DEV void static_for(const F& f) {
  static_assert(End >= Begin, "empty or reversed range");
  detail::static_for_impl<Begin>(f, std::make_integer_sequence<int, End - Begin>{});
}

// Values of F fields at one point.
template <int F>
struct Values {
  float v[F];
  SEIS_NATIVE_DEV float operator[](int f) const { return v[f]; }
  SEIS_NATIVE_DEV float& operator[](int f) { return v[f]; }
};

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

// q[i] = q[i + Shift] for i in [0, N - Shift): register queues advance by one plane.
template <int Shift, int N, class T>
SEIS_NATIVE_DEV void shift_queue(T* q) {
  static_for<0, N - Shift>([&](auto i) { q[i] = q[i + Shift]; });
}

// Entry of a queue of length N holding the value `Offset` planes after the
// queue's base plane at rotation step U (always 0 for shifting queues).
template <bool Rotating, int N, int U, int Offset>
SEIS_NATIVE_DEV constexpr int queue_slot() {
  static_assert(Offset >= 0 && Offset < N, "offset outside the queue");
  return Rotating ? (U + Offset) % N : Offset;
}

// Position in a ring of P staged planes, advanced once per plane, so that the
// slot of plane z + D is a compile-time offset and a conditional wrap instead
// of a modulo per access (register_queue.hpp: RingIndex).
template <int P>
struct RingIndex {
  int base = 0;  // slot of the reference plane
  SEIS_NATIVE_DEV explicit RingIndex(int start) : base(start % P) {}
  template <int D>
  SEIS_NATIVE_DEV int slot(int_c<D>) const {
    static_assert(D > -P && D < P, "offset beyond the ring");
    int s = base + D;
    if constexpr (D > 0) s -= s >= P ? P : 0;
    if constexpr (D < 0) s += s < 0 ? P : 0;
    return s;
  }
  SEIS_NATIVE_DEV void advance(int by = 1) {
    base += by;
    base -= base >= P ? P : 0;
  }
};

// N values side by side (one per x point of a thread), assignable as a whole
// so that queues of them can shift.
template <class T, int N>
struct Lanes {
  T v[N];
  SEIS_NATIVE_DEV T& operator[](int i) { return v[i]; }
  SEIS_NATIVE_DEV const T& operator[](int i) const { return v[i]; }
};

// VEC consecutive floats, aligned so that a copy is one vector load or store.
template <int VEC>
struct alignas(VEC * sizeof(float)) FloatVec {
  float v[VEC];
};

// The thread block as the Kokkos team sees it: a linear rank with x fastest.
SEIS_NATIVE_DEV int team_rank() {
  return int(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
}
SEIS_NATIVE_DEV int team_size() { return int(blockDim.x * blockDim.y * blockDim.z); }

}  // namespace seis::native::dev
