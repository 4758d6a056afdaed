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

// As Kokkos launches the strategy: a 1D grid of tiles and 1D blocks, the
// split in the kernel, the tiles in the Kokkos strategy's order
// (gmem_3d_order.hpp: banded with several fields); Fresh: the address form.
template <class Op, bool Fresh>
int launch_gmem_3d_team(const LaunchPlan& plan, const StepArgs<Op>& a, cudaStream_t stream) {
  constexpr int band = gmem_3d_band(Op::F);
  LaunchPlan linear = plan;
  linear.linear = true;
  if constexpr (band > 0)
    return launch_kernel<gmem_3d_team_kernel<Op, CudaBackend, Fresh, BandedTeamSplit>>(
        linear, stream, a, plan.tiles, BandedTeamSplit::make(plan.tiles, band));
  else
    return launch_kernel<gmem_3d_team_kernel<Op, CudaBackend, Fresh>>(linear, stream, a, plan.tiles,
                                                                       TeamSplit::make(plan.tiles));
}

template <class Op>
int launch_gmem_3d(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream) {
  const LaunchPlan plan = plan_gmem_3d<Op>(box, s);
  // The team launch with the address form that ran faster, told apart by the field count (H200, alternating runs):
  // one field (iso) plain (1024^3 9.37 ms against 9.51-9.55 fresh; 512^3 0.991 / 1.005-1.009), several (TTI) fresh
  // (the 3D-grid twin: 26.43 ms against 31.12 plain, 40 registers instead of 56). SEIS_NATIVE_GMEM picks another
  // form, for an A/B: team-plain, team-fresh, or plain|fresh, a 3D grid of 3D blocks with no split in row order
  // (iso 1024^3 9.16 ms, 512^3 0.920: faster than any team launch, which the Kokkos strategy cannot leave).
  static const char* const form = std::getenv("SEIS_NATIVE_GMEM");  // read once
  const bool grid = form && (std::strcmp(form, "plain") == 0 || std::strcmp(form, "fresh") == 0);
  const bool plain = form ? std::strcmp(form, "plain") == 0 || std::strcmp(form, "team-plain") == 0 : Op::F == 1;
  if (grid)
    return plain ? launch_kernel<gmem_3d_kernel<Op, CudaBackend, false>>(plan, stream, a, plan.tiles)
                 : launch_kernel<gmem_3d_kernel<Op, CudaBackend, true>>(plan, stream, a, plan.tiles);
  return plain ? launch_gmem_3d_team<Op, false>(plan, a, stream) : launch_gmem_3d_team<Op, true>(plan, a, stream);
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
