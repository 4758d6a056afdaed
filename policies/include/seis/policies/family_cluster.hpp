#pragma once
// Thread-block cluster variants, where the execution space can launch
// clusters (ClusterLaunchTraits); elsewhere the family is empty (the
// registry says why).
// The factory: defined for any physics and execution space, instantiated for the physics of runs on the default execution space
// in policies/src/family_cluster.cpp.

#include "seis/policies/cluster_strategy.hpp"
#include "seis/policies/traits/exec_traits.hpp"
#include "seis/policies/strategy_factories.hpp"

namespace seis {

template <class Physics, class Exec>
StrategyPtr<Physics> make_cluster(const std::string& name, const BlockShape& s) {
  if constexpr (ClusterLaunchTraits<Exec>::available) {
    return make_cluster_strategy<Physics, Exec>(name, s);
  } else {
    (void)name;
    (void)s;
    return nullptr;
  }
}

}  // namespace seis
