#pragma once
// st_reg_feat: 2.5D streaming with a register queue of plane features along
// z, the off-centre planes summed from registers, one barrier per plane
// (seis/policies/feature_streaming.hpp).
#include "seis/policies/feature_streaming.hpp"

namespace seis {
template <class Physics, class Exec>
using StRegFeat = TiledStrategy<Physics, Exec, FeatureStreamingBody<Physics, Exec>>;
// Tiles of exactly DY rows: the staged planes' sizes compile-time (issue 10;
// the factory's choice for blocks staged_fixed_rows tall,
// seis/math/interleaved_layout.hpp).
template <class Physics, class Exec, int DY>
using StRegFeatRows = TiledStrategy<Physics, Exec, FeatureStreamingBody<Physics, Exec, 32, DY>>;
}  // namespace seis
