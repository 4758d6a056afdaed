#pragma once
// Thread-block clusters (CUDA sm_90+; programming-models seed §III.B, IV.C).
//
// A 2.5D strategy Body is launched natively with cluster dimensions
// (cudaLaunchKernelEx) on the stream of the Kokkos CUDA instance, over the
// same View data. Inside, ClusterTeam provides the team interface the Body
// expects (team_rank/team_size/team_barrier), and the plane staging functions
// are overloaded for it: a block stages its own tile, the cluster
// synchronises, and halo cells that lie in a neighbouring block of the same
// cluster are read from that block's shared memory (distributed shared
// memory) instead of global memory. The Body itself is the one the Kokkos
// TeamPolicy launches; nothing of the stencil is written twice. The strategy
// (policies/cluster_strategy.hpp) asks ClusterLaunchTraits<Kokkos::Cuda>,
// defined here, to check and launch it.

#if defined(KOKKOS_ENABLE_CUDA)

#include "seis/errors.hpp"
#include "seis/policies/block_shape.hpp"
#include "seis/policies/cluster_launch_traits.hpp"
#include "seis/policies/tile_staging.hpp"
#include "seis/stencil_operator.hpp"

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <string>

namespace seis {

struct ClusterTeam {
  Box box;  // the box the launch updates: halo cells inside it belong to some tile
  __device__ int team_rank() const { return int(threadIdx.x); }
  __device__ int team_size() const { return int(blockDim.x); }
  __device__ void team_barrier() const { __syncthreads(); }
};

template <>
struct TeamSharesHalos<ClusterTeam> : std::true_type {};

namespace detail {

// Copies one staged cell (r, c) of this block's window from the block of the
// cluster that owns it as an interior cell, or from global memory.
template <class Physics, class Copy>
__device__ void stage_cell_from_cluster(const StepData<Physics>& d, const PlaneLayout& L, TileOrigin o, int z,
                                        typename Physics::scalar_type* dst, int r, int c, const Box& box,
                                        const Copy& copy) {
  namespace cg = cooperative_groups;
  const cg::cluster_group cluster = cg::this_cluster();
  const dim3 me = cluster.block_index(), dims = cluster.dim_blocks();
  const int lx = c - L.hx, ly = r - L.hy;  // tile-local coordinates of the cell
  const int nx = lx < 0 ? -1 : (lx >= L.dx ? 1 : 0);
  const int ny = ly < 0 ? -1 : (ly >= L.dy ? 1 : 0);
  const int bx = int(me.x) + nx, by = int(me.y) + ny;
  const int gx = o.x + lx, gy = o.y + ly;
  // A cell inside the box is a tile cell of the neighbour, staged by it
  // before the cluster sync; use it when that neighbour is in this cluster.
  const bool shared = (nx != 0 || ny != 0) && bx >= 0 && by >= 0 && bx < int(dims.x) && by < int(dims.y) &&
                      gx >= box.x0 && gx < box.x1 && gy >= box.y0 && gy < box.y1;
  if (shared) {
    const unsigned rank = unsigned(bx) + dims.x * (unsigned(by) + dims.y * me.z);
    for (int f = 0; f < Physics::num_fields; ++f) {
      typename Physics::scalar_type* mine = dst + f * L.field_stride + r * L.w + c;
      const auto* theirs = cluster.map_shared_rank(mine - nx * L.dx - ny * L.dy * L.w, rank);
      *mine = *theirs;
    }
  } else {
    const index_t src = d.grid.index(gx, gy, z);
    for (int f = 0; f < Physics::num_fields; ++f) copy(dst + f * L.field_stride + r * L.w + c, d.cur[f] + src);
  }
}

template <class Physics, class Copy>
__device__ void stage_halo_from_cluster(const ClusterTeam& team, const StepData<Physics>& d, const TileExtent& ext,
                                        const PlaneLayout& L, TileOrigin o, int z,
                                        typename Physics::scalar_type* dst, const Copy& copy) {
  namespace cg = cooperative_groups;
  cg::this_cluster().sync();  // every block's interior of this plane is staged
  if (ext.nxv > 0 && ext.nyv > 0) {
    const int hx = L.hx, hy = L.hy;
    auto cell = [&](int r, int c) { stage_cell_from_cluster(d, L, o, z, dst, r, c, team.box, copy); };
    team_for_2d(team, 2 * hy, ext.nxv + 2 * hx, L.dx, [&](int r, int c) { cell(r < hy ? r : ext.nyv + r, c); });
    if (hx > 0)
      team_for_2d(team, ext.nyv, 2 * hx, 2 * hx, [&](int r, int c) { cell(hy + r, c < hx ? c : ext.nxv + c); });
  }
  cg::this_cluster().sync();  // no block overwrites a plane its neighbours still read
}

}  // namespace detail

// Overloads picked by argument-dependent lookup when a Body runs under a
// ClusterTeam.
template <class Physics, class Copy>
__device__ void stage_plane_halo(const ClusterTeam& team, const StepData<Physics>& d, const TileExtent& ext,
                                 const PlaneLayout& L, TileOrigin o, int z, typename Physics::scalar_type* dst,
                                 const Copy& copy) {
  detail::stage_halo_from_cluster(team, d, ext, L, o, z, dst, copy);
}

template <class Physics, class Copy>
__device__ void stage_plane(const ClusterTeam& team, const StepData<Physics>& d, const TileExtent& ext,
                            const PlaneLayout& L, TileOrigin o, int z, typename Physics::scalar_type* dst,
                            const Copy& copy) {
  if (ext.nxv > 0 && ext.nyv > 0) {
    // The tile's own cells first, from global memory.
    const index_t row0 = d.grid.index(o.x, o.y, z);
    team_for_2d(team, ext.nyv, ext.nxv, L.dx, [&](int r, int c) {
      for (int f = 0; f < Physics::num_fields; ++f)
        copy(dst + f * L.field_stride + L.centre(c, r), d.cur[f] + row0 + r * d.grid.stride_y() + c);
    });
  }
  detail::stage_halo_from_cluster(team, d, ext, L, o, z, dst, copy);
}

template <class Body>
__global__ void cluster_kernel(const Body body) {
  extern __shared__ __align__(16) unsigned char cluster_scratch[];
  const TileOrigin o = body.tiles.origin(int(blockIdx.x), int(blockIdx.y), int(blockIdx.z));
  body.run(ClusterTeam{body.tiles.box}, o, reinterpret_cast<typename Body::scalar_type*>(cluster_scratch));
}

inline void cuda_check(cudaError_t e, const std::string& what) {
  if (e != cudaSuccess) throw ConfigError(what + ": " + cudaGetErrorString(e));
}

// The CUDA side of the *_cluster strategies (policies/cluster_strategy.hpp):
// checking a Body's kernel against the device, and launching it natively in
// clusters of cluster_x x cluster_y blocks on the Kokkos instance's stream.
template <>
struct ClusterLaunchTraits<Kokkos::Cuda> {
  static constexpr bool available = true;

