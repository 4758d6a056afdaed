#pragma once
// semi_25d: 2.5D semi-stencil, R+1 planes in scratch.
#include "seis/policies/semi_stencil.hpp"

namespace seis {
template <class Physics, class Exec>
using SemiStencil25d = TiledStrategy<Physics, Exec, SemiStencilBody<Physics, Exec, 1, false, false>>;
}  // namespace seis
