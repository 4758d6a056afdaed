#pragma once
// gmem_3d: 3D blocking from global memory only (semi-stencil seed, Table I).
// One thread per point; every plane term reads global memory directly. The
// reference every other strategy is checked against.

#include "seis/physics/plane_terms.hpp"
#include "seis/policies/point_memory.hpp"
#include "seis/policies/team_loops.hpp"
#include "seis/policies/tile_grid.hpp"
#include "seis/policies/tiled_strategy.hpp"

namespace seis {

// How a point's plane addresses are formed, told apart by the field count
// as the twin's launcher does (perf/native/cuda/blocking_3d.cu): one field
// (iso) plain, cur + idx + dz * stride; several (TTI) fresh, each plane one
// 32-bit offset from the point's address with the plane stride fresh (see
// run). H200, Kokkos/twin, A B A B (parity9 round 1): iso 512^3 plain
// 1.044/1.042 (1.036 ms) against fresh 1.057/1.057 (1.050), 1024^3 plain
// 1.012/1.010 (9.49) against fresh 1.013/1.013 (9.49). Measured and
// removed, TTI 900^3 (fresh 28.09 ms, 1.040/1.039): plain under launch
// bounds (512, 3) 29.23 ms (plain alone takes 56 registers), the functor in
// constant memory (HeavyWeightLaunch) 28.72; iso 512^3 constant memory
// fresh 1.070, plain 1.073 ms.
template <class Physics>
KOKKOS_INLINE_FUNCTION constexpr bool gmem_3d_plain_addresses() {
  return Physics::num_fields == 1;
}

// One point's update, whichever launch runs it.
template <class Physics, class Exec>
KOKKOS_INLINE_FUNCTION void gmem_3d_point(const StepData<Physics>& data, int x, int y, int z) {
  using scalar_type = typename Physics::scalar_type;
  constexpr int F = Physics::num_fields;
  constexpr int R = Physics::radius;
  const index_t idx = data.grid.index(x, y, z);
  const int sz = int(data.grid.stride_z());  // one plane: well within int
  const int sy = int(data.grid.stride_y());
  const auto coeffs = point_coeffs<Exec>(data, idx);
  typename Physics::accum_type acc{};
  // Fresh (several fields): each plane one 32-bit offset from the point's
  // address, the plane stride fresh, as the twin takes it: nvcc would
  // otherwise build each plane's offset as a sign-extended 64-bit value, 2
  // integer instructions an address, or hold them in registers (TTI: 56
  // instead of 40). With the thread ended after its point there is no loop
  // to hoist out of, so the point's address need not be opaque.
  const scalar_type* at[F];
  for (int f = 0; f < F; ++f) at[f] = data.cur[f] + idx;
  const int psz = ExecTraits<Exec>::fresh_value(sz);
  static_for<-R, R + 1>([&](auto dz) {
    PlaneWindow<scalar_type, F> window;
    for (int f = 0; f < F; ++f)
      window.base[f] = gmem_3d_plain_addresses<Physics>() ? data.cur[f] + idx + dz * sz : at[f] + dz * psz;
    window.row_stride = sy;
    acc += data.physics.plane_term(dz, window, coeffs);
  });
  finish_point<Exec, false>(data, idx, acc, load_centre(data, idx));
}

template <class Physics, class Exec>
struct Gmem3dBody {
  using scalar_type = typename Physics::scalar_type;
  using launch_bounds = Kokkos::LaunchBounds<>;
  static constexpr bool three_d = true;
  // One tile a thread block: the thread ends after its team, and Kokkos'
  // league loop no longer holds the tile split and offsets (tiled_strategy.hpp).
  static constexpr bool end_team_thread = true;

  StepData<Physics> data;
  TileGrid tiles;

  Gmem3dBody() = default;
  Gmem3dBody(const StepData<Physics>& d, const Box& box, const BlockShape& s)
      : data(d), tiles(box, s.dx, s.dy, s.dz) {}

  static int team_threads(const BlockShape& s) { return s.points(); }
  static std::size_t scratch_bytes(const BlockShape&) { return 0; }
  static void check_shape(const BlockShape&, const std::string&) {}

  template <class Team>
  KOKKOS_INLINE_FUNCTION void run(const Team& team, TileOrigin o, scalar_type*) const {
    TilePoints<Exec>(team, tiles).for_each([&](int cx, int cy, int cz, auto) {
      const int x = o.x + cx, y = o.y + cy, z = o.z + cz;
      if (!tiles.box.contains(x, y, z)) return;
      gmem_3d_point<Physics, Exec>(data, x, y, z);
    });
  }
};

template <class Physics, class Exec>
using Gmem3dTeams = TiledStrategy<Physics, Exec, Gmem3dBody<Physics, Exec>>;

// The MDRange launch's functor: a point a call; on a GPU the thread ends
// after its point (ExecTraits::end_range_thread), so Kokkos' tile loops
// around the call become straight-line code.
template <class Physics, class Exec>
struct Gmem3dPoints {
  StepData<Physics> data;
  KOKKOS_INLINE_FUNCTION void operator()(int x, int y, int z) const {
    gmem_3d_point<Physics, Exec>(data, x, y, z);
    ExecTraits<Exec>::end_range_thread();
  }
};

// gmem_3d launched as a Kokkos MDRangePolicy over the box with the block
// shape as its tile: on CUDA a 3D grid of tiles and 3D thread blocks, the
// point read from the thread and block indices with no split of a rank and
// no team-reduce shared memory (the twin: gmem_3d_kernel, a 3D grid of 3D
// blocks). Boxes of more than 65535 tiles along y or z, where Kokkos' grid
// would not cover the tiles and a thread would have more than one point,
// take the team launch (Gmem3dTeams), which also checks the shape.
// SEIS_KOKKOS_GMEM=team: the team launch always, an A/B (family_blocking_3d.hpp).
template <class Physics, class Exec>
class Gmem3d : public StencilOperator<Physics> {
 public:
  Gmem3d(std::string strategy, BlockShape shape, bool teams_only = false)
      : teams_(std::move(strategy), shape), teams_only_(teams_only) {}

  std::string name() const override { return teams_.name(); }
  const BlockShape& shape() const { return teams_.shape(); }

  void apply(const StepData<Physics>& data, const Box& box) const override {
    if (box.empty()) return;
    const BlockShape& s = shape();
    constexpr int max_tiles = 65535;  // Kokkos' CUDA MDRange grid along y and z
    if (teams_only_ || tile_count(box.ny(), s.dy) > max_tiles || tile_count(box.nz(), s.dz) > max_tiles) {
      teams_.apply(data, box);
      return;
    }
    using Policy = Kokkos::MDRangePolicy<Exec, Kokkos::Rank<3, Kokkos::Iterate::Left, Kokkos::Iterate::Left>,
                                         Kokkos::IndexType<int>, LightWeightLaunch>;
    const Policy policy({box.x0, box.y0, box.z0}, {box.x1, box.y1, box.z1}, {s.dx, s.dy, s.dz});
    Kokkos::parallel_for(label_.c_str(), policy, Gmem3dPoints<Physics, Exec>{data});
  }

 private:
  Gmem3dTeams<Physics, Exec> teams_;
  bool teams_only_ = false;
  std::string label_ = "seis::gmem_3d";
};

}  // namespace seis
