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

// st_reg_feat in the forms the run-time A/B of session 12 asks for
// (feature_streaming.hpp): SEIS_FEAT_POINT=scratch copies a point's model
// into scratch a plane ahead (PointAhead), SEIS_FEAT_VALUES=scratch the tile
// interior into the ring (ValuesAhead); with the latter, SEIS_FEAT_TEAMS=3
// launches it at 3 teams an SM and SEIS_FEAT_LEAD=2 copies the halo and
// interior two planes ahead; SEIS_FEAT_SUM_FIRST=1 sums the off-centre
// planes before coeffs() (main's form otherwise). (Both forms at once do not fit a Kokkos CUDA
// team's 40936 B of scratch at 32x8: not offered.) Multi-field physics only
// (the TTI kernel's stalls; fewer kernels to compile): single-field physics
// run the plain body whatever the switches.
template <class Physics, class Exec>
StrategyPtr<Physics> make_st_reg_feat(const std::string& name, const BlockShape& s) {
  if constexpr (Physics::num_fields > 1) {
    auto is = [](const char* var, const char* value) {
      const char* v = std::getenv(var);
      return v && std::strcmp(v, value) == 0;
    };
    const bool values = is("SEIS_FEAT_VALUES", "scratch");
    if (values && is("SEIS_FEAT_LEAD", "2"))
      return std::make_unique<StRegFeatForm<Physics, Exec, false, true, LaunchBudget::features, 2>>(name, s);
    if (values && is("SEIS_FEAT_TEAMS", "3"))
      return std::make_unique<StRegFeatForm<Physics, Exec, false, true, LaunchBudget::features_three_teams>>(name, s);
    if (values) return std::make_unique<StRegFeatForm<Physics, Exec, false, true>>(name, s);
    if (is("SEIS_FEAT_SUM_FIRST", "1"))
      return std::make_unique<StRegFeatForm<Physics, Exec, false, false, LaunchBudget::features, 1, true>>(name, s);
    if (is("SEIS_FEAT_POINT", "scratch")) return std::make_unique<StRegFeatForm<Physics, Exec, true, false>>(name, s);
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
