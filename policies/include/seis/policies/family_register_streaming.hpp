#pragma once
// The factory of st_reg_shift, st_reg_fixed, st_reg_vec and st_reg_feat: defined for any physics and execution space,
// instantiated for the physics of runs on the default execution space in policies/src/family_register_streaming.cpp.

#include "seis/policies/st_reg_feat.hpp"
#include "seis/policies/st_reg_fixed.hpp"
#include "seis/policies/st_reg_shift.hpp"
#include "seis/policies/st_reg_vec.hpp"
#include "seis/policies/strategy_factories.hpp"

#include <cstdlib>
#include <string>

namespace seis {

// st_reg_feat in the form the run-time A/B switches of session 10 ask for:
// SEIS_FEAT_COEFF_AHEAD=1 (the coefficient inputs a plane ahead),
// SEIS_FEAT_HALO_AHEAD=2 (the halo copied two planes ahead); the plain body
// where the physics has no coefficient inputs or the ring no free plane.
template <class Physics, class Exec>
StrategyPtr<Physics> make_st_reg_feat(const std::string& name, const BlockShape& s) {
  if constexpr (CoefficientInputs<Physics>::count > 0 && FeatureStreamingBody<Physics, Exec>::halo_two_ahead_possible) {
    auto set = [](const char* var, const char* value) {
      const char* v = std::getenv(var);
      return v && std::string(v) == value;
    };
    const bool coeff = set("SEIS_FEAT_COEFF_AHEAD", "1"), halo = set("SEIS_FEAT_HALO_AHEAD", "2");
    if (coeff && halo) return std::make_unique<StRegFeatForm<Physics, Exec, true, true>>(name, s);
    if (coeff) return std::make_unique<StRegFeatForm<Physics, Exec, true, false>>(name, s);
    if (halo) return std::make_unique<StRegFeatForm<Physics, Exec, false, true>>(name, s);
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
