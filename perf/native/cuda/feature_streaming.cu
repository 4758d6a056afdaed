// st_reg_feat (2.5D, a register queue of plane features along z).

#include "cuda/backend_cuda.cuh"
#include "cuda/launch_cuda.cuh"
#include "cuda/launchers.cuh"
#include "device/feature_streaming.hpp"

#include <cstdlib>

namespace seis::native::dev {

template <class Op, int DY>
int launch_feature_streaming_form(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream) {
  // Staged rows have a compile-time pitch, and this form's tiles DY rows
  // where DY > 0 (the Kokkos body's check_shape).
  if (!FeatureLayout<Op, DY>::Staging::fits(s.dx, s.dy)) return error_invalid_shape;
  // Staged features outside the tile come from its first 2 * reach rows (the Kokkos body's check_shape).
  if (s.dy < 2 * StagedFeatures<typename Op::stencil_type>::staged_reach) return error_invalid_shape;
  // SEIS_NATIVE_FEATURE_RING_OFFSET=bytes (a multiple of 4) moves the ring
  // from Kokkos' offset, for an A/B of the shared-memory placement.
  const char* offset = std::getenv("SEIS_NATIVE_FEATURE_RING_OFFSET");
  const long ring_offset_bytes = offset ? std::strtol(offset, nullptr, 10) : 0;
  if (ring_offset_bytes < 0 || ring_offset_bytes % 4 != 0) return error_invalid_shape;
  const LaunchPlan plan = offset ? plan_feature_streaming_at<Op, DY>(box, s, std::size_t(ring_offset_bytes))
                                 : plan_feature_streaming<Op, DY>(box, s);
  // A 1D grid of tiles, x fastest, as the Kokkos league. (The tile grid
  // itself, a 3D grid, ran no differently on the H200: TTI 900^3 Kokkos/twin
  // 0.969/0.971 against 0.975/0.970, session 11 parity8; removed.)
  LaunchPlan launch = plan;
  launch.tiles.ntx = plan.tiles.ntx * plan.tiles.nty * plan.tiles.ntz;
  launch.tiles.nty = launch.tiles.ntz = 1;
  return launch_kernel<feature_streaming_kernel<Op, CudaBackend, DY>>(launch, stream, a, plan.tiles, plan.layout,
                                                                      feature_ring_offset<Op, DY>(plan));
}

template <class Op>
int launch_feature_streaming(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream) {
  // Blocks of staged_fixed_rows rows: the form with the staged planes'
  // sizes compile-time (the Kokkos body's, from its factory).
  if (s.dy == staged_fixed_rows) return launch_feature_streaming_form<Op, staged_fixed_rows>(a, box, s, stream);
  return launch_feature_streaming_form<Op, 0>(a, box, s, stream);
}

template int launch_feature_streaming<IsoOp>(const StepArgs<IsoOp>&, const Box&, const Shape&, cudaStream_t);
template int launch_feature_streaming<TtiOp>(const StepArgs<TtiOp>&, const Box&, const Shape&, cudaStream_t);

}  // namespace seis::native::dev
