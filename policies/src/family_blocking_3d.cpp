// gmem_3d and smem_3d.
#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"
#include "seis/policies/gmem_3d.hpp"
#include "seis/policies/smem_3d.hpp"
#include "seis/policies/strategy_factories.hpp"

namespace seis {

template <class Physics>
StrategyPtr<Physics> make_blocking_3d(const std::string& name, const BlockShape& s) {
  using Exec = DefaultExec;
  if (name == "gmem_3d") return std::make_unique<Gmem3d<Physics, Exec>>(name, s);
  if (name == "smem_3d") return std::make_unique<Smem3d<Physics, Exec>>(name, s);
  return nullptr;
}

#define SEIS_INSTANTIATE(P) template StrategyPtr<P> make_blocking_3d<P>(const std::string&, const BlockShape&);
SEIS_FOR_EACH_REGISTRY_PHYSICS(SEIS_INSTANTIATE)

}  // namespace seis
