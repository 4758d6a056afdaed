#pragma once
// The factory of swic: defined for any physics and execution space,
// instantiated for the physics of runs on the default execution space in policies/src/family_swic.cpp.

#include "seis/policies/swic.hpp"
#include "seis/policies/strategy_factories.hpp"

namespace seis {

template <class Physics, class Exec>
StrategyPtr<Physics> make_swic(const std::string& name, const BlockShape& s) {
  if (name == "swic") return std::make_unique<Swic<Physics, Exec>>(name, s);
  return nullptr;
}

}  // namespace seis
