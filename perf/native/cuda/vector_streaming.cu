// st_reg_vec (2.5D, VEC x points per thread, vector loads and stores).

#include "cuda/backend_cuda.cuh"
#include "cuda/launch_cuda.cuh"
#include "cuda/launchers.cuh"
#include "device/vector_streaming.hpp"

namespace seis::native::dev {

template <class Op>
int launch_vector_streaming(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream) {
  const LaunchPlan plan = plan_vector_streaming<Op>(box, s);
  return launch_kernel<vector_streaming_kernel<Op, CudaBackend>>(plan, stream, a, box, plan.tiles, plan.layout);
}

template int launch_vector_streaming<IsoOp>(const StepArgs<IsoOp>&, const Box&, const Shape&, cudaStream_t);
template int launch_vector_streaming<TtiOp>(const StepArgs<TtiOp>&, const Box&, const Shape&, cudaStream_t);

}  // namespace seis::native::dev
