#pragma once
// smem_3d: 3D blocking with the whole tile and its halo in team scratch
// (semi-stencil seed, Table I; programming-models seed "smem"). One barrier
// per tile; every plane term then reads scratch.

#include "seis/physics/plane_terms.hpp"
#include "seis/policies/point_memory.hpp"
#include "seis/policies/tile_staging.hpp"
#include "seis/policies/tiled_strategy.hpp"

namespace seis {

template <class Physics, class Exec>
struct Smem3dBody {
  using scalar_type = typename Physics::scalar_type;
  using launch_bounds = Kokkos::LaunchBounds<>;
  // Functor in constant memory (tiled_strategy.hpp: BodyLaunchProperty): as
  // a kernel argument nvcc 13 gave the TTI kernel 63 instead of 48 registers,
  // 4 instead of 5 teams of 256 per SM, 28 % slower on the H200.
  using launch_property = HeavyWeightLaunch;
  static constexpr bool three_d = true;
  // The thread ends after its team (tiled_strategy.hpp): Kokkos' league loop
  // no longer holds the tile split and offsets (nvcc 13 sm_90, SASS
  // instructions of the kernel: TTI 1234 -> 1204, iso 643 -> 620; H200 TTI
  // 900^3 57.53 -> 55.98 ms: perf/results/h200-2026-11-24/parity7).
  static constexpr bool end_team_thread = true;
  // Its scratch may begin in Kokkos' team-reduce space (tiled_strategy.hpp):
  // no team reductions, scans or broadcasts here.
  static constexpr bool reuses_team_reduce_space = true;
  static constexpr int F = Physics::num_fields;
  static constexpr int R = Physics::radius;
  static constexpr int H = max_plane_reach<Physics>();

  StepData<Physics> data;
  TileGrid tiles;
  PlaneLayout layout;

  Smem3dBody() = default;
  Smem3dBody(const StepData<Physics>& d, const Box& box, const BlockShape& s)
      : data(d), tiles(box, s.dx, s.dy, s.dz), layout(s.dx, s.dy, H, H, F) {}

  static int team_threads(const BlockShape& s) { return s.points(); }
  static std::size_t scratch_bytes(const BlockShape& s) {
    return PlaneLayout(s.dx, s.dy, H, H, F).bytes(s.dz + 2 * R, sizeof(scalar_type));
  }
  static void check_shape(const BlockShape&, const std::string&) {}

  template <class Team>
  KOKKOS_INLINE_FUNCTION void run(const Team& team, TileOrigin o, scalar_type* scratch) const {
    const TileExtent ext(tiles.box, layout, o);
    const int nzv = tiles.z_end(o.z) - o.z;
    // The staging grid with the division by dx prepared on the host: ptxas
    // recomputes it every plane rather than hold it (a runtime division a
    // plane before, 12 a tile at 32x4x4).
    const TeamGrid2D threads(team, layout.dx, tiles.by_dx);
    for (int pz = 0; pz < nzv + 2 * R; ++pz)
      stage_plane(threads, data, ext, layout, o, o.z - R + pz, scratch + pz * layout.plane_stride, PlainCopy{});
    team.team_barrier();

    // The plain rank split, once a point, after the barrier: the tile grid's
    // cheaper one (TilePoints(team, tiles)) is hoisted out of the league
    // loop by nvcc and held through the staging, which took TTI from 56 to
    // 110 registers (no launch bounds; the twin: 48). Tried again with the
    // staging grid above (parity3): iso 32 registers, 658 -> 602
    // instructions, but TTI with the centre-term math of tti3 40 -> 48
    // registers, 6 -> 5 teams per SM, 4 % slower on the H100. The tile
    // grid's split after the barrier (rank through fresh_value: TTI 40
    // registers, post-barrier 737 -> 684 instructions) ran 59.7 ms against
    // 58.85 for this form, twin 55.2 (H200 TTI 900^3, paired timing, two
    // runs each: perf/results/h200-2026-11-24/session8/parity5-tti-round1).
    TilePoints<Exec>(team, layout.dx, layout.dy, tiles.dz).for_each([&](int cx, int cy, int cz, auto) {
      if (!ext.owns(cx, cy) || cz >= nzv) return;
      const index_t idx = data.grid.index(o.x + cx, o.y + cy, o.z + cz);
      const scalar_type* centre = scratch + (cz + R) * layout.plane_stride + layout.centre(cx, cy);
      const auto coeffs = point_coeffs<Exec>(data, idx);
      typename Physics::accum_type acc{};
      static_for<-R, R + 1>([&](auto dz) {
        const PackedPlaneWindow<scalar_type, F> window{centre + dz * layout.plane_stride, layout.w,
                                                       layout.field_stride};
        acc += data.physics.plane_term(dz, window, coeffs);
      });
      FieldValues<scalar_type, F> values;
      for (int f = 0; f < F; ++f) values[f] = centre[f * layout.field_stride];
      finish_point<Exec, false>(data, idx, acc, values);
    });
  }
};

template <class Physics, class Exec>
using Smem3d = TiledStrategy<Physics, Exec, Smem3dBody<Physics, Exec>>;

}  // namespace seis
