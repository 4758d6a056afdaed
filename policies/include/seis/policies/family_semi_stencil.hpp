#pragma once
// The factory of semi_25d, semi_b, semi_b_a, semi_2z: defined for any physics and execution space,
// instantiated for the physics of runs on the default execution space in policies/src/family_semi_stencil.cpp.

#include "seis/policies/semi_25d.hpp"
#include "seis/policies/semi_2z.hpp"
#include "seis/policies/semi_b.hpp"
#include "seis/policies/semi_b_a.hpp"
#include "seis/policies/strategy_factories.hpp"

namespace seis {

template <class Physics, class Exec>
StrategyPtr<Physics> make_semi_stencil(const std::string& name, const BlockShape& s) {
  if (name == "semi_25d") return std::make_unique<SemiStencil25d<Physics, Exec>>(name, s);
  if (name == "semi_b") return std::make_unique<SemiB<Physics, Exec>>(name, s);
  if (name == "semi_b_a") return std::make_unique<SemiBA<Physics, Exec>>(name, s);
  if (name == "semi_2z") return std::make_unique<Semi2z<Physics, Exec>>(name, s);
  return nullptr;
}

}  // namespace seis
