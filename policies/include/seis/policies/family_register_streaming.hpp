#pragma once
// The factory of st_reg_shift, st_reg_fixed, st_reg_vec and st_reg_feat: defined for any physics and execution space,
// instantiated for the physics of runs on the default execution space in policies/src/family_register_streaming.cpp.

#include "seis/policies/st_reg_feat.hpp"
#include "seis/policies/st_reg_fixed.hpp"
#include "seis/policies/st_reg_shift.hpp"
#include "seis/policies/st_reg_vec.hpp"
#include "seis/policies/strategy_factories.hpp"

#include <cstdlib>
#include <cstring>

namespace seis {

// st_reg_feat in the form the run-time A/B of session 12 asks for:
// SEIS_FEAT_POINT=scratch copies the model values coeffs() reads (the
// physics' coefficient inputs) into scratch a plane ahead
// (feature_streaming.hpp's PointAhead). Only for a physics that has them
// (TTI): the others run the plain body whatever the switch.
template <class Physics, class Exec>
StrategyPtr<Physics> make_st_reg_feat(const std::string& name, const BlockShape& s) {
  if constexpr (CoefficientModels<Physics>::type::size > 0) {
    const char* v = std::getenv("SEIS_FEAT_POINT");
    if (v && std::strcmp(v, "scratch") == 0) return std::make_unique<StRegFeatInputsAhead<Physics, Exec>>(name, s);
  }
  return std::make_unique<StRegFeat<Physics, Exec>>(name, s);
}

template <class Physics, class Exec>
StrategyPtr<Physics> make_register_streaming(const std::string& name, const BlockShape& s) {
  if (name == "st_reg_shift") return std::make_unique<StRegShift<Physics, Exec>>(name, s);
  if (name == "st_reg_fixed") return std::make_unique<StRegFixed<Physics, Exec>>(name, s);
  if (name == "st_reg_vec") return std::make_unique<StRegVec<Physics, Exec>>(name, s);
  if (name == "st_reg_feat") return make_st_reg_feat<Physics, Exec>(name, s);
  return nullptr;
}

}  // namespace seis
