#pragma once
// The staged planes of st_reg_feat and its native twin, from one place so the
// two cannot drift (issue 9: shared geometry; issue 10: the twin must touch
// the same shared-memory addresses as the Kokkos kernel):
//   - rows of MaxDX + 2H cells (a compile-time pitch), the F fields
//     interleaved row by row, as InterleavedPlane (plane_access.hpp) reads
//     them; the team copies and the halo plan place cells by this layout;
//   - where the ring starts in the block's shared memory: a Kokkos CUDA
//     team kernel has 16 bytes of static shared memory (the team's
//     base_thread_id, as ncu reports it), then in its dynamic shared memory
//     a team-reduction buffer of sizeof(double) * (team_size + 2) bytes
//     (Kokkos_Cuda_Parallel_Team.hpp, m_shmem_begin) before the team
//     scratch, so the Kokkos kernel's ring starts that far in; the twin,
//     with no static shared memory, starts its ring at the same address.

#include "seis/halo_copy_plan.hpp"
#include "seis/math/tile_geometry.hpp"

#include <cstddef>
#include <cstdint>

namespace seis {

// The tile height for which st_reg_feat and its twin compile the form below
// with DY = staged_fixed_rows (the catalogue's 32x8; session 13, H200: TTI
// 900^3 0.98 of the run-time form's time).
inline constexpr int staged_fixed_rows = 8;

// DY > 0: tiles of exactly DY rows (the catalogue's 32x8), so that a staged
// plane's and a staged features plane's sizes are compile-time constants too:
// every ring slot is then one base register plus an immediate, instead of a
// plane stride loaded and multiplied each plane (issue 10). DY = 0: any height.
template <int F, int H, int MaxDX, int DY = 0>
struct InterleavedStaging {
  static constexpr int Pitch = MaxDX + 2 * H;  // a staged row of one field
  static constexpr int RowFloats = F * Pitch;  // a staged row of every field (PlaneLayout::w)

  static PlaneLayout layout(int dx, int dy) {
    PlaneLayout L(dx, dy, H, H, F);
    L.w = F * Pitch;
    L.field_stride = Pitch;
    L.plane_stride = L.h * F * Pitch;
    return L;
  }
  // Whether the tile's shape fits this staging (a pitch of MaxDX, DY rows).
  static constexpr bool fits(int dx, int dy) { return dx <= MaxDX && (DY == 0 || dy == DY); }
  // A staged cell's offset in its plane: compile-time for a compile-time
  // (cx, cy) and the same as L.centre.
  static SEIS_INLINE constexpr int centre(int cx, int cy) { return (cy + H) * RowFloats + cx + H; }
  // A staged value plane's floats (L.plane_stride).
  static SEIS_INLINE int plane_stride(const PlaneLayout& L) {
    if constexpr (DY > 0)
      return (DY + 2 * H) * RowFloats;
    else
      return L.plane_stride;
  }

  // Staged features (seis/math/plane_features.hpp): after the ring of value
  // planes, a ring of 2 planes (the centre's and the next one's) of S <= F
  // values per point, rows of the same width w, only the tile's rows and
  // `reach` beyond (TTI at 32x8: 2 x 3840 B, so the kernel stays within
  // Kokkos' 40936 B of team scratch for 256 threads). A point's staged cell
  // lies at its value-plane offset (L.centre) from staged_origin.
  static SEIS_INLINE std::size_t staged_floats(const PlaneLayout& L, int S, int reach) {
    return S > 0 ? 2 * std::size_t(staged_stride(L, reach)) : 0;
  }
  static SEIS_INLINE int staged_stride(const PlaneLayout& L, int reach) {
    if constexpr (DY > 0)
      return (DY + 2 * reach) * RowFloats;
    else
      return (L.dy + 2 * reach) * L.w;
  }
  // Minus the value-plane offset of the staged plane's first cell (0, -reach).
  static SEIS_INLINE constexpr int staged_origin(int reach) { return -centre(0, -reach); }

  // The team's scratch, in floats (st_reg_feat and its twin alike): a ring
  // of P value planes, the staged ring (S values a point, `reach` rows
  // beyond the tile), then the points' copied coefficient inputs
  // (ScratchPointOf, seis/math/point_memory.hpp), `point_stride` floats a
  // tile point (0: none), from point_floats_at.
  static SEIS_INLINE int point_floats_at(const PlaneLayout& L, int P, int S, int reach) {
    return int(std::size_t(P) * std::size_t(plane_stride(L)) + staged_floats(L, S, reach));
  }
  static SEIS_INLINE std::size_t scratch_floats(const PlaneLayout& L, int P, int S, int reach, int point_stride) {
    return std::size_t(point_floats_at(L, P, S, reach)) + std::size_t(L.dx) * std::size_t(L.dy) * point_stride;
  }
  // The rows of staged values outside the tile (`reach` above and below,
  // the tile's columns) are staged by the threads of its first 2 * reach
  // rows, one cell each, so that a thread keeps one offset (a halo plan's
  // list and its fallback cost the TTI kernel spills): the row column
  // (cx, cy) stages, or false. Needs blocks of at least 2 * reach rows.
  static SEIS_INLINE bool staged_row(const TileExtent& ext, int reach, int cx, int cy, int& row) {
    if (cx >= ext.nxv || cy >= 2 * reach) return false;
    row = cy < reach ? cy - reach : ext.nyv + cy - reach;
    return true;
  }
  // A tile's halo ring (seis/halo_copy_plan.hpp) in copies of halo_vec
  // elements (16 bytes of float, cp.async's widest: a quarter of the scalar
  // copies and their address arithmetic, issue 10) where the ring tiles into
  // aligned vectors: the tile's width a multiple of them (the halo width and
  // the pitch are), every field's window at `window` (one pointer a field)
  // and the staged plane `to` aligned to a vector, and the grid's row and
  // plane strides whole vectors; otherwise scalar copies. halo_width gives
  // the copies' width, halo_ring the ring in copies of that width (a kernel
  // keeps the width, a register, and places the ring again where it must).
  static constexpr int halo_vec = H % 4 == 0 && Pitch % 4 == 0 ? 4 : 1;
  template <class Scalar>
  static SEIS_INLINE int halo_width(const TileExtent& ext, int grid_row, long long grid_plane,
                                    const Scalar* const* window, const Scalar* to) {
    constexpr std::uintptr_t bytes = halo_vec * sizeof(Scalar);
    bool whole = ext.nxv % halo_vec == 0 && grid_row % halo_vec == 0 && grid_plane % halo_vec == 0 &&
                 reinterpret_cast<std::uintptr_t>(to) % bytes == 0;
    for (int f = 0; f < F; ++f) whole = whole && reinterpret_cast<std::uintptr_t>(window[f]) % bytes == 0;
    return whole ? halo_vec : 1;
  }
  static SEIS_INLINE HaloPlacement halo_ring(const TileExtent& ext, const PlaneLayout& L, int grid_row, int vec) {
    const bool v = vec == halo_vec;  // (divisions by a constant)
    return HaloPlacement{v ? ext.nxv / halo_vec : ext.nxv, ext.nyv, v ? L.hx / halo_vec : L.hx, L.hy, v ? halo_vec : 1,
                         grid_row, L.w};
  }
  template <int S, class Scalar, class Values>
  static SEIS_INLINE void put_staged(Scalar* at, const Values& v) {
    for (int k = 0; k < S; ++k) at[k * Pitch] = v[k];
  }
};

}  // namespace seis
