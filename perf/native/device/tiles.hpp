#pragma once
// Tiles of the box and the staging of z-planes into shared memory: the native
// counterparts of policies/.../tile_grid.hpp, tile_staging.hpp (including the
// per-tile PlaneStager plans) and team_loops.hpp. The layouts and the
// thread-to-cell mappings are the shared seis/math/tile_geometry.hpp; the
// copies are the native kernels' own. A thread's tile point is (threadIdx.x,
// threadIdx.y[, threadIdx.z]): TilePoints' (rank % dx, rank / dx % dy,
// rank / (dx dy)) for the linear rank of team_rank().
//
// A block (Kokkos team) owns one tile; blockIdx.x/y/z walk the tiles with x
// fastest, the order of the Kokkos league ranks. A staged plane holds, per
// field, a (dx+2hx) x (dy+2hy) window around the tile, row pitch w; cells
// beyond the box plus the halo are never read by a valid point and are not
// copied, so a tile at the end of the box never reads outside the storage.

#include "device/common.hpp"
#include "seis/math/tile_geometry.hpp"  // TileOrigin, PlaneLayout, TileExtent, staged cells, align_box_x

#include <type_traits>

namespace seis::native::dev {

struct TileGrid {
  Box box;
  int dx, dy, dz;     // tile extent; dz = planes per block (3D tile depth or 2.5D z-chunk)
  int ntx, nty, ntz;  // tiles per axis = the launch grid

  static TileGrid make(const Box& b, int tile_dx, int tile_dy, int tile_dz) {
    TileGrid t{b, tile_dx, tile_dy, tile_dz, 0, 0, 0};
    t.ntx = tile_count(b.x1 - b.x0, tile_dx);
    t.nty = tile_count(b.y1 - b.y0, tile_dy);
    t.ntz = tile_count(b.z1 - b.z0, tile_dz);
    return t;
  }

