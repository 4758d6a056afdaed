#pragma once
// Copying tiles of z-planes from global memory into team scratch. The
// layout of a staged plane and which cells it copies are
// seis/math/tile_geometry.hpp (shared with the native twins).

#include "seis/physics/plane_terms.hpp"
#include "seis/policies/team_loops.hpp"
#include "seis/policies/tile_grid.hpp"  // and seis/math/tile_geometry.hpp
#include "seis/wave_state.hpp"

#include <type_traits>

namespace seis {

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

namespace detail {
template <class Physics, class Copy>
struct PlaneCopier {
  const StepData<Physics>& d;
  typename Physics::scalar_type* dst;
  const PlaneLayout& L;
  index_t row0;  // global index of staged cell (0, 0)
  const Copy& copy;
  KOKKOS_FORCEINLINE_FUNCTION void operator()(int r, int c) const {
    // The row offset in 32 bits (a plane fits an int, Grid checks it), as
    // the native twins take it: r * stride_y() as 64 bits cost a 64 x 64
    // multiply per staged row (smem_3d stages a row per cell or two).
    const index_t src = row0 + r * int(d.grid.stride_y()) + c;
    for (int f = 0; f < Physics::num_fields; ++f) copy(dst + f * L.field_stride + r * L.w + c, d.cur[f] + src);
  }
};
}  // namespace detail

// Stages the (nxv+2hx) x (nyv+2hy) window of plane z, each thread its share
// of `threads` (TeamGrid2D(team, L.dx)). A kernel staging many planes builds
// that grid once per tile: nvcc does not hoist the division out of a Kokkos
// team's plane loop (smem_3d paid it per plane).
template <class Physics, class Copy>
KOKKOS_FORCEINLINE_FUNCTION void stage_plane(const TeamGrid2D& threads, const StepData<Physics>& d,
                                             const TileExtent& ext, const PlaneLayout& L,
                                             TileOrigin o, int z,
                                             typename Physics::scalar_type* dst, const Copy& copy) {
  if (ext.nxv <= 0 || ext.nyv <= 0) return;  // a padding tile beyond the box
  const detail::PlaneCopier<Physics, Copy> put{d, dst, L, d.grid.index(o.x - L.hx, o.y - L.hy, z), copy};
  threads.for_each(ext.nyv + 2 * L.hy, ext.nxv + 2 * L.hx, put);
}

// Stages the (nxv+2hx) x (nyv+2hy) window of plane z.
template <class Physics, class Team, class Copy>
KOKKOS_FORCEINLINE_FUNCTION void stage_plane(const Team& team, const StepData<Physics>& d,
                                             const TileExtent& ext, const PlaneLayout& L,
                                             TileOrigin o, int z,
                                             typename Physics::scalar_type* dst, const Copy& copy) {
  stage_plane(TeamGrid2D(team, L.dx), d, ext, L, o, z, dst, copy);
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
// Packed: a cell is kept as one int, row << 16 | column, its offsets worked
// out per plane (two multiply-adds): half the registers of the plan, for a
// kernel that spills at its register budget (sliding_window).
template <class Physics, class Exec, int K, bool Packed = false>
struct PlaneStager {
  using scalar_type = typename Physics::scalar_type;
  static constexpr int KS = K > 0 ? K : 1;
  const StepData<Physics>* data;
  TileExtent ext;
  PlaneLayout layout;
  TileOrigin origin;
  bool halo_only;
  index_t window0 = 0;  // global index of window cell (0, 0) on plane z = 0
  int count = -1;       // this thread's cells; -1: use the team loops
  int src[KS] = {}, dst[Packed ? 1 : KS] = {};  // Packed: src holds the packed cells

  template <class Team>
  KOKKOS_INLINE_FUNCTION PlaneStager(const Team& team, const StepData<Physics>& d, const TileExtent& e,
                                     const PlaneLayout& L, TileOrigin o, bool halo)
      : data(&d), ext(e), layout(L), origin(o), halo_only(halo) {
    if constexpr (K > 0 && ExecTraits<Exec>::is_gpu && !TeamSharesHalos<Team>::value) {
      const StagedCells cells{e, L, halo};
      const int total = cells.count();
      const int size = team.team_size();
      if (total > K * size) return;
      if (Packed && !PackedCell::fits(L)) return;  // a row or column beyond 16 bits: the team loops
      window0 = d.grid.index(o.x - L.hx, o.y - L.hy, 0);
      const int sy = int(d.grid.stride_y());
      count = 0;
      for (int k = 0; k < K; ++k) {
        const int i = team.team_rank() + k * size;
        if (i >= total) break;
        const StagedCell cell = cells(i);
        if constexpr (Packed) {
          src[k] = PackedCell::pack(cell);
        } else {
          src[k] = cell.r * sy + cell.c;
          dst[k] = cell.r * L.w + cell.c;
        }
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
          if (k < count) {
            int s = src[k], d = 0;
            if constexpr (Packed) {
              // Decoded here, in every plane (not hoisted out of the z loop and held).
              const StagedCell cell = PackedCell::unpack(ExecTraits<Exec>::fresh_value(src[k]));
              s = cell.r * int(data->grid.stride_y()) + cell.c;
              d = cell.r * layout.w + cell.c;
            } else {
              d = dst[k];
            }
            for (int f = 0; f < Physics::num_fields; ++f)
              copy(dst_plane + f * layout.field_stride + d, data->cur[f] + base + s);
          }
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
