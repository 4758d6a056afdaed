// gmem_3d and smem_3d (3D blocking), iso and TTI.

#include "cuda/backend_cuda.cuh"
#include "cuda/launch_cuda.cuh"
#include "cuda/launchers.cuh"
#include "device/gmem_3d.hpp"
#include "device/smem_3d.hpp"

#include <cstdlib>
#include <cstring>

namespace seis::native::dev {

template <class Op>
int launch_gmem_3d(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream) {
  const LaunchPlan plan = plan_gmem_3d<Op>(box, s);
  // SEIS_NATIVE_GMEM=plain: the form before gmem_3d_kernel's Fresh, for an A/B.
  const char* form = std::getenv("SEIS_NATIVE_GMEM");
  const bool plain = form && std::strcmp(form, "plain") == 0;
  return launch_kernel(plain ? gmem_3d_kernel<Op, CudaBackend, false> : gmem_3d_kernel<Op, CudaBackend, true>, plan,
                       stream, a, plan.tiles);
}

template <class Op>
int launch_smem_3d(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream) {
  const LaunchPlan plan = plan_smem_3d<Op>(box, s);
  return launch_kernel(smem_3d_kernel<Op, CudaBackend>, plan, stream, a, plan.tiles, plan.layout);
}

template int launch_gmem_3d<IsoOp>(const StepArgs<IsoOp>&, const Box&, const Shape&, cudaStream_t);
template int launch_gmem_3d<TtiOp>(const StepArgs<TtiOp>&, const Box&, const Shape&, cudaStream_t);
template int launch_smem_3d<IsoOp>(const StepArgs<IsoOp>&, const Box&, const Shape&, cudaStream_t);
template int launch_smem_3d<TtiOp>(const StepArgs<TtiOp>&, const Box&, const Shape&, cudaStream_t);

}  // namespace seis::native::dev
