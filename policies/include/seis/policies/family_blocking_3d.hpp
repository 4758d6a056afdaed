#pragma once
// The factory of gmem_3d and smem_3d: defined for any physics and execution space,
// instantiated for the physics of runs on the default execution space in policies/src/family_blocking_3d.cpp.

#include "seis/policies/gmem_3d.hpp"
#include "seis/policies/smem_3d.hpp"
#include "seis/policies/strategy_factories.hpp"

namespace seis {

template <class Physics, class Exec>
StrategyPtr<Physics> make_blocking_3d(const std::string& name, const BlockShape& s) {
  if (name == "gmem_3d") return std::make_unique<Gmem3d<Physics, Exec>>(name, s);
  if (name == "smem_3d") return std::make_unique<Smem3d<Physics, Exec>>(name, s);
  return nullptr;
}

}  // namespace seis