  SEIS_NATIVE_DEV TileOrigin origin() const {
    return {box.x0 + int(blockIdx.x) * dx, box.y0 + int(blockIdx.y) * dy, box.z0 + int(blockIdx.z) * dz};
  }
  // Tile number `tile` with x fastest (the Kokkos league rank's tile), for a
  // kernel launched on a 1D grid as Kokkos launches it.
  SEIS_NATIVE_DEV TileOrigin origin(int tile) const {
    const int rest = tile / ntx, tz = rest / nty;
    return {box.x0 + (tile - rest * ntx) * dx, box.y0 + (rest - tz * nty) * dy, box.z0 + tz * dz};
  }
  // Last plane (exclusive) a tile starting at z updates.
  SEIS_NATIVE_DEV int z_end(int z) const { return z + dz < box.z1 ? z + dz : box.z1; }
};

// Element copies global -> shared: plain (load, then store) ...
struct PlainCopy {
  SEIS_NATIVE_DEV void operator()(float* dst, const float* src) const { *dst = *src; }
};
// ... or through the backend's asynchronous path (CUDA: cp.async), which
// lands in shared memory without passing through registers.
template <class Backend>
struct AsyncCopy {
  SEIS_NATIVE_DEV void operator()(float* dst, const float* src) const { Backend::async_copy(dst, src); }
};

// The block laid out as a (cols_hint x rest) grid of threads, so that rows
// are read coalesced and no division happens inside the loops; built once
// per tile by kernels that walk the same rectangles every plane
// (team_loops.hpp: TeamGrid2D).
struct TeamGrid2D {
  int r0 = 0, c0 = 0, dr = 1, dc = 1;
  bool active = false;
  SEIS_NATIVE_DEV explicit TeamGrid2D(int cols_hint) {
    const int size = team_size();
    dc = size < cols_hint ? size : cols_hint;
    dr = size / dc;
    const int rank = team_rank();
    active = rank < dc * dr;
    r0 = rank / dc;
    c0 = rank % dc;
  }
  template <class F>
  SEIS_NATIVE_DEV void for_each(int rows, int cols, const F& f) const {
    if (!active) return;
    for (int r = r0; r < rows; r += dr)
      for (int c = c0; c < cols; c += dc) f(r, c);
  }
};

// Every thread visits its share of a rows x cols rectangle (TeamGrid2D).
template <class F>
SEIS_NATIVE_DEV void team_for_2d(int rows, int cols, int cols_hint, const F& f) {
  TeamGrid2D(cols_hint).for_each(rows, cols, f);
}

// Copies cell (r, c) of the staged window of plane z, all fields.
template <class Op, class Copy>
struct PlaneCopier {
  const StepArgs<Op>& a;
  float* dst;
  const PlaneLayout& L;
  long long row0;  // global index of staged cell (0, 0)
  const Copy& copy;
  SEIS_NATIVE_DEV void operator()(int r, int c) const {
    const long long src = row0 + r * a.grid.stride_y + c;
    for (int f = 0; f < Op::F; ++f) copy(dst + f * L.field_stride + r * L.w + c, a.cur[f] + src);
  }
};

// Stages the (nxv+2hx) x (nyv+2hy) window of plane z into dst, each thread
// its share of `threads` (TeamGrid2D(L.dx)), built once per tile by a kernel
// that stages many planes (as tile_staging.hpp).
template <class Op, class Copy>
SEIS_NATIVE_DEV void stage_plane(const TeamGrid2D& threads, const StepArgs<Op>& a, const TileExtent& ext,
                                 const PlaneLayout& L, TileOrigin o, int z, float* dst, const Copy& copy) {
  if (ext.nxv <= 0 || ext.nyv <= 0) return;  // a padding tile beyond the box (as tile_staging.hpp)
  const PlaneCopier<Op, Copy> put{a, dst, L, point_index(a.grid, o.x - L.hx, o.y - L.hy, z), copy};
  threads.for_each(ext.nyv + 2 * L.hy, ext.nxv + 2 * L.hx, put);
}

// Stages the (nxv+2hx) x (nyv+2hy) window of plane z into dst.
template <class Op, class Copy>
SEIS_NATIVE_DEV void stage_plane(const StepArgs<Op>& a, const TileExtent& ext, const PlaneLayout& L,
                                 TileOrigin o, int z, float* dst, const Copy& copy) {
  stage_plane(TeamGrid2D(L.dx), a, ext, L, o, z, dst, copy);
}

// Stages only the halo ring of plane z; the tile points themselves are
// written by the threads that own them, from registers.
template <class Op, class Copy>
SEIS_NATIVE_DEV void stage_plane_halo(const StepArgs<Op>& a, const TileExtent& ext, const PlaneLayout& L,
                                      TileOrigin o, int z, float* dst, const Copy& copy) {
  if (ext.nxv <= 0 || ext.nyv <= 0) return;  // a padding tile beyond the box (as tile_staging.hpp)
  const PlaneCopier<Op, Copy> put{a, dst, L, point_index(a.grid, o.x - L.hx, o.y - L.hy, z), copy};
  const int hx = L.hx, hy = L.hy;
  // Bands above and below the tile, full width.
  team_for_2d(2 * hy, ext.nxv + 2 * hx, L.dx, [&](int r, int c) { put(r < hy ? r : ext.nyv + r, c); });
  // Bands left and right of the tile.
  if (hx > 0) team_for_2d(ext.nyv, 2 * hx, 2 * hx, [&](int r, int c) { put(hy + r, c < hx ? c : ext.nxv + c); });
}

// How a block copies a staged plane, worked out once per tile
// (tile_staging.hpp: PlaneStager). Every thread gets its (at most K) cells of
// the window, or of its halo ring, with their source and destination
// offsets: the work is spread evenly and a plane costs K predicated copies
// with no index arithmetic or divisions (the semi-stencil seed's "arithmetic
// index", §IV.B). When a thread would own more than K cells, or with K = 0
// (planes staged too rarely to spend registers on a plan), the team loops
// above (stage_plane / stage_plane_halo) do the copy.
// Packed (tile_staging.hpp): a cell as one int, row << 16 | column, decoded
// in every plane (Backend::fresh_value): half the registers of the plan.
template <class Op, int K, bool Packed = false, class Backend = void>
struct PlaneStager {
  static_assert(!Packed || !std::is_void_v<Backend>, "a packed plan decodes its cells with Backend::fresh_value");
  static constexpr int KS = K > 0 ? K : 1;
  const StepArgs<Op>* a;
  TileExtent ext;
  PlaneLayout L;
  TileOrigin o;
  bool halo_only;
  long long window0 = 0;  // global index of window cell (0, 0) on plane z = 0
  int count = -1;         // this thread's cells; -1: use the team loops
  int src[KS] = {}, dst[Packed ? 1 : KS] = {};  // Packed: src holds the packed cells

