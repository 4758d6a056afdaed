#pragma once
// The factory of sliding_window: defined for any physics and execution space,
// instantiated for the physics of runs on the default execution space in policies/src/family_sliding_window.cpp.

#include "seis/policies/sliding_window.hpp"
#include "seis/policies/strategy_factories.hpp"

namespace seis {

template <class Physics, class Exec>
StrategyPtr<Physics> make_sliding_window(const std::string& name, const BlockShape& s) {
  if (name == "sliding_window") {
    // One field: the column from lanes where the shape allows (sliding_window_takes_lanes), else fresh.
    if constexpr (ExecTraits<Exec>::max_team_lanes > 1 && sliding_window_column<Physics>() == SlidingWindowColumn::fresh)
      if (sliding_window_takes_lanes<Physics, Exec>(s))
        return std::make_unique<SlidingWindow<Physics, Exec, sliding_window_packed_plan<Physics>(),
                                              SlidingWindowColumn::lane>>(name, s);
    return std::make_unique<SlidingWindow<Physics, Exec>>(name, s);
  }
  return nullptr;
}

}  // namespace seis
