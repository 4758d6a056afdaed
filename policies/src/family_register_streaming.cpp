// st_reg_shift, st_reg_fixed and st_reg_vec.
#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"
#include "seis/policies/st_reg_fixed.hpp"
#include "seis/policies/st_reg_shift.hpp"
#include "seis/policies/st_reg_vec.hpp"
#include "seis/policies/strategy_factories.hpp"

namespace seis {

template <class Physics>
StrategyPtr<Physics> make_register_streaming(const std::string& name, const BlockShape& s) {
  using Exec = DefaultExec;
  if (name == "st_reg_shift") return std::make_unique<StRegShift<Physics, Exec>>(name, s);
  if (name == "st_reg_fixed") return std::make_unique<StRegFixed<Physics, Exec>>(name, s);
  if (name == "st_reg_vec") return std::make_unique<StRegVec<Physics, Exec>>(name, s);
  return nullptr;
}

#define SEIS_INSTANTIATE(P) template StrategyPtr<P> make_register_streaming<P>(const std::string&, const BlockShape&);
SEIS_FOR_EACH_REGISTRY_PHYSICS(SEIS_INSTANTIATE)

}  // namespace seis
