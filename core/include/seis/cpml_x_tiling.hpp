#pragma once
// How the x-slabs' CPML kernel (XColumns, seis/pml.hpp) cuts psi_x's box of
// one side into team tiles, and which column each place of a tile walks.
// A tile is `rows` whole x-rows (tx = the box's x extent) by a chunk of
// z-planes; on a GPU a team has exactly tx * rows threads, a thread per
// place. The last row tile may reach beyond the box (ny not a multiple of
// rows): its places there are shadows, which walk the box's last row
// (loads only, nothing stored), so that every thread of the team runs the
// same plane loop and meets the same team barrier the same number of times.
// (A thread that skipped the loop and met the barriers in a loop of its
// own, beside threads of its warp in the plane loop, hung the GPU: H200,
// session 7, tiles with rows beyond the box, 40^3 and 80^3 grids with a
// 10-point layer.)

#include "seis/grid.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>

namespace seis {

struct CpmlXTiling {
  Box memory;          // psi_x's box of the side
  int tx = 1;          // the box's x extent: a row
  int rows = 1;        // rows a tile
  int chunk = 1;       // z-planes a tile
  int row_tiles = 1;   // tiles across y
  int tiles = 1;       // tiles of the side (row_tiles by the chunks of z)

  CpmlXTiling() = default;
  // Tiles of about `threads` places (at least one row) and `chunk` planes.
  CpmlXTiling(const Box& m, int threads, int planes) : memory(m), tx(std::max(1, m.nx())), chunk(planes) {
    rows = std::max(1, std::min(threads / tx, m.ny()));
    row_tiles = (m.ny() + rows - 1) / rows;
    tiles = row_tiles * ((m.nz() + chunk - 1) / chunk);
  }
  KOKKOS_INLINE_FUNCTION int places() const { return tx * rows; }

  // Place q of tile `tile` (0 <= q < places()): the column it walks and
  // whether it owns it (a shadow walks the box's last row).
  struct Place {
    int x = 0, y = 0;
    bool owned = false;
  };
  KOKKOS_INLINE_FUNCTION int y0(int tile) const { return memory.y0 + (tile % row_tiles) * rows; }
  KOKKOS_INLINE_FUNCTION Place place(int tile, int q) const {
    const int y = y0(tile) + q / tx;
    const bool owned = y < memory.y1;
    return {memory.x0 + q % tx, owned ? y : memory.y1 - 1, owned};
  }
  // The tile's planes [z0, z1): the same for every place.
  KOKKOS_INLINE_FUNCTION int z0(int tile) const { return memory.z0 + (tile / row_tiles) * chunk; }
  KOKKOS_INLINE_FUNCTION int z1(int tile) const {
    const int z = z0(tile) + chunk;
    return z < memory.z1 ? z : memory.z1;
  }
};

}  // namespace seis
