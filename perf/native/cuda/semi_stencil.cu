// The semi-stencil family: semi_25d, semi_b, semi_b_a, semi_2z.

#include "cuda/backend_cuda.cuh"
#include "cuda/launch_cuda.cuh"
#include "cuda/launchers.cuh"
#include "device/semi_stencil.hpp"

#include <cstdlib>
#include <cstring>

namespace seis::native::dev {

template <class Op, int Fold, bool Prefetch, bool Async>
int launch_semi_stencil(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream) {
  const LaunchPlan plan = plan_semi_stencil<Op, Fold, Prefetch>(box, s);
  const char* column = std::getenv("SEIS_NATIVE_SEMI_COLUMN");  // A/B (device/semi_stencil.hpp)
  return launch_kernel(column && std::strcmp(column, "1") == 0
                           ? semi_stencil_kernel<Op, CudaBackend, Fold, Prefetch, Async, true>
                           : semi_stencil_kernel<Op, CudaBackend, Fold, Prefetch, Async, false>,
                       plan, stream, a, plan.tiles, plan.layout);
}

#define SEIS_NATIVE_SEMI(OP, FOLD, PREFETCH, ASYNC)                                                     \
  template int launch_semi_stencil<OP, FOLD, PREFETCH, ASYNC>(const StepArgs<OP>&, const Box&, const Shape&, \
                                                              cudaStream_t);
SEIS_NATIVE_SEMI(IsoOp, 1, false, false)  // semi_25d
SEIS_NATIVE_SEMI(IsoOp, 1, true, false)   // semi_b
SEIS_NATIVE_SEMI(IsoOp, 1, true, true)    // semi_b_a
SEIS_NATIVE_SEMI(IsoOp, 2, false, false)  // semi_2z
SEIS_NATIVE_SEMI(TtiOp, 1, false, false)
SEIS_NATIVE_SEMI(TtiOp, 1, true, false)
SEIS_NATIVE_SEMI(TtiOp, 1, true, true)
SEIS_NATIVE_SEMI(TtiOp, 2, false, false)
#undef SEIS_NATIVE_SEMI

}  // namespace seis::native::dev
