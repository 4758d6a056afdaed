#pragma once
// st_reg_shift: 2.5D streaming, z-neighbours in shifting registers.
#include "seis/policies/register_streaming.hpp"

namespace seis {
template <class Physics, class Exec>
using StRegShift = TiledStrategy<Physics, Exec, RegisterStreamingBody<Physics, Exec, false, false>>;
}  // namespace seis
