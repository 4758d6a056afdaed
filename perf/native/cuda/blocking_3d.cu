// gmem_3d and smem_3d (3D blocking), iso and TTI.

#include "cuda/backend_cuda.cuh"
#include "cuda/launch_cuda.cuh"
#include "cuda/launchers.cuh"
#include "device/gmem_3d.hpp"
#include "device/smem_3d.hpp"

#include <cstdlib>
#include <cstring>
#include <type_traits>

namespace seis::native::dev {

// The team launch of the default address form (by the field count), in the
// Kokkos strategy's tile order (gmem_3d_forms.hpp: banded with several
// fields) and, for the A/B, under its launch bounds.
template <class Op>
int launch_gmem_3d_team(const LaunchPlan& plan, const StepArgs<Op>& a, cudaStream_t stream) {
  constexpr bool fresh = Op::F > 1;
  LaunchPlan linear = plan;
  linear.linear = true;
  const int band = gmem_3d_band(Op::F);
  if (gmem_3d_takes_bounds(plan.bx * plan.by * plan.bz)) {
    if (band > 0)
      return launch_kernel<gmem_3d_team_kernel_bounded<Op, CudaBackend, fresh, BandedTeamSplit>>(
          linear, stream, a, plan.tiles, BandedTeamSplit::make(plan.tiles, band));
    return launch_kernel<gmem_3d_team_kernel_bounded<Op, CudaBackend, fresh>>(linear, stream, a, plan.tiles,
                                                                               TeamSplit::make(plan.tiles));
  }
  if (band > 0)
    return launch_kernel<gmem_3d_team_kernel<Op, CudaBackend, fresh, BandedTeamSplit>>(
        linear, stream, a, plan.tiles, BandedTeamSplit::make(plan.tiles, band));
  return launch_kernel<gmem_3d_team_kernel<Op, CudaBackend, fresh>>(linear, stream, a, plan.tiles,
                                                                     TeamSplit::make(plan.tiles));
}

template <class Op>
int launch_gmem_3d(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream) {
  const LaunchPlan plan = plan_gmem_3d<Op>(box, s);
  // As Kokkos launches the strategy (a 1D grid of tiles and 1D blocks, the split in the kernel), with the address
  // form that ran faster, told apart by the field count (H200, alternating runs): one field (iso) plain (1024^3
  // 9.37 ms against 9.51-9.55 fresh; 512^3 0.991 / 1.005-1.009), several (TTI) fresh (the 3D-grid twin: 26.43 ms
  // against 31.12 plain, 40 registers instead of 56). SEIS_NATIVE_GMEM picks another form, for an A/B: team-plain,
  // team-fresh (row order), or plain|fresh, a 3D grid of 3D blocks with no split (iso 1024^3 9.16 ms, 512^3 0.920:
  // faster than any team launch, which the Kokkos strategy cannot leave).
  static const char* const form = std::getenv("SEIS_NATIVE_GMEM");  // read once
  if (!form) return launch_gmem_3d_team<Op>(plan, a, stream);
  const bool grid = std::strcmp(form, "plain") == 0 || std::strcmp(form, "fresh") == 0;
  const bool plain = std::strcmp(form, "plain") == 0 || std::strcmp(form, "team-plain") == 0;
  if (grid)
    return plain ? launch_kernel<gmem_3d_kernel<Op, CudaBackend, false>>(plan, stream, a, plan.tiles)
                 : launch_kernel<gmem_3d_kernel<Op, CudaBackend, true>>(plan, stream, a, plan.tiles);
  LaunchPlan linear = plan;
  linear.linear = true;
  const TeamSplit split = TeamSplit::make(plan.tiles);
  return plain ? launch_kernel<gmem_3d_team_kernel<Op, CudaBackend, false>>(linear, stream, a, plan.tiles, split)
               : launch_kernel<gmem_3d_team_kernel<Op, CudaBackend, true>>(linear, stream, a, plan.tiles, split);
}

template <class Op>
int launch_smem_3d(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream) {
  const LaunchPlan plan = plan_smem_3d<Op>(box, s);
  return launch_kernel<smem_3d_kernel<Op, CudaBackend>>(plan, stream, a, plan.tiles, plan.layout);
}

template int launch_gmem_3d<IsoOp>(const StepArgs<IsoOp>&, const Box&, const Shape&, cudaStream_t);
template int launch_gmem_3d<TtiOp>(const StepArgs<TtiOp>&, const Box&, const Shape&, cudaStream_t);
template int launch_smem_3d<IsoOp>(const StepArgs<IsoOp>&, const Box&, const Shape&, cudaStream_t);
template int launch_smem_3d<TtiOp>(const StepArgs<TtiOp>&, const Box&, const Shape&, cudaStream_t);

}  // namespace seis::native::dev
