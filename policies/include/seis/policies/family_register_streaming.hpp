#pragma once
// The factory of st_reg_shift, st_reg_fixed, st_reg_vec and st_reg_feat: defined for any physics and execution space,
// instantiated for the physics of runs on the default execution space in policies/src/family_register_streaming.cpp.

#include "seis/policies/st_reg_feat.hpp"
#include "seis/policies/st_reg_fixed.hpp"
#include "seis/policies/st_reg_shift.hpp"
#include "seis/policies/st_reg_vec.hpp"
#include "seis/policies/strategy_factories.hpp"

namespace seis {

template <class Physics, class Exec>
StrategyPtr<Physics> make_register_streaming(const std::string& name, const BlockShape& s) {
  if (name == "st_reg_shift") return std::make_unique<StRegShift<Physics, Exec>>(name, s);
  if (name == "st_reg_fixed") return std::make_unique<StRegFixed<Physics, Exec>>(name, s);
  if (name == "st_reg_vec") return std::make_unique<StRegVec<Physics, Exec>>(name, s);
  if (name == "st_reg_feat") {
    // Blocks of staged_fixed_rows rows get the form whose staged planes'
    // sizes are compile-time (feature_streaming.hpp, session 13).
    if (s.dy == staged_fixed_rows) return std::make_unique<StRegFeatRows<Physics, Exec, staged_fixed_rows>>(name, s);
    return std::make_unique<StRegFeat<Physics, Exec>>(name, s);
  }
  return nullptr;
}

}  // namespace seis
