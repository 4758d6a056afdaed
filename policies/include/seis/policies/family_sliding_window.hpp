#pragma once
// The factory of sliding_window: defined for any physics and execution space,
// instantiated for the physics of runs on the default execution space in policies/src/family_sliding_window.cpp.

#include "seis/policies/sliding_window.hpp"
#include "seis/policies/strategy_factories.hpp"

#include <cstdlib>
#include <string>

namespace seis {

template <class Physics, class Exec>
StrategyPtr<Physics> make_sliding_window(const std::string& name, const BlockShape& s) {
  if (name != "sliding_window") return nullptr;
  // GPU A/B (checkpoint only): SEIS_KOKKOS_SW_PLAN=plain|packed overrides the halo plan.
  const char* plan = std::getenv("SEIS_KOKKOS_SW_PLAN");
  if (plan && std::string(plan) == "packed") return std::make_unique<SlidingWindow<Physics, Exec, true>>(name, s);
  if (plan && std::string(plan) == "plain") return std::make_unique<SlidingWindow<Physics, Exec, false>>(name, s);
  return std::make_unique<SlidingWindow<Physics, Exec>>(name, s);
}

}  // namespace seis
