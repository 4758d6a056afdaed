#pragma once
// Host launchers of the native CUDA kernels, one per strategy family file
// (blocking_3d.cu, register_streaming.cu, semi_stencil.cu, swic.cu,
// sliding_window.cu, vector_streaming.cu, feature_streaming.cu), explicitly instantiated there for the physics each
// kernel supports; registry.cu maps names to them.

#include "device/stencil_math.hpp"
#include "device/tiles.hpp"

#include <cuda_runtime.h>

namespace seis::native::dev {

template <class Op>
using LaunchFn = int (*)(const StepArgs<Op>&, const Box&, const Shape&, cudaStream_t);

template <class Op>
int launch_gmem_3d(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream);
template <class Op>
int launch_smem_3d(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream);
template <class Op, bool Fixed, bool Prefetch>
int launch_register_streaming(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream);
template <class Op, int Fold, bool Prefetch, bool Async>
int launch_semi_stencil(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream);
template <class Op>
int launch_swic(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream);
template <class Op>
int launch_vector_streaming(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream);
template <class Op>
int launch_feature_streaming(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream);
template <class Op>
int launch_sliding_window(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream);

}  // namespace seis::native::dev
