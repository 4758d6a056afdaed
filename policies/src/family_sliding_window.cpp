// sliding_window.
#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"
#include "seis/policies/sliding_window.hpp"
#include "seis/policies/strategy_factories.hpp"

namespace seis {

template <class Physics>
StrategyPtr<Physics> make_sliding_window(const std::string& name, const BlockShape& s) {
  if (name == "sliding_window") return std::make_unique<SlidingWindow<Physics, DefaultExec>>(name, s);
  return nullptr;
}

#define SEIS_INSTANTIATE(P) template StrategyPtr<P> make_sliding_window<P>(const std::string&, const BlockShape&);
SEIS_FOR_EACH_REGISTRY_PHYSICS(SEIS_INSTANTIATE)

}  // namespace seis
