#pragma once
// Cutting a box into team tiles: tx fastest, so neighbouring teams share
// halos in L2; tz (3D tiles or z-chunks of 2.5D streaming) slowest.

#include "seis/grid.hpp"  // includes Kokkos first, so that the shared math takes Kokkos' qualifiers
#include "seis/math/fast_divisor.hpp"
#include "seis/math/tile_geometry.hpp"  // TileOrigin, tile_count
#include "seis/math/tile_order.hpp"     // BandedTileOrder

namespace seis {

struct TileGrid {
  Box box;
  int dx = 1, dy = 1, dz = 1;  // tile extent; dz = planes per team
  int ntx = 0, nty = 0, ntz = 0;
  // Divisions every team (or every thread of a 3D tile) does, prepared on
  // the host: by the tiles along x and y, and by a tile's points along x
  // and in an xy plane.
  FastDivisor by_ntx, by_nty, by_dx, by_dxdy;

  TileGrid() = default;
  TileGrid(const Box& b, int tile_dx, int tile_dy, int tile_dz)
      : box(b), dx(tile_dx), dy(tile_dy), dz(tile_dz) {
    ntx = tile_count(b.nx(), dx);
    nty = tile_count(b.ny(), dy);
    ntz = tile_count(b.nz(), dz);
    by_ntx = FastDivisor(ntx > 0 ? ntx : 1);
    by_nty = FastDivisor(nty > 0 ? nty : 1);
    by_dx = FastDivisor(dx > 0 ? dx : 1);
    by_dxdy = FastDivisor(dx * dy > 0 ? dx * dy : 1);
  }

  KOKKOS_INLINE_FUNCTION int league_size() const { return ntx * nty * ntz; }

  KOKKOS_INLINE_FUNCTION TileOrigin origin(int league_rank) const {
    const int rest = by_ntx.div(league_rank);
    const int tx = league_rank - rest * ntx;
    const int tz = by_nty.div(rest);
    const int ty = rest - tz * nty;
    return {box.x0 + tx * dx, box.y0 + ty * dy, box.z0 + tz * dz};
  }

  KOKKOS_INLINE_FUNCTION TileOrigin origin(int tx, int ty, int tz) const {
    return {box.x0 + tx * dx, box.y0 + ty * dy, box.z0 + tz * dz};
  }

  // Last plane (exclusive) a tile starting at z updates.
  KOKKOS_INLINE_FUNCTION int z_end(int z) const { return z + dz < box.z1 ? z + dz : box.z1; }
};

// The same tiles taken in banded order (seis/math/tile_order.hpp): league
// rank -> tile by bands of `band` tile rows, each band through all of z.
struct BandedTileGrid : TileGrid {
  BandedTileOrder order;

  BandedTileGrid() = default;
  BandedTileGrid(const Box& b, int tile_dx, int tile_dy, int tile_dz, int band)
      : TileGrid(b, tile_dx, tile_dy, tile_dz),
        order(ntx > 0 ? ntx : 1, nty > 0 ? nty : 1, ntz > 0 ? ntz : 1, band) {}

  KOKKOS_INLINE_FUNCTION TileOrigin origin(int league_rank) const {
    const TileIndex t = order.tile(league_rank);
    return TileGrid::origin(t.tx, t.ty, t.tz);
  }
};

}  // namespace seis