  SEIS_NATIVE_DEV PlaneStager(const StepArgs<Op>& args, const TileExtent& e, const PlaneLayout& layout,
                              TileOrigin origin, bool halo)
      : a(&args), ext(e), L(layout), o(origin), halo_only(halo) {
    if constexpr (K > 0) {
      const StagedCells cells{e, layout, halo};
      const int total = cells.count();
      const int size = team_size();
      if (total > K * size) return;
      if (Packed && !PackedCell::fits(layout)) return;  // a row or column beyond 16 bits: the team loops
      window0 = point_index(args.grid, origin.x - layout.hx, origin.y - layout.hy, 0);
      const int sy = int(args.grid.stride_y);
      count = 0;
      for (int k = 0; k < K; ++k) {
        const int i = team_rank() + k * size;
        if (i >= total) break;
        const StagedCell cell = cells(i);
        if constexpr (Packed) {
          src[k] = PackedCell::pack(cell);
        } else {
          src[k] = cell.r * sy + cell.c;
          dst[k] = cell.r * layout.w + cell.c;
        }
        count = k + 1;
      }
    }
  }

  // Copies plane z into dst_plane (one staged plane, all fields).
  template <class Copy>
  SEIS_NATIVE_DEV void stage(int z, float* dst_plane, const Copy& copy) const {
    if constexpr (K > 0) {
      if (count >= 0) {
        const long long base = window0 + (long long)z * a->grid.stride_z;
        static_for<0, K>([&](auto k) {
          if (k < count) {
            int s = src[k], d = 0;
            if constexpr (Packed) {
              // Decoded here, in every plane (not hoisted out of the z loop and held).
              const StagedCell cell = PackedCell::unpack(Backend::fresh_value(src[k]));
              s = cell.r * int(a->grid.stride_y) + cell.c;
              d = cell.r * L.w + cell.c;
            } else {
              d = dst[k];
            }
            for (int f = 0; f < Op::F; ++f) copy(dst_plane + f * L.field_stride + d, a->cur[f] + base + s);
          }
        });
        return;
      }
    }
    if (halo_only)
      stage_plane_halo(*a, ext, L, o, z, dst_plane, copy);
    else
      stage_plane(*a, ext, L, o, z, dst_plane, copy);
  }
};

}  // namespace seis::native::dev

namespace seis::native::dev {

// How a strategy launches: the tiles (= the grid of blocks), the block's
// thread extents, its staged-plane layout and dynamic shared memory.
struct LaunchPlan {
  TileGrid tiles;
  PlaneLayout layout;
  int bx, by, bz;      // blockDim
  std::size_t shared;  // dynamic shared memory per block, bytes
  bool linear = false;  // as Kokkos launches a team: a 1D grid of the tiles, 1D blocks of bx*by*bz threads
};

// Launch plan of a 2.5D kernel with a ring of `planes` staged planes (full
// halo in x and y): dx*dy threads per block, each block streaming zchunk
// planes (0 = the whole box).
template <class Op>
LaunchPlan plan_streaming(const Box& box, const Shape& s, int planes) {
  const PlaneLayout L = PlaneLayout::make(s.dx, s.dy, Op::H, Op::H, Op::F);
  const int zchunk = s.zchunk > 0 ? s.zchunk : box.z1 - box.z0;
  return LaunchPlan{TileGrid::make(box, s.dx, s.dy, zchunk), L, s.dx, s.dy, 1, L.bytes(planes)};
}

}  // namespace seis::native::dev
