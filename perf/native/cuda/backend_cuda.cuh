#pragma once
// The CUDA primitives the shared kernels ask for (the native counterparts of
// policies/.../traits/cuda/exec_traits_cuda.hpp).

#include <cuda_pipeline.h>
#include <cuda_runtime.h>

namespace seis::native::dev {

struct CudaBackend {
  // x vector of sliding_window (ExecTraits<Cuda>::vector_width): float2, as
  // float4 windows cost more registers than the wider loads save.
  static constexpr int vector_width = 2;

  // Evict-first store: the new time level is not read again by this step.
  static __device__ __forceinline__ void store_streaming(float* p, float v) { __stcs(p, v); }

  // cp.async of one 4-byte element straight into shared memory, no registers
  // (what the Kokkos traits issue, element by element).
  static __device__ __forceinline__ void async_copy(float* dst_shared, const float* src) {
    __pipeline_memcpy_async(dst_shared, src, sizeof(float));
  }
  // N consecutive floats as one cp.async (4, 8 or 16 bytes, aligned).
  template <int N>
  static __device__ __forceinline__ void async_copy_vector(float* dst_shared, const float* src) {
    static_assert(N == 1 || N == 2 || N == 4, "cp.async moves 4, 8 or 16 bytes");
    __pipeline_memcpy_async(dst_shared, src, N * sizeof(float));
  }
  // p, hidden from the optimiser, so a 32-bit offset from it costs one wide
  // multiply-add (ExecTraits<Cuda>::opaque_base).
  template <class T>
  static __device__ __forceinline__ T* opaque_base(T* p) {
    asm("" : "+l"(p));
    __builtin_assume(__isGlobal(p));
    return p;
  }
  // v, kept in a register for the kernel's life (ExecTraits<Cuda>::
  // opaque_value). Under register pressure ptxas re-reads threadIdx (S2R,
  // tens of cycles, after every barrier) for a thread's column; an empty asm
  // only hides v from NVVM, and ptxas sees through it, but it does not redo
  // a warp shuffle (here the identity: each lane reads its own value).
  static __device__ __forceinline__ int opaque_value(int v) {
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    return __shfl_sync(__activemask(), v, int(lane));
  }
  // v, as a value produced where it is used (an empty volatile asm, which
  // nvcc may not move out of a loop; ExecTraits<Cuda>::fresh_value).
  static __device__ __forceinline__ int fresh_value(int v) {
    asm volatile("" : "+r"(v));
    return v;
  }
  // The dynamic shared memory's base, worked out once: ptxas otherwise
  // rebuilds it from the CTA's cluster id (S2UR, tens of cycles, then ULEA)
  // at each use, 5 times a plane in the semi-stencil TTI loop, where the
  // Kokkos kernel gets its team scratch pointer once. The shuffle keeps the
  // 32-bit shared address in a register (opaque_value); converted back, the
  // pointer still addresses shared memory (LDS/STS).
  static __device__ __forceinline__ float* opaque_shared(float* p) {
    const unsigned s = unsigned(__cvta_generic_to_shared(p));
    return static_cast<float*>(__cvta_shared_to_generic(size_t(unsigned(opaque_value(int(s))))));
  }
  // *p if pred, else old: one predicated load (no branch around it), the form
  // ptxas gives the Kokkos st_reg kernels' incoming load.
  static __device__ __forceinline__ float load_if(bool pred, const float* p, float old) {
    asm("{ .reg .pred q; setp.ne.u32 q, %2, 0; @q ld.global.f32 %0, [%1]; }"
                 : "+f"(old)
                 : "l"(p), "r"(unsigned(pred)));
    return old;
  }
  static __device__ __forceinline__ void async_commit() { __pipeline_commit(); }
  // This thread's copies have landed; the barrier makes everyone's visible.
  static __device__ __forceinline__ void async_wait() {
    __pipeline_wait_prior(0);
    __syncthreads();
  }
  // All but the most recently committed group have landed (that one may
  // still be in flight), then the barrier.
  static __device__ __forceinline__ void async_wait_all_but_last() {
    __pipeline_wait_prior(1);
    __syncthreads();
  }
};

}  // namespace seis::native::dev
