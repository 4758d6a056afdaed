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
  if (name == "sliding_window") {
    // SEIS_KOKKOS_SW_LANES=1: the column from the lane (SlidingWindowColumn::lane) where the backend has lanes
    // for the shape's threads along x (a power of two), an A/B.
    if constexpr (ExecTraits<Exec>::max_team_lanes > 1) {
      static const char* const lanes = std::getenv("SEIS_KOKKOS_SW_LANES");  // read once
      if (lanes && std::strcmp(lanes, "1") == 0 && s.dx <= ExecTraits<Exec>::max_team_lanes && (s.dx & (s.dx - 1)) == 0)
        return std::make_unique<SlidingWindow<Physics, Exec, sliding_window_packed_plan<Physics>(),
                                              SlidingWindowColumn::lane>>(name, s);
    }
    return std::make_unique<SlidingWindow<Physics, Exec>>(name, s);
  }
  return nullptr;
}

}  // namespace seis
