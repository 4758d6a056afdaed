#pragma once
// How the threads of a team share work. Written against the member API that
// both Kokkos team members and the native cluster team provide
// (team_rank, team_size, team_barrier), so one strategy body serves both.

#include "seis/physics/plane_terms.hpp"
#include "seis/policies/tile_grid.hpp"
#include "seis/policies/traits/exec_traits.hpp"

namespace seis {

// Every thread of the team visits its share of [0, n).
template <class Team, class F>
KOKKOS_FORCEINLINE_FUNCTION void team_for(const Team& team, int n, F&& f) {
  for (int e = team.team_rank(); e < n; e += team.team_size()) f(e);
}

// The team laid out as a (cols_hint x rest) grid of threads, so that rows
// are read coalesced and no division happens inside the loops. A kernel that
// walks the same rectangles every plane builds it once per tile: the
// division then happens once per tile instead of once per plane.
struct TeamGrid2D {
  int r0 = 0, c0 = 0, dr = 1, dc = 1;
  bool active = false;
  template <class Team>
  KOKKOS_INLINE_FUNCTION TeamGrid2D(const Team& team, int cols_hint) {
    const int size = team.team_size();
    dc = size < cols_hint ? size : cols_hint;
    dr = size / dc;
    const int rank = team.team_rank();
    active = rank < dc * dr;
    r0 = rank / dc;
    c0 = rank % dc;
  }
  // The same grid with the division by cols_hint prepared on the host
  // (by_cols_hint = FastDivisor(cols_hint)): a few instructions even where
  // ptxas recomputes the grid in every iteration of a loop instead of
  // keeping it in registers.
  template <class Team>
  KOKKOS_INLINE_FUNCTION TeamGrid2D(const Team& team, int cols_hint, const FastDivisor& by_cols_hint) {
    // A team narrower than cols_hint (a one-thread host team) is one row:
    // selects, not a call of the plain constructor, whose divisions cost
    // smem_3d TTI 8 registers (40 -> 48) and an occupancy step.
    const int size = team.team_size();
    const int rank = team.team_rank();
    const bool narrow = size < cols_hint;
    dc = narrow ? size : cols_hint;
    dr = narrow ? 1 : by_cols_hint.div(size);
    active = rank < dc * dr;
    r0 = narrow ? 0 : by_cols_hint.div(rank);
    c0 = rank - r0 * dc;
  }
  // This thread's share of a rows x cols rectangle.
  template <class F>
  KOKKOS_FORCEINLINE_FUNCTION void for_each(int rows, int cols, F&& f) const {
    if (!active) return;
    for (int r = r0; r < rows; r += dr)
      for (int c = c0; c < cols; c += dc) f(r, c);
  }
};

// Every thread visits its share of a rows x cols rectangle (TeamGrid2D).
template <class Team, class F>
KOKKOS_FORCEINLINE_FUNCTION void team_for_2d(const Team& team, int rows, int cols, int cols_hint,
                                             F&& f) {
  TeamGrid2D(team, cols_hint).for_each(rows, cols, f);
}

// The tile points (cx, cy, cz), cx fastest, that this thread owns, worked
// out once per tile. for_each(f) calls f(cx, cy, cz, slot), where slot
// indexes the thread's per-point state: on GPUs (one point per thread) slot
// is the compile-time constant 0 so that state stays in registers, and the
// thread's coordinates were computed once in the constructor; on a
// one-thread host team the points are a plain loop nest with x innermost.
// Pinned: the GPU thread's point and whether it has one are opaque to the
// optimiser (ExecTraits::opaque_value), so a body under register pressure
// keeps them in registers instead of re-reading the thread index after
// every barrier.
template <class Exec, bool Pinned = false>
struct TilePoints {
  int dx = 1, dy = 1, dz = 1;
  int cx = 0, cy = 0, cz = 0;  // GPU: this thread's point
  bool active = false;         // GPU: the thread has a point
  int rank = 0, size = 1;      // host

  template <class Team>
  KOKKOS_INLINE_FUNCTION TilePoints(const Team& team, int tile_dx, int tile_dy, int tile_dz = 1)
      : dx(tile_dx), dy(tile_dy), dz(tile_dz), rank(team.team_rank()), size(team.team_size()) {
    if constexpr (ExecTraits<Exec>::columns_per_thread == 1) {
      active = rank < dx * dy * dz;
      cx = rank % dx;
      cy = (rank / dx) % dy;
      cz = rank / (dx * dy);
      if constexpr (Pinned) {
        using T = ExecTraits<Exec>;
        active = T::opaque_value(int(active)) != 0;
        cx = T::opaque_value(cx);
        cy = T::opaque_value(cy);
      }
    }
  }

