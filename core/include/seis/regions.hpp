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

inline Regions seven_regions(const Grid& g, int L) {
  Regions r;
  r.thickness = L;
  const int nx = g.nx(), ny = g.ny(), nz = g.nz();
  if (L <= 0) {
    r.inner = g.interior();
    return r;
  }
  r.inner = Box{L, nx - L, L, ny - L, L, nz - L};
  r.slabs[0] = Box{0, nx, 0, ny, 0, L};
  r.slabs[1] = Box{0, nx, 0, ny, nz - L, nz};
  r.slabs[2] = Box{0, nx, 0, L, L, nz - L};
  r.slabs[3] = Box{0, nx, ny - L, ny, L, nz - L};
  r.slabs[4] = Box{0, L, L, ny - L, L, nz - L};
  r.slabs[5] = Box{nx - L, nx, L, ny - L, L, nz - L};
  return r;
}

}  // namespace seis
