#pragma once
// The *_cluster strategies: the Bodies of st_reg_fixed and semi_25d launched
// in thread-block clusters, where the halo of a plane comes from the
// neighbouring blocks' shared memory once they have staged it (so the
// cluster variant of st_reg_fixed stages synchronously, without prefetch).
// The strategy is written once; checking and launching the clusters is the
// backend's (ClusterLaunchTraits, traits/).

#include "seis/errors.hpp"
#include "seis/policies/block_shape.hpp"
#include "seis/policies/cluster_launch_traits.hpp"
#include "seis/policies/register_streaming.hpp"
#include "seis/policies/semi_stencil.hpp"
#include "seis/stencil_operator.hpp"

#include <memory>
#include <string>

namespace seis {

template <class Physics, class Exec, class Body>
class ClusterStrategy : public StencilOperator<Physics> {
  using Launch = ClusterLaunchTraits<Exec>;

 public:
  ClusterStrategy(std::string strategy, BlockShape shape) : strategy_(std::move(strategy)), shape_(shape) {
    const std::string what = "strategy " + strategy_ + " with block " + shape_.to_string(false);
    const int threads = shape_.columns();
    if (threads > 1024) throw ConfigError(what + " needs " + std::to_string(threads) + " threads per block (max 1024)");
    if (shape_.cluster_x * shape_.cluster_y > 8)
      throw ConfigError(what + ": clusters of more than 8 blocks are not portable");
    bytes_ = Body::scratch_bytes(shape_);
    Launch::template prepare<Body>(shape_, bytes_, what);
  }

  std::string name() const override { return strategy_ + ":" + shape_.to_string(false); }

  void apply(const StepData<Physics>& data, const Box& box) const override {
    if (box.empty()) return;
    Launch::launch(Body(data, box, shape_), shape_, bytes_, name());
  }

 private:
  std::string strategy_;
  BlockShape shape_;
  std::size_t bytes_ = 0;
};

// The cluster strategy `name`, or nullptr if it is not one; only for an
// execution space whose ClusterLaunchTraits are available.
template <class Physics, class Exec>
std::unique_ptr<StencilOperator<Physics>> make_cluster_strategy(const std::string& name, const BlockShape& s) {
  static_assert(ClusterLaunchTraits<Exec>::available, "this execution space cannot launch clusters");
  if (name == "st_reg_fixed_cluster")
    return std::make_unique<ClusterStrategy<Physics, Exec, RegisterStreamingBody<Physics, Exec, true, false>>>(name, s);
  if (name == "semi_25d_cluster")
    return std::make_unique<ClusterStrategy<Physics, Exec, SemiStencilBody<Physics, Exec, 1, false, false>>>(name, s);
  return nullptr;
}

}  // namespace seis

// The backends' cluster launches (each guarded by its backend's macro).
#include "seis/policies/traits/cuda/cluster_launch.hpp"
