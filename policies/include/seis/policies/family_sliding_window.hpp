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
  // SEIS_KOKKOS_SW_COLUMN=held|fresh|fresh_compute: how a GPU thread holds its column (SlidingWindowColumn), an A/B.
  static const char* const column = std::getenv("SEIS_KOKKOS_SW_COLUMN");  // read once
  constexpr bool packed = sliding_window_packed_plan<Physics>();
  if (column && std::strcmp(column, "held") == 0)
    return std::make_unique<SlidingWindow<Physics, Exec, packed, SlidingWindowColumn::held>>(name, s);
  if (column && std::strcmp(column, "fresh") == 0)
    return std::make_unique<SlidingWindow<Physics, Exec, packed, SlidingWindowColumn::fresh>>(name, s);
  if (column && std::strcmp(column, "fresh_compute") == 0)
    return std::make_unique<SlidingWindow<Physics, Exec, packed, SlidingWindowColumn::fresh_compute>>(name, s);
  return std::make_unique<SlidingWindow<Physics, Exec>>(name, s);
}

}  // namespace seis
