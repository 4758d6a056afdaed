#pragma once
// semi_2z: semi-stencil with 2z thread folding (two planes per step).
#include "seis/policies/semi_stencil.hpp"

namespace seis {
template <class Physics, class Exec>
using Semi2z = TiledStrategy<Physics, Exec, SemiStencilBody<Physics, Exec, 2, false, false>>;
}  // namespace seis
