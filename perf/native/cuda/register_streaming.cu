// st_reg_fixed and st_reg_shift (2.5D, z-neighbours in a register queue).

#include "cuda/backend_cuda.cuh"
#include "cuda/launch_cuda.cuh"
#include "cuda/launchers.cuh"
#include "device/register_streaming.hpp"

namespace seis::native::dev {

template <class Op, bool Fixed, bool Prefetch>
int launch_register_streaming(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream) {
  const LaunchPlan plan = plan_register_streaming<Op, Prefetch>(box, s);
  return launch_kernel<register_streaming_kernel<Op, CudaBackend, Fixed, Prefetch>>(plan, stream, a, plan.tiles,
                                                                                   plan.layout);
}

// st_reg_shift: shifting queue, no prefetch; st_reg_fixed: rotating queue,
// next plane prefetched (as policies/st_reg_shift.hpp and st_reg_fixed.hpp).
template int launch_register_streaming<IsoOp, false, false>(const StepArgs<IsoOp>&, const Box&, const Shape&,
                                                            cudaStream_t);
template int launch_register_streaming<IsoOp, true, true>(const StepArgs<IsoOp>&, const Box&, const Shape&,
                                                          cudaStream_t);
template int launch_register_streaming<TtiOp, false, false>(const StepArgs<TtiOp>&, const Box&, const Shape&,
                                                            cudaStream_t);
template int launch_register_streaming<TtiOp, true, true>(const StepArgs<TtiOp>&, const Box&, const Shape&,
                                                          cudaStream_t);

}  // namespace seis::native::dev
