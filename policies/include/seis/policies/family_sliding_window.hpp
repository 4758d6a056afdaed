#pragma once
// The factory of sliding_window: defined for any physics and execution space,
// instantiated for the physics of runs on the default execution space in policies/src/family_sliding_window.cpp.

#include "seis/policies/sliding_window.hpp"
#include "seis/policies/strategy_factories.hpp"

namespace seis {

template <class Physics, class Exec>
StrategyPtr<Physics> make_sliding_window(const std::string& name, const BlockShape& s) {
  if (name == "sliding_window") return std::make_unique<SlidingWindow<Physics, Exec>>(name, s);
  return nullptr;
}

}  // namespace seis
