// sliding_window (one-pass: vector x loads, y in shared memory, z window in
// registers, streaming stores, z chunks).

#include "cuda/backend_cuda.cuh"
#include "cuda/launch_cuda.cuh"
#include "cuda/launchers.cuh"
#include "device/sliding_window.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <type_traits>

namespace seis::native::dev {

template <class Op>
int launch_sliding_window(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream) {
  constexpr int VEC = sliding_vec<Op, CudaBackend::vector_width>;
  // Vector loads need every row start and field base on a VEC-float boundary.
  const Grid& g = a.grid;
  bool aligned = g.x_offset % VEC == 0 && g.stride_y % VEC == 0 && g.stride_z % VEC == 0;
  for (int f = 0; f < Op::F; ++f) aligned = aligned && std::uintptr_t(a.cur[f]) % (VEC * sizeof(float)) == 0;
  if (!aligned) return error_misaligned_grid;
  const LaunchPlan plan = plan_sliding_window<Op, CudaBackend::vector_width>(box, s);
  // The halo plan that ran faster, told apart by the field count (H200, alternating runs): one field (iso) plain (1024^3
  // 13.27 ms against 14.46 packed), two fields (TTI) packed (900^3 42.33 against 44.21 plain).
  // SEIS_NATIVE_SW_PLAN=plain|packed picks one, for an A/B.
  static const char* const form = std::getenv("SEIS_NATIVE_SW_PLAN");  // read once
  const bool packed = form ? std::strcmp(form, "packed") == 0 : Op::F > 1;
  return packed ? launch_kernel<sliding_window_kernel<Op, CudaBackend, true>>(plan, stream, a, box, plan.tiles, plan.layout)
                : launch_kernel<sliding_window_kernel<Op, CudaBackend, false>>(plan, stream, a, box, plan.tiles, plan.layout);
}

template int launch_sliding_window<IsoOp>(const StepArgs<IsoOp>&, const Box&, const Shape&, cudaStream_t);
template int launch_sliding_window<TtiOp>(const StepArgs<TtiOp>&, const Box&, const Shape&, cudaStream_t);

}  // namespace seis::native::dev
