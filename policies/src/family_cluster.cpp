// Thread-block cluster variants, where the execution space can launch
// clusters (ClusterLaunchTraits); elsewhere the family is empty (the
// registry says why).
#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"
#include "seis/policies/cluster_strategy.hpp"
#include "seis/policies/strategy_factories.hpp"
#include "seis/policies/traits/exec_traits.hpp"

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

#define SEIS_INSTANTIATE(P) template StrategyPtr<P> make_cluster<P>(const std::string&, const BlockShape&);
SEIS_FOR_EACH_REGISTRY_PHYSICS(SEIS_INSTANTIATE)

}  // namespace seis
