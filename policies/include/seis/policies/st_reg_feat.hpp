#pragma once
// st_reg_feat: 2.5D streaming with a register queue of plane features along
// z, the off-centre planes summed from registers, one barrier per plane
// (seis/policies/feature_streaming.hpp).
#include "seis/policies/feature_streaming.hpp"

namespace seis {
template <class Physics, class Exec>
using StRegFeat = TiledStrategy<Physics, Exec, FeatureStreamingBody<Physics, Exec>>;
// The forms under A/B (session 12; family_register_streaming.hpp picks one
// at run time): a point's previous level and model, the tile interior
// copied into scratch a plane ahead (feature_streaming.hpp).
template <class Physics, class Exec, bool PointAhead, bool ValuesAhead,
          LaunchBudget Budget = LaunchBudget::features, int Lead = 1, bool SumFirst = false>
using StRegFeatForm = TiledStrategy<Physics, Exec,
                                    FeatureStreamingBody<Physics, Exec, 32, PointAhead, ValuesAhead, Budget, Lead, SumFirst>>;
}  // namespace seis