  template <class Body>
  static void prepare(const BlockShape& shape, std::size_t bytes, const std::string& what) {
    const int threads = shape.columns();
    cudaFuncAttributes attr{};
    cuda_check(cudaFuncGetAttributes(&attr, cluster_kernel<Body>), what);
    int device = 0, optin = 0;
    cuda_check(cudaGetDevice(&device), what);
    cuda_check(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device), what);
    if (bytes > std::size_t(optin))
      throw ConfigError(what + " needs " + std::to_string(bytes) + " bytes of shared memory per block; the device allows " +
                        std::to_string(optin));
    if (threads > attr.maxThreadsPerBlock)
      throw ConfigError(what + " needs " + std::to_string(threads) + " threads; with its registers the kernel allows " +
                        std::to_string(attr.maxThreadsPerBlock));
    cuda_check(cudaFuncSetAttribute(cluster_kernel<Body>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)),
               what);
  }

  template <class Body>
  static void launch(const Body& body, const BlockShape& shape, std::size_t bytes, const std::string& name) {
    const int cx = shape.cluster_x, cy = shape.cluster_y;
    const int gx = (body.tiles.ntx + cx - 1) / cx * cx, gy = (body.tiles.nty + cy - 1) / cy * cy;
    cudaLaunchConfig_t config{};
    config.gridDim = dim3(unsigned(gx), unsigned(gy), unsigned(body.tiles.ntz));
    config.blockDim = dim3(unsigned(shape.columns()), 1, 1);
    config.dynamicSmemBytes = bytes;
    config.stream = Kokkos::Cuda().cuda_stream();
    cudaLaunchAttribute attribute[1];
    attribute[0].id = cudaLaunchAttributeClusterDimension;
    attribute[0].val.clusterDim.x = unsigned(cx);
    attribute[0].val.clusterDim.y = unsigned(cy);
    attribute[0].val.clusterDim.z = 1;
    config.attrs = attribute;
    config.numAttrs = 1;
    cuda_check(cudaLaunchKernelEx(&config, cluster_kernel<Body>, body), "launching " + name);
  }
};

}  // namespace seis

#endif
