#pragma once
// Copying tiles of z-planes from global memory into team scratch.
//
// A staged plane holds, for each of the F fields, a (dx+2H) x (dy+2H) window
// around the tile (H = the physics' largest in-plane reach), row pitch w.
// Cells beyond the box plus H are never read by a valid point and are not
// copied, so a tile at the end of the box never reads outside the storage.

#include "seis/physics/plane_terms.hpp"
#include "seis/policies/team_loops.hpp"
#include "seis/policies/tile_grid.hpp"
#include "seis/wave_state.hpp"

#include <type_traits>

namespace seis {

struct PlaneLayout {
  int dx = 0, dy = 0;          // tile points staged from registers/global
  int hx = 0, hy = 0;          // halo widths around them
  int w = 0, h = 0;            // staged window
  int field_stride = 0;
  int plane_stride = 0;        // all F fields of one plane

  PlaneLayout() = default;
  PlaneLayout(int tile_dx, int tile_dy, int halo_x, int halo_y, int fields)
      : dx(tile_dx), dy(tile_dy), hx(halo_x), hy(halo_y), w(tile_dx + 2 * halo_x),
        h(tile_dy + 2 * halo_y), field_stride(w * h), plane_stride(fields * w * h) {}

  // Offset of tile point (cx, cy) inside a staged plane.
  KOKKOS_INLINE_FUNCTION int centre(int cx, int cy) const { return (cy + hy) * w + cx + hx; }
  std::size_t bytes(int planes, int scalar_bytes) const {
    return std::size_t(planes) * std::size_t(plane_stride) * std::size_t(scalar_bytes);
  }
};

// Plain element copy (the portable, synchronous way).
struct PlainCopy {
  template <class Scalar>
  KOKKOS_FORCEINLINE_FUNCTION void operator()(Scalar* dst, const Scalar* src) const {
    *dst = *src;
  }
};

// Copy through the execution space's asynchronous global->scratch path.
template <class Exec>
struct AsyncCopy {
  template <class Scalar>
  KOKKOS_FORCEINLINE_FUNCTION void operator()(Scalar* dst, const Scalar* src) const {
    ExecTraits<Exec>::async_copy(dst, src, 1);
  }
};

// The part of a tile that lies inside the box: nxv x nyv points.
struct TileExtent {
  int nxv, nyv;
  KOKKOS_INLINE_FUNCTION TileExtent(const Box& box, const PlaneLayout& L, TileOrigin o)
      : nxv(box.x1 - o.x < L.dx ? box.x1 - o.x : L.dx), nyv(box.y1 - o.y < L.dy ? box.y1 - o.y : L.dy) {}
  KOKKOS_INLINE_FUNCTION bool owns(int cx, int cy) const { return cx < nxv && cy < nyv; }
};

namespace detail {
template <class Physics, class Copy>
struct PlaneCopier {
  const StepData<Physics>& d;
  typename Physics::scalar_type* dst;
  const PlaneLayout& L;
  index_t row0;  // global index of staged cell (0, 0)
  const Copy& copy;
  KOKKOS_FORCEINLINE_FUNCTION void operator()(int r, int c) const {
    const index_t src = row0 + r * d.grid.stride_y() + c;
    for (int f = 0; f < Physics::num_fields; ++f) copy(dst + f * L.field_stride + r * L.w + c, d.cur[f] + src);
  }
};
}  // namespace detail

// Stages the (nxv+2hx) x (nyv+2hy) window of plane z.
template <class Physics, class Team, class Copy>
KOKKOS_FORCEINLINE_FUNCTION void stage_plane(const Team& team, const StepData<Physics>& d,
                                             const TileExtent& ext, const PlaneLayout& L,
                                             TileOrigin o, int z,
                                             typename Physics::scalar_type* dst, const Copy& copy) {
  if (ext.nxv <= 0 || ext.nyv <= 0) return;  // a padding tile beyond the box
  const detail::PlaneCopier<Physics, Copy> put{d, dst, L, d.grid.index(o.x - L.hx, o.y - L.hy, z), copy};
  team_for_2d(team, ext.nyv + 2 * L.hy, ext.nxv + 2 * L.hx, L.dx, put);
}

// Stages only the halo ring of plane z; the tile points themselves are
// written by the threads that own them (from registers).
template <class Physics, class Team, class Copy>
KOKKOS_FORCEINLINE_FUNCTION void stage_plane_halo(const Team& team, const StepData<Physics>& d,
                                                  const TileExtent& ext, const PlaneLayout& L,
                                                  TileOrigin o, int z,
                                                  typename Physics::scalar_type* dst,
                                                  const Copy& copy) {
  if (ext.nxv <= 0 || ext.nyv <= 0) return;  // a padding tile beyond the box
  const detail::PlaneCopier<Physics, Copy> put{d, dst, L, d.grid.index(o.x - L.hx, o.y - L.hy, z), copy};
  const int hx = L.hx, hy = L.hy;
  // Bands above and below the tile, full width.
  team_for_2d(team, 2 * hy, ext.nxv + 2 * hx, L.dx,
              [&](int r, int c) { put(r < hy ? r : ext.nyv + r, c); });
  // Bands left and right of the tile.
  if (hx > 0)
    team_for_2d(team, ext.nyv, 2 * hx, 2 * hx,
                [&](int r, int c) { put(hy + r, c < hx ? c : ext.nxv + c); });
}

// Whether a team fills halo cells from its neighbours rather than from
// global memory (thread-block clusters); such teams stage through the
// stage_plane / stage_plane_halo overloads found for them.
template <class Team>
struct TeamSharesHalos : std::false_type {};

// How a team copies a staged plane, worked out once per tile. On GPUs every
// thread gets its (at most K) cells of the window, or of its halo ring, with
// their source and destination offsets: the work is spread evenly and a
// plane costs K predicated copies with no index arithmetic or divisions (the
// semi-stencil seed's "arithmetic index", §IV.B). On the host, when a
// thread would own more than K cells, or with K = 0 (planes staged too
// rarely to spend registers on a plan), the team loops above do the copy.
template <class Physics, class Exec, int K>
struct PlaneStager {
  using scalar_type = typename Physics::scalar_type;
  const StepData<Physics>* data;
  TileExtent ext;
  PlaneLayout layout;
  TileOrigin origin;
  bool halo_only;
  index_t window0 = 0;  // global index of window cell (0, 0) on plane z = 0
  int count = -1;       // this thread's cells; -1: use the team loops
  int src[K > 0 ? K : 1] = {}, dst[K > 0 ? K : 1] = {};

