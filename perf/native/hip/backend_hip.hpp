#pragma once
// The HIP primitives the shared kernels ask for (the native counterparts of
// policies/.../traits/hip/exec_traits_hip.hpp).

#include <hip/hip_runtime.h>

namespace seis::native::dev {

struct HipBackend {
  // x vector of sliding_window (ExecTraits<HIP>::vector_width): float4.
  static constexpr int vector_width = 4;

  // Non-temporal store: the new time level is not read again by this step.
  static __device__ __forceinline__ void store_streaming(float* p, float v) { __builtin_nontemporal_store(v, p); }

  // HIP has no asynchronous global->LDS copy: the portable cooperative copy,
  // completed by the barrier (only semi_b_a and st_reg_fixed would ask;
  // the HIP build has neither).
  static __device__ __forceinline__ float load_if(bool pred, const float* p, float old) { return pred ? *p : old; }
  static __device__ __forceinline__ void async_copy(float* dst_shared, const float* src) { *dst_shared = *src; }
  template <int N>
  static __device__ __forceinline__ void async_copy_vector(float* dst_shared, const float* src) {
    for (int i = 0; i < N; ++i) dst_shared[i] = src[i];
  }
  template <class T>
  static __device__ __forceinline__ T* opaque_base(T* p) {
    return p;
  }
  static __device__ __forceinline__ int opaque_value(int v) { return v; }
  static __device__ __forceinline__ int fresh_value(int v) { return v; }
  static __device__ __forceinline__ float* opaque_shared(float* p) { return p; }
  static __device__ __forceinline__ void async_commit() {}
  static __device__ __forceinline__ void async_wait() { __syncthreads(); }
  static __device__ __forceinline__ void async_wait_all_but_last() { __syncthreads(); }
};

}  // namespace seis::native::dev
