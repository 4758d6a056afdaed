// st_reg_feat (2.5D, a register queue of plane features along z).

#include "cuda/backend_cuda.cuh"
#include "cuda/launch_cuda.cuh"
#include "cuda/launchers.cuh"
#include "device/feature_streaming.hpp"

#include <cstdlib>
#include <cstring>

namespace seis::native::dev {

template <class Op>
int launch_feature_streaming(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream) {
  // Staged rows have a compile-time pitch (the Kokkos body's check_shape).
  if (s.dx > feature_max_dx) return error_invalid_shape;
  // Staged features outside the tile come from its first 2 * reach rows (the Kokkos body's check_shape).
  if (s.dy < 2 * StagedFeatures<typename Op::stencil_type>::staged_reach) return error_invalid_shape;
  // SEIS_NATIVE_FEATURE_RING_OFFSET=bytes (a multiple of 4) moves the ring
  // from Kokkos' offset, for an A/B of the shared-memory placement.
  const char* offset = std::getenv("SEIS_NATIVE_FEATURE_RING_OFFSET");
  const long ring_offset_bytes = offset ? std::strtol(offset, nullptr, 10) : 0;
  if (ring_offset_bytes < 0 || ring_offset_bytes % 4 != 0) return error_invalid_shape;
  // SEIS_FEAT_POINT=scratch, SEIS_FEAT_VALUES=scratch (with SEIS_FEAT_LEAD=2
  // or SEIS_FEAT_TEAMS=3): the Kokkos body's forms, picked as
  // family_register_streaming.hpp picks them (multi-field physics only).
  auto is = [](const char* var, const char* value) {
    const char* v = std::getenv(var);
    return Op::F > 1 && v && std::strcmp(v, value) == 0;
  };
  const bool values = is("SEIS_FEAT_VALUES", "scratch");
  const bool sum_first = !values && is("SEIS_FEAT_SUM_FIRST", "1");  // (main's form otherwise)
  const FeatureForm form{!values && !sum_first && is("SEIS_FEAT_POINT", "scratch"), values,
                         values && is("SEIS_FEAT_LEAD", "2") ? 2 : 1};
  const bool three_teams = values && form.lead == 1 && is("SEIS_FEAT_TEAMS", "3");
  const LaunchPlan plan = offset ? plan_feature_streaming_at<Op>(box, s, std::size_t(ring_offset_bytes), form)
                                 : plan_feature_streaming_with<Op>(box, s, form);
  // A 1D grid of tiles, x fastest, as the Kokkos league (the TTI twin ran
  // 31 % slower than the Kokkos kernel with the same SASS and launch bounds;
  // the grid's shape is one of the launch's remaining differences).
  // SEIS_NATIVE_FEATURE_GRID=3d launches the tile grid itself, for an A/B.
  const char* grid = std::getenv("SEIS_NATIVE_FEATURE_GRID");
  LaunchPlan launch = plan;
  if (!(grid && std::strcmp(grid, "3d") == 0)) {
    launch.tiles.ntx = plan.tiles.ntx * plan.tiles.nty * plan.tiles.ntz;
    launch.tiles.nty = launch.tiles.ntz = 1;
  }
  if constexpr (Op::F > 1) {
    const int ring_offset = feature_ring_offset<Op>(plan, form);
    if (form.values_ahead && form.lead == 2)
      return launch_kernel<feature_streaming_kernel<Op, CudaBackend, false, true, LaunchBudget::features, 2>>(
          launch, stream, a, plan.tiles, plan.layout, ring_offset);
    if (three_teams)
      return launch_kernel<feature_streaming_kernel<Op, CudaBackend, false, true, LaunchBudget::features_three_teams>>(
          launch, stream, a, plan.tiles, plan.layout, ring_offset);
    if (sum_first)
      return launch_kernel<feature_streaming_kernel<Op, CudaBackend, false, false, LaunchBudget::features, 1, true>>(
          launch, stream, a, plan.tiles, plan.layout, ring_offset);
    if (form.values_ahead)
      return launch_kernel<feature_streaming_kernel<Op, CudaBackend, false, true>>(launch, stream, a, plan.tiles,
                                                                                   plan.layout, ring_offset);
    if (form.point_ahead)
      return launch_kernel<feature_streaming_kernel<Op, CudaBackend, true, false>>(launch, stream, a, plan.tiles,
                                                                                   plan.layout, ring_offset);
  }
  return launch_kernel<feature_streaming_kernel<Op, CudaBackend>>(launch, stream, a, plan.tiles, plan.layout,
                                                                  feature_ring_offset<Op>(plan));
}

template int launch_feature_streaming<IsoOp>(const StepArgs<IsoOp>&, const Box&, const Shape&, cudaStream_t);
template int launch_feature_streaming<TtiOp>(const StepArgs<TtiOp>&, const Box&, const Shape&, cudaStream_t);

}  // namespace seis::native::dev
