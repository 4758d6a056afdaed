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

template <class Op>
int launch_gmem_3d(const StepArgs<Op>& a, const Box& box, const Shape& s, cudaStream_t stream) {
  const LaunchPlan plan = plan_gmem_3d<Op>(box, s);
  // The form that ran faster, told apart by the field count (H200, alternating runs): one field (iso) plain (1024^3 9.12 ms
  // against 9.32 fresh; 512^3 0.926 / 0.947), two fields (TTI) fresh (900^3 26.43 against 31.12 plain: 40
  // registers instead of 56). SEIS_NATIVE_GMEM=plain|fresh picks one, for an A/B.
  const char* form = std::getenv("SEIS_NATIVE_GMEM");
  const bool plain = form ? std::strcmp(form, "plain") == 0 || std::strcmp(form, "team-plain") == 0 : Op::F == 1;
  // team, team-plain, team-fresh: launched as Kokkos launches the strategy (1D grid and blocks, the split in
  // the kernel), an A/B.
  if (form && std::strncmp(form, "team", 4) == 0) {
    const TileGrid& t = plan.tiles;
    const dim3 grid(unsigned(t.ntx * t.nty * t.ntz)), block(unsigned(t.dx * t.dy * t.dz));
    const TeamSplit split = TeamSplit::make(t);
    if (plain)
      gmem_3d_team_kernel<Op, CudaBackend, false><<<grid, block, 0, stream>>>(a, t, split);
    else
      gmem_3d_team_kernel<Op, CudaBackend, true><<<grid, block, 0, stream>>>(a, t, split);
    return int(cudaGetLastError());
  }
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