  template <class Team>
  KOKKOS_INLINE_FUNCTION PlaneStager(const Team& team, const StepData<Physics>& d, const TileExtent& e,
                                     const PlaneLayout& L, TileOrigin o, bool halo)
      : data(&d), ext(e), layout(L), origin(o), halo_only(halo) {
    if constexpr (K > 0 && ExecTraits<Exec>::is_gpu && !TeamSharesHalos<Team>::value) {
      const int W = e.nxv + 2 * L.hx, rows = e.nyv + 2 * L.hy;
      const int total = (e.nxv <= 0 || e.nyv <= 0) ? 0 : halo ? rows * W - e.nxv * e.nyv : rows * W;
      const int size = team.team_size();
      if (total > K * size) return;
      window0 = d.grid.index(o.x - L.hx, o.y - L.hy, 0);
      const int sy = int(d.grid.stride_y());
      count = 0;
      for (int k = 0; k < K; ++k) {
        const int i = team.team_rank() + k * size;
        if (i >= total) break;
        int r, c;
        if (!halo) {
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
        src[k] = r * sy + c;
        dst[k] = r * L.w + c;
        count = k + 1;
      }
    }
  }

  // Copies plane z into dst (one staged plane, all fields).
  template <class Team, class Copy>
  KOKKOS_FORCEINLINE_FUNCTION void stage(const Team& team, int z, scalar_type* dst_plane, const Copy& copy) const {
    if constexpr (K > 0 && ExecTraits<Exec>::is_gpu && !TeamSharesHalos<Team>::value) {
      if (count >= 0) {
        const index_t base = window0 + index_t(z) * data->grid.stride_z();
        static_for<0, K>([&](auto k) {
          if (k < count)
            for (int f = 0; f < Physics::num_fields; ++f)
              copy(dst_plane + f * layout.field_stride + dst[k], data->cur[f] + base + src[k]);
        });
        return;
      }
    }
    if (halo_only)
      stage_plane_halo(team, *data, ext, layout, origin, z, dst_plane, copy);
    else
      stage_plane(team, *data, ext, layout, origin, z, dst_plane, copy);
  }
};

}  // namespace seis
