#pragma once
// A rank's sub-domain: a box of the global interior, stored as a local Grid
// of the same spacing and halo whose point (0, 0, 0) is global point
// `box.x0, box.y0, box.z0`, and the ranks owning the points beyond its faces.
// Ranks form a px x py x pz Cartesian grid, x fastest.

#include "seis/grid.hpp"
#include "seis/regions.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <string>

namespace seis {

// [begin, end) of part c when n points are split into p parts as evenly as
// possible (the first n % p parts one point larger).
inline std::array<int, 2> split_extent(int n, int p, int c) {
  const int base = n / p, extra = n % p;
  const int begin = c * base + std::min(c, extra);
  return {begin, begin + base + (c < extra ? 1 : 0)};
}

// The px x py x pz with px py pz = ranks whose cuts have the fewest points
// (halo bytes), ties broken towards cutting z (whole contiguous planes to
// exchange), then y. For a cube this is MPI_Dims_create's balanced choice;
// unlike MPI_Dims_create it follows the grid's shape.
inline std::array<int, 3> choose_decomposition(int ranks, const std::array<int, 3>& n) {
  std::array<int, 3> best{1, 1, ranks};
  double best_area = std::numeric_limits<double>::max();
  for (int pz = ranks; pz >= 1; --pz) {
    if (ranks % pz) continue;
    for (int py = ranks / pz; py >= 1; --py) {
      if ((ranks / pz) % py) continue;
      const int px = ranks / pz / py;
      // Points on all the cuts: what the ranks exchange per step, together.
      const double area = double(px - 1) * n[1] * n[2] + double(py - 1) * n[0] * n[2] + double(pz - 1) * n[0] * n[1];
      if (area < best_area * (1 - 1e-12)) {
        best_area = area;
        best = {px, py, pz};
      }
    }
  }
  return best;
}

struct Subdomain {
  std::array<int, 3> global_n{0, 0, 0};
  std::array<int, 3> dims{1, 1, 1};    // ranks along x, y, z
  std::array<int, 3> coords{0, 0, 0};  // this rank's position in that grid
  Box box;                             // owned points, global coordinates
  // Rank owning the points beyond face [axis][side] (side 0: low), -1: none.
  std::array<std::array<int, 2>, 3> neighbour{{{-1, -1}, {-1, -1}, {-1, -1}}};

  static Subdomain whole(int nx, int ny, int nz) { return of_rank({nx, ny, nz}, {1, 1, 1}, 0); }

  static Subdomain of_rank(const std::array<int, 3>& n, const std::array<int, 3>& dims, int rank) {
    Subdomain s;
    s.global_n = n;
    s.dims = dims;
    s.coords = {rank % dims[0], rank / dims[0] % dims[1], rank / dims[0] / dims[1]};
    std::array<int, 3> lo{}, hi{};
    for (int a = 0; a < 3; ++a) {
      const auto r = split_extent(n[a], dims[a], s.coords[a]);
      lo[a] = r[0];
      hi[a] = r[1];
      for (int side = 0; side < 2; ++side) {
        auto c = s.coords;
        c[a] += side == 0 ? -1 : 1;
        if (c[a] >= 0 && c[a] < dims[a]) s.neighbour[a][side] = c[0] + dims[0] * (c[1] + dims[1] * c[2]);
      }
    }
    s.box = Box{lo[0], hi[0], lo[1], hi[1], lo[2], hi[2]};
    return s;
  }

  int offset(int axis) const { return axis == 0 ? box.x0 : axis == 1 ? box.y0 : box.z0; }
  int extent(int axis) const { return axis == 0 ? box.nx() : axis == 1 ? box.ny() : box.nz(); }
  bool has_neighbour(int axis, int side) const { return neighbour[axis][side] >= 0; }
  bool has_any_neighbour() const {
    for (int a = 0; a < 3; ++a)
      if (has_neighbour(a, 0) || has_neighbour(a, 1)) return true;
    return false;
  }
  int ranks() const { return dims[0] * dims[1] * dims[2]; }

  // The local grid: same spacing, this box's extents.
  Grid local_grid(const Grid& global) const {
    return Grid(box.nx(), box.ny(), box.nz(), global.hx(), global.hy(), global.hz(), global.scalar_bytes());
  }

  // A global box's part inside this sub-domain, in local coordinates (empty
  // when they do not meet).
  Box to_local(const Box& g) const {
    Box b{std::max(g.x0, box.x0), std::min(g.x1, box.x1), std::max(g.y0, box.y0),
          std::min(g.y1, box.y1), std::max(g.z0, box.z0), std::min(g.z1, box.z1)};
    b.x0 -= box.x0, b.x1 -= box.x0, b.y0 -= box.y0, b.y1 -= box.y0, b.z0 -= box.z0, b.z1 -= box.z0;
    return b;
  }

  // The local box shrunk by the halo radius on every face with a neighbour:
  // points whose stencil never reads a received halo.
  Box halo_free_core() const {
    const int R = Grid::radius;
    auto cut = [&](int axis, int side) { return has_neighbour(axis, side) ? R : 0; };
    return Box{cut(0, 0), box.nx() - cut(0, 1), cut(1, 0), box.ny() - cut(1, 1), cut(2, 0), box.nz() - cut(2, 1)};
  }

  std::string describe() const {
    return std::to_string(dims[0]) + " x " + std::to_string(dims[1]) + " x " + std::to_string(dims[2]);
  }
};

// The global seven regions restricted to a sub-domain, in local coordinates.
inline Regions local_regions(const Subdomain& s, const Regions& global) {
  Regions r;
  r.thickness = global.thickness;
  r.inner = s.to_local(global.inner);
  for (int i = 0; i < 6; ++i) r.slabs[i] = s.to_local(global.slabs[i]);
  return r;
}

}  // namespace seis
