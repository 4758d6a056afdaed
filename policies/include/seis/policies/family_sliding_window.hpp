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
  // SEIS_KOKKOS_SW_PLAN=packed_held|packed_fresh: the packed halo plan with the column held or fresh, an A/B.
  static const char* const form = std::getenv("SEIS_KOKKOS_SW_PLAN");  // read once
  if (form && std::strcmp(form, "packed_held") == 0)
    return std::make_unique<SlidingWindow<Physics, Exec, true, SlidingWindowColumn::held>>(name, s);
  if (form && std::strcmp(form, "packed_fresh") == 0)
    return std::make_unique<SlidingWindow<Physics, Exec, true, SlidingWindowColumn::fresh>>(name, s);
  return std::make_unique<SlidingWindow<Physics, Exec>>(name, s);
}

}  // namespace seis
