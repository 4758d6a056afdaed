#pragma once
// st_reg_feat: 2.5D streaming with a register queue of plane features along
// z, the off-centre planes summed from registers, one barrier per plane
// (seis/policies/feature_streaming.hpp).
#include "seis/policies/feature_streaming.hpp"

namespace seis {
template <class Physics, class Exec>
using StRegFeat = TiledStrategy<Physics, Exec, FeatureStreamingBody<Physics, Exec>>;
// The same with two x points a GPU thread (issue 10: fewer instructions a
// point, twice the independent work a thread, half the warps).
template <class Physics, class Exec>
using StRegFeatX2 = TiledStrategy<Physics, Exec, FeatureStreamingBody<Physics, Exec, 32, 2>>;
}  // namespace seis
