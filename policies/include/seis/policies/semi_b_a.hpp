#pragma once
// semi_b_a: semi-stencil, next plane prefetched by asynchronous copy (+b+a).
#include "seis/policies/semi_stencil.hpp"

namespace seis {
template <class Physics, class Exec>
using SemiBA = TiledStrategy<Physics, Exec, SemiStencilBody<Physics, Exec, 1, true, true>>;
}  // namespace seis
