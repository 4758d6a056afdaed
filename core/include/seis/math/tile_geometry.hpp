#pragma once
// The geometry of team tiles and of the z-planes they stage into shared
// memory (team scratch), for the Kokkos strategies and the native twins
// alike; each side walks and copies them its own way.
//
// A staged plane holds, for each of the F fields, a (dx+2hx) x (dy+2hy)
// window around the tile, row pitch w. Cells beyond the box plus the halo
// are never read by a valid point and are not copied, so a tile at the end
// of the box never reads outside the storage.

#include "seis/math/host_device.hpp"

#include <cstddef>

namespace seis {

struct TileOrigin {
  int x, y, z;  // interior coordinates of the tile's first point
};

// Tiles of extent d along an axis of n points (the last one may be partial).
SEIS_INLINE constexpr int tile_count(int n, int d) { return (n + d - 1) / d; }

// The box with x0 rounded down to a multiple of vec, so that tiles start on
// whole vectors (their points before the box are computed, not stored).
// Box: any type with x0 (seis::Box, seis::native::Box).
template <class Box>
SEIS_INLINE Box align_box_x(Box b, int vec) {
  b.x0 -= b.x0 % vec;
  return b;
}

struct PlaneLayout {
  int dx = 0, dy = 0;    // tile points staged from registers/global
  int hx = 0, hy = 0;    // halo widths around them
  int w = 0, h = 0;      // staged window
  int field_stride = 0;  // w * h
  int plane_stride = 0;  // all F fields of one plane

  PlaneLayout() = default;
  PlaneLayout(int tile_dx, int tile_dy, int halo_x, int halo_y, int fields)
      : dx(tile_dx), dy(tile_dy), hx(halo_x), hy(halo_y), w(tile_dx + 2 * halo_x), h(tile_dy + 2 * halo_y),
        field_stride(w * h), plane_stride(fields * w * h) {}
  static PlaneLayout make(int tile_dx, int tile_dy, int halo_x, int halo_y, int fields) {
    return PlaneLayout(tile_dx, tile_dy, halo_x, halo_y, fields);
  }

  // Offset of tile point (cx, cy) inside a staged plane.
  SEIS_INLINE int centre(int cx, int cy) const { return (cy + hy) * w + cx + hx; }
  SEIS_INLINE std::size_t bytes(int planes, int scalar_bytes = int(sizeof(float))) const {
    return std::size_t(planes) * std::size_t(plane_stride) * std::size_t(scalar_bytes);
  }
};

// The part of a tile that lies inside the box: nxv x nyv points.
struct TileExtent {
  int nxv, nyv;
  template <class Box>
  SEIS_INLINE TileExtent(const Box& box, const PlaneLayout& L, TileOrigin o)
      : nxv(box.x1 - o.x < L.dx ? box.x1 - o.x : L.dx), nyv(box.y1 - o.y < L.dy ? box.y1 - o.y : L.dy) {}
  SEIS_INLINE bool owns(int cx, int cy) const { return cx < nxv && cy < nyv; }
};

// Row and column of a staged window.
struct StagedCell {
  int r, c;
};

// A staged cell in one int, row << 16 | column: a stager's per-thread plan
// in half the registers, for kernels that spill at their register budget
// (sliding_window), at two multiply-adds a cell and plane to decode.
struct PackedCell {
  static constexpr int max_column = 0xffff, max_row = 0x7fff;
  // Whether every cell of a window of layout L packs.
  SEIS_INLINE static bool fits(const PlaneLayout& L) { return L.w - 1 <= max_column && L.h - 1 <= max_row; }
  SEIS_INLINE static int pack(StagedCell cell) { return cell.r << 16 | cell.c; }
  SEIS_INLINE static StagedCell unpack(int packed) { return {packed >> 16, packed & max_column}; }
};

// The cells a staged plane copies: the whole window, or only its halo ring
// (the tile points are written by the threads that own them, from
// registers). Cell i is numbered row by row; the halo ring numbers the bands
// above and below the tile first, then those left and right of it. How a
// thread finds its cells once per tile (the stagers' per-thread plans).
// (Holds references: it lives inside one stager constructor.)
struct StagedCells {
  const TileExtent& e;
  const PlaneLayout& L;
  bool halo_only;
  int W = e.nxv + 2 * L.hx, rows = e.nyv + 2 * L.hy;  // the window

  SEIS_INLINE int count() const {
    return (e.nxv <= 0 || e.nyv <= 0) ? 0  // a padding tile beyond the box
         : halo_only ? rows * W - e.nxv * e.nyv : rows * W;
  }
  SEIS_INLINE StagedCell operator()(int i) const {
    int r, c;
    if (!halo_only) {
      r = i / W;
      c = i % W;
    } else if (i < 2 * L.hy * W) {  // the bands above and below the tile
      const int band = i / W;
      r = band < L.hy ? band : e.nyv + band;
      c = i % W;
    } else {  // the bands left and right of it
      const int j = i - 2 * L.hy * W, side = j % (2 * L.hx);
      r = L.hy + j / (2 * L.hx);
      c = side < L.hx ? side : e.nxv + side;
    }
    return {r, c};
  }
};

}  // namespace seis
