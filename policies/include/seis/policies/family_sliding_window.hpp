#pragma once
// The factory of sliding_window: defined for any physics and execution space,
// instantiated for the physics of runs on the default execution space in policies/src/family_sliding_window.cpp.

#include "seis/policies/sliding_window.hpp"
#include "seis/policies/strategy_factories.hpp"

#include <cstdlib>
#include <cstring>

namespace seis {

template <class Physics, class Exec>
StrategyPtr<Physics> make_sliding_window(const std::string& name, const BlockShape& s) {
  if (name != "sliding_window") return nullptr;
  // SEIS_KOKKOS_SW_POINTS=pinned: the thread's column pinned (SlidingWindowBody), an A/B.
  static const char* const points = std::getenv("SEIS_KOKKOS_SW_POINTS");  // read once
  if (points && std::strcmp(points, "pinned") == 0)
    return std::make_unique<SlidingWindow<Physics, Exec, sliding_window_packed_plan<Physics>(), true>>(name, s);
  return std::make_unique<SlidingWindow<Physics, Exec>>(name, s);
}

}  // namespace seis
