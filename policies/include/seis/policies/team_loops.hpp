#pragma once
// How the threads of a team share work. Written against the member API that
// both Kokkos team members and the native cluster team provide
// (team_rank, team_size, team_barrier), so one strategy body serves both.

#include "seis/physics/plane_terms.hpp"
#include "seis/policies/traits/exec_traits.hpp"

namespace seis {

// Every thread of the team visits its share of [0, n).
template <class Team, class F>
KOKKOS_FORCEINLINE_FUNCTION void team_for(const Team& team, int n, F&& f) {
  for (int e = team.team_rank(); e < n; e += team.team_size()) f(e);
}

// Every thread visits its share of a rows x cols rectangle, threads laid out
// as a (cols_hint x rest) grid so that rows are read coalesced and no
// division happens inside the loop.
template <class Team, class F>
KOKKOS_FORCEINLINE_FUNCTION void team_for_2d(const Team& team, int rows, int cols, int cols_hint,
                                             F&& f) {
  const int size = team.team_size();
  const int tcols = size < cols_hint ? size : cols_hint;
  const int trows = size / tcols;
  const int rank = team.team_rank();
  if (rank >= tcols * trows) return;
  const int c0 = rank % tcols;
  for (int r = rank / tcols; r < rows; r += trows)
    for (int c = c0; c < cols; c += tcols) f(r, c);
}

// Tile points (cx, cy, cz), cx fastest, owned by this thread: f(cx, cy, cz,
// slot), where slot indexes the thread's per-point state. On GPUs (one point
// per thread) slot is the compile-time constant 0 so that state stays in
// registers; on a one-thread host team the points are visited as a plain
// loop nest with x innermost, free of divisions.
template <class Exec, class Team, class F>
KOKKOS_FORCEINLINE_FUNCTION void for_each_tile_point(const Team& team, int dx, int dy, int dz, F&& f) {
  const int plane = dx * dy;
  if constexpr (ExecTraits<Exec>::columns_per_thread == 1) {
    const int r = team.team_rank();
    if (r < plane * dz) f(r % dx, (r / dx) % dy, r / plane, int_c<0>{});
  } else {
    const int size = team.team_size();
    int slot = 0;
    if (size == 1) {
      for (int cz = 0; cz < dz; ++cz)
        for (int cy = 0; cy < dy; ++cy)
          for (int cx = 0; cx < dx; ++cx) f(cx, cy, cz, slot++);
    } else {
      for (int r = team.team_rank(); r < plane * dz; r += size, ++slot) f(r % dx, (r / dx) % dy, r / plane, slot);
    }
  }
}

// Tile columns (cx, cy) owned by this thread: f(cx, cy, slot).
template <class Exec, class Team, class F>
KOKKOS_FORCEINLINE_FUNCTION void for_each_column(const Team& team, int dx, int dy, F&& f) {
  for_each_tile_point<Exec>(team, dx, dy, 1, [&](int cx, int cy, int, auto slot) { f(cx, cy, slot); });
}

}  // namespace seis
