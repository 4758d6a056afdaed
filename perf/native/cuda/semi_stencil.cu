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
  // The column form (device/semi_stencil.hpp) for semi_b_a, the form its Kokkos body compiles to: the twins with it
  // on an H200 (900^3 TTI, 1024^3 iso; paired timing, perf/results/h200-2026-11-24/session8/parity5-tti-round1):
  // semi_b_a TTI 35.15 -> 34.78 ms (Kokkos 34.01), iso 9.86 -> 9.66 (Kokkos 9.89); semi_b TTI 36.19 -> 37.04, iso
  // 13.14 -> 12.82; semi_2z 29.15 -> 28.52, 12.19 -> 11.96; semi_25d 30.42 -> 28.47, 14.33 -> 14.04 (Kokkos
  // 29.76; the Kokkos semi_25d and semi_2z bodies in the column form ran slower, 29.77 -> 30.01 and 29.21 -> 29.41:
  // session8/parity5-tti-round2). SEIS_NATIVE_SEMI_COLUMN=0|1 forces either form.
  const char* column = std::getenv("SEIS_NATIVE_SEMI_COLUMN");
  const bool use_column = column ? std::strcmp(column, "1") == 0 : Async;
  return use_column
             ? launch_kernel<semi_stencil_kernel<Op, CudaBackend, Fold, Prefetch, Async, true>>(plan, stream, a, plan.tiles,
                                                                                              plan.layout)
             : launch_kernel<semi_stencil_kernel<Op, CudaBackend, Fold, Prefetch, Async, false>>(plan, stream, a, plan.tiles,
                                                                                               plan.layout);
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
