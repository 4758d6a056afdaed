#pragma once
// st_reg_vec: 2.5D streaming with VEC x points per thread, vector loads and
// stores everywhere, z-neighbours in fixed registers, one barrier per plane
// (seis/policies/vector_streaming.hpp).
#include "seis/policies/vector_streaming.hpp"

namespace seis {
template <class Physics, class Exec>
using StRegVec = TiledStrategy<Physics, Exec, VectorStreamingBody<Physics, Exec>>;
}  // namespace seis
