// swic.
#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"
#include "seis/policies/strategy_factories.hpp"
#include "seis/policies/swic.hpp"

namespace seis {

template <class Physics>
StrategyPtr<Physics> make_swic(const std::string& name, const BlockShape& s) {
  if (name == "swic") return std::make_unique<Swic<Physics, DefaultExec>>(name, s);
  return nullptr;
}

#define SEIS_INSTANTIATE(P) template StrategyPtr<P> make_swic<P>(const std::string&, const BlockShape&);
SEIS_FOR_EACH_REGISTRY_PHYSICS(SEIS_INSTANTIATE)

}  // namespace seis
