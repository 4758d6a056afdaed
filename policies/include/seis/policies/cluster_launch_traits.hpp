#pragma once
// Whether an execution space can launch a strategy Body in thread-block
// clusters, and how (the *_cluster strategies, policies/cluster_strategy.hpp).
// Backends that can specialise it in traits/ (CUDA sm_90+:
// traits/cuda/cluster_launch.hpp) with
//   template <class Body> static void prepare(const BlockShape&, std::size_t scratch_bytes, const std::string& what);
//   template <class Body> static void launch(const Body&, const BlockShape&, std::size_t scratch_bytes, const std::string& name);

namespace seis {

template <class Exec>
struct ClusterLaunchTraits {
  static constexpr bool available = false;
};

}  // namespace seis
