// swic (scatter into an output register queue).

#include "cuda/backend_cuda.cuh"
#include "cuda/launch_cuda.cuh"
#include "cuda/launchers.cuh"
#include "device/swic.hpp"

namespace seis::native::dev {

template <class Op>
int launch_swic(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream) {
  const LaunchPlan plan = plan_swic<Op>(box, s);
  return launch_kernel<swic_kernel<Op, CudaBackend>>(plan, stream, a, plan.tiles, plan.layout);
}

template int launch_swic<IsoOp>(const StepArgs<IsoOp>&, const Box&, const Shape&, cudaStream_t);
template int launch_swic<TtiOp>(const StepArgs<TtiOp>&, const Box&, const Shape&, cudaStream_t);

}  // namespace seis::native::dev
