#pragma once
// The function qualifiers of the math shared by the Kokkos strategies and the
// native CUDA/HIP twins (seis/math/). These headers must compile without
// Kokkos, so they spell "callable on host and device" through this macro:
// Kokkos' own qualifiers when Kokkos is included first (the Kokkos side
// always includes it first), __host__ __device__ under nvcc or hipcc
// otherwise (the native twins), plain inline on a host-only compiler.
//
//   SEIS_INLINE       inline, host and device
//   SEIS_FORCEINLINE  forced inline, host and device: the per-point math,
//                     which must vanish into the kernel's registers

#if defined(KOKKOS_FORCEINLINE_FUNCTION)
#define SEIS_INLINE KOKKOS_INLINE_FUNCTION
#define SEIS_FORCEINLINE KOKKOS_FORCEINLINE_FUNCTION
#elif defined(__CUDACC__) || defined(__HIPCC__)
#if defined(__HIPCC__)
#include <hip/hip_runtime.h>  // __host__, __device__, __forceinline__ (nvcc provides them itself)
#endif
#define SEIS_INLINE __host__ __device__ inline
#define SEIS_FORCEINLINE __host__ __device__ __forceinline__
#elif defined(__GNUC__)
#define SEIS_INLINE inline
#define SEIS_FORCEINLINE inline __attribute__((always_inline))
#else
#define SEIS_INLINE inline
#define SEIS_FORCEINLINE inline
#endif
