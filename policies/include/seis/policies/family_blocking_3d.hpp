#pragma once
// The factory of gmem_3d and smem_3d: defined for any physics and execution space,
// instantiated for the physics of runs on the default execution space in policies/src/family_blocking_3d.cpp.

#include "seis/policies/gmem_3d.hpp"
#include "seis/policies/smem_3d.hpp"
#include "seis/policies/strategy_factories.hpp"

#include <cstdlib>
#include <string>

namespace seis {

// smem_3d's thread ends after its team unless SEIS_KOKKOS_SMEM_END=0 (main's
// form, an A/B on the GPU; read once).
inline bool smem_3d_ends_team_thread() {
  static const bool end = [] {
    const char* v = std::getenv("SEIS_KOKKOS_SMEM_END");
    return !(v && std::string(v) == "0");
  }();
  return end;
}

template <class Physics, class Exec>
StrategyPtr<Physics> make_blocking_3d(const std::string& name, const BlockShape& s) {
  if (name == "gmem_3d") return std::make_unique<Gmem3d<Physics, Exec>>(name, s);
  if (name == "smem_3d") {
    if (smem_3d_ends_team_thread()) return std::make_unique<Smem3d<Physics, Exec, true>>(name, s);
    return std::make_unique<Smem3d<Physics, Exec, false>>(name, s);
  }
  return nullptr;
}

}  // namespace seis