  // The points of one tile of `tiles` (3D tiles: a point per GPU thread),
  // the rank split with the divisors the grid prepared on the host.
  template <class Team>
  KOKKOS_INLINE_FUNCTION TilePoints(const Team& team, const TileGrid& tiles)
      : dx(tiles.dx), dy(tiles.dy), dz(tiles.dz), rank(team.team_rank()), size(team.team_size()) {
    if constexpr (ExecTraits<Exec>::columns_per_thread == 1) {
      active = rank < dx * dy * dz;
      const int row = tiles.by_dx.div(rank);  // rank / dx
      cx = rank - row * dx;
      cz = tiles.by_dxdy.div(rank);
      cy = row - cz * dy;
    }
  }

  template <class F>
  KOKKOS_FORCEINLINE_FUNCTION void for_each(F&& f) const {
    if constexpr (ExecTraits<Exec>::columns_per_thread == 1) {
      if (active) f(cx, cy, cz, int_c<0>{});
    } else if (size == 1) {
      int slot = 0;
      for (int z = 0; z < dz; ++z)
        for (int y = 0; y < dy; ++y)
          for (int x = 0; x < dx; ++x) f(x, y, z, slot++);
    } else {
      const int plane = dx * dy;
      int slot = 0;
      for (int r = rank; r < plane * dz; r += size, ++slot) f(r % dx, (r / dx) % dy, r / plane, slot);
    }
  }

  // f(slot) for each of this thread's state slots, on a GPU thread whether
  // or not it has a point (its state then unused): for work a kernel
  // predicates on per-point state rather than branching around it.
  template <class F>
  KOKKOS_FORCEINLINE_FUNCTION void for_each_slot(F&& f) const {
    if constexpr (ExecTraits<Exec>::columns_per_thread == 1)
      f(int_c<0>{});
    else
      for_each([&](int, int, int, auto slot) { f(slot); });
  }

  // The 2D case: f(cx, cy, slot).
  template <class F>
  KOKKOS_FORCEINLINE_FUNCTION void for_each_column(F&& f) const {
    for_each([&](int x, int y, int, auto slot) { f(x, y, slot); });
  }
};

// TilePoints' 2D columns, a GPU thread's column split from its team rank
// anew at each visit (a fast division by the tile's columns, prepared on the
// host; the rank fresh, ExecTraits::fresh_value), so that nothing derived
// from it is held across a body's plane loop: as a twin reads its column
// from the thread index where it needs it. Held, the Kokkos sliding_window
// spilled addresses derived from it (sliding_window.hpp,
// SlidingWindowColumn). Host teams: TilePoints' loops.
template <class Exec>
struct FreshTilePoints {
  TilePoints<Exec> points;
  FastDivisor by_dx;

  template <class Team>
  KOKKOS_INLINE_FUNCTION FreshTilePoints(const Team& team, int tile_dx, int tile_dy, const FastDivisor& by_tile_dx)
      : points(team, tile_dx, tile_dy), by_dx(by_tile_dx) {}

  // f(cx, cy, slot), as TilePoints::for_each_column.
  template <class F>
  KOKKOS_FORCEINLINE_FUNCTION void for_each_column(F&& f) const {
    if constexpr (ExecTraits<Exec>::columns_per_thread == 1) {
      const int rank = ExecTraits<Exec>::fresh_value(points.rank);
      const int cy = by_dx.div(rank);
      if (cy < points.dy) f(rank - cy * points.dx, cy, int_c<0>{});
    } else {
      points.for_each_column(f);
    }
  }
};

// TilePoints' 2D columns in a team of lanes (LanesTeam, tiled_strategy.hpp:
// launched with one lane per tile column along x): a GPU thread's column is
// its lane and its row, read where it is used, as a twin reads its 2D
// block's thread index: nothing to split, nothing held across a body's
// plane loop. Host teams: TilePoints' loops.
template <class Exec, class Team>
struct LaneTilePoints {
  const Team& team;
  TilePoints<Exec> points;

  KOKKOS_INLINE_FUNCTION LaneTilePoints(const Team& t, int tile_dx, int tile_dy) : team(t), points(t, tile_dx, tile_dy) {}

  // f(cx, cy, slot), as TilePoints::for_each_column.
  template <class F>
  KOKKOS_FORCEINLINE_FUNCTION void for_each_column(F&& f) const {
    if constexpr (ExecTraits<Exec>::columns_per_thread == 1) {
      const int cy = team.row();
      if (cy < points.dy) f(team.lane(), cy, int_c<0>{});
    } else {
      points.for_each_column(f);
    }
  }
};

}  // namespace seis
