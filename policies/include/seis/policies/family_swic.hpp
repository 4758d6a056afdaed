#pragma once
// The factory of swic: defined for any physics,
// instantiated for the physics of runs in policies/src/family_swic.cpp.

#include "seis/policies/swic.hpp"
#include "seis/policies/strategy_factories.hpp"

namespace seis {

template <class Physics>
StrategyPtr<Physics> make_swic(const std::string& name, const BlockShape& s) {
  if (name == "swic") return std::make_unique<Swic<Physics, DefaultExec>>(name, s);
  return nullptr;
}

}  // namespace seis
