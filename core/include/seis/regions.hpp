#pragma once
// The seven-region decomposition (physics.md §3.5): a branch-free inner region
// and six absorbing slabs owned without overlap. z slabs span the full x and
// y extent, y slabs the full x extent between them; x slabs fill the rest.

#include "seis/grid.hpp"

#include <array>

namespace seis {

struct Regions {
  Box inner;
  std::array<Box, 6> slabs{};  // z-, z+, y-, y+, x-, x+ (empty when thickness is 0)
  int thickness = 0;
};

// The points two boxes share (empty when none).
inline Box intersect(const Box& a, const Box& b) {
  Box r{a.x0 > b.x0 ? a.x0 : b.x0, a.x1 < b.x1 ? a.x1 : b.x1, a.y0 > b.y0 ? a.y0 : b.y0,
        a.y1 < b.y1 ? a.y1 : b.y1, a.z0 > b.z0 ? a.z0 : b.z0, a.z1 < b.z1 ? a.z1 : b.z1};
  return r;
}

// The six boxes of `outer` around `core` (a box inside it), without overlap:
// z-, z+ span outer's x and y, y-, y+ outer's x between them, x-, x+ the rest.
inline std::array<Box, 6> shell_around(const Box& o, const Box& c) {
  return {Box{o.x0, o.x1, o.y0, o.y1, o.z0, c.z0}, Box{o.x0, o.x1, o.y0, o.y1, c.z1, o.z1},
          Box{o.x0, o.x1, o.y0, c.y0, c.z0, c.z1}, Box{o.x0, o.x1, c.y1, o.y1, c.z0, c.z1},
          Box{o.x0, c.x0, c.y0, c.y1, c.z0, c.z1}, Box{c.x1, o.x1, c.y0, c.y1, c.z0, c.z1}};
}

inline Regions seven_regions(const Grid& g, int L) {
  Regions r;
  r.thickness = L;
  const int nx = g.nx(), ny = g.ny(), nz = g.nz();
  if (L <= 0) {
    r.inner = g.interior();
    return r;
  }
  r.inner = Box{L, nx - L, L, ny - L, L, nz - L};
  r.slabs = shell_around(g.interior(), r.inner);
  return r;
}

}  // namespace seis
