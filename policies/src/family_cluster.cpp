// Thread-block cluster variants. Built with a native CUDA launch where the
// backend is CUDA; elsewhere the family is empty (the registry says why).
#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"
#include "seis/policies/strategy_factories.hpp"

#if defined(SEIS_HAVE_CLUSTER_LAUNCH)
#include "seis/policies/traits/cuda/cluster_strategies.hpp"
#endif

namespace seis {

template <class Physics>
StrategyPtr<Physics> make_cluster(const std::string& name, const BlockShape& s) {
#if defined(SEIS_HAVE_CLUSTER_LAUNCH)
  return make_cluster_strategy<Physics>(name, s);
#else
  (void)name;
  (void)s;
  return nullptr;
#endif
}

#define SEIS_INSTANTIATE(P) template StrategyPtr<P> make_cluster<P>(const std::string&, const BlockShape&);
SEIS_FOR_EACH_REGISTRY_PHYSICS(SEIS_INSTANTIATE)

}  // namespace seis
