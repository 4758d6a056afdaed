#pragma once
// The *_cluster strategies: the Bodies of st_reg_fixed and semi_25d launched
// in thread-block clusters (cluster_launch.hpp). The halo of a plane comes
// from the neighbours' shared memory once they have staged that plane, so the
// cluster variant of st_reg_fixed stages synchronously (no prefetch).

#include "seis/policies/register_streaming.hpp"
#include "seis/policies/semi_stencil.hpp"
#include "seis/policies/traits/cuda/cluster_launch.hpp"

#include <memory>

namespace seis {

template <class Physics>
std::unique_ptr<StencilOperator<Physics>> make_cluster_strategy(const std::string& name, const BlockShape& s) {
  using Exec = Kokkos::Cuda;
  if (name == "st_reg_fixed_cluster")
    return std::make_unique<ClusterStrategy<Physics, RegisterStreamingBody<Physics, Exec, true, false>>>(name, s);
  if (name == "semi_25d_cluster")
    return std::make_unique<ClusterStrategy<Physics, SemiStencilBody<Physics, Exec, 1, false, false>>>(name, s);
  return nullptr;
}

}  // namespace seis
