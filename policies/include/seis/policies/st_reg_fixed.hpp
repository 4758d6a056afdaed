#pragma once
// st_reg_fixed: 2.5D streaming, z-neighbours in fixed registers whose roles
// rotate (the programming-models seed's fastest kernel on GH200), with the
// next plane's halo copied asynchronously and the next point's values loaded
// while the current plane computes (one barrier per plane).
#include "seis/policies/register_streaming.hpp"

namespace seis {
template <class Physics, class Exec>
using StRegFixed = TiledStrategy<Physics, Exec, RegisterStreamingBody<Physics, Exec, true, true>>;
}  // namespace seis
