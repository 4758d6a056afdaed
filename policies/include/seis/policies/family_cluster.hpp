#pragma once
// Thread-block cluster variants, where the execution space can launch
// clusters (ClusterLaunchTraits); elsewhere the family is empty (the
// registry says why).
// The factory: defined for any physics, instantiated for the physics of runs
// in policies/src/family_cluster.cpp.

#include "seis/policies/cluster_strategy.hpp"
#include "seis/policies/traits/exec_traits.hpp"
#include "seis/policies/strategy_factories.hpp"

namespace seis {

template <class Physics>
StrategyPtr<Physics> make_cluster(const std::string& name, const BlockShape& s) {
  if constexpr (ClusterLaunchTraits<DefaultExec>::available) {
    return make_cluster_strategy<Physics, DefaultExec>(name, s);
  } else {
    (void)name;
    (void)s;
    return nullptr;
  }
}

}  // namespace seis
