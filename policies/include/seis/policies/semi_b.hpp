#pragma once
// semi_b: semi-stencil with the next plane prefetched into an extra scratch plane (+b).
#include "seis/policies/semi_stencil.hpp"

namespace seis {
template <class Physics, class Exec>
using SemiB = TiledStrategy<Physics, Exec, SemiStencilBody<Physics, Exec, 1, true, false>>;
}  // namespace seis
