#pragma once
// gmem_3d: 3D blocking from global memory only (semi-stencil seed, Table I).
// One thread per point; every plane term reads global memory directly. The
// reference every other strategy is checked against.

#include "seis/physics/plane_terms.hpp"
#include "seis/policies/gmem_3d_order.hpp"
#include "seis/policies/point_memory.hpp"
#include "seis/policies/team_loops.hpp"
#include "seis/policies/tile_grid.hpp"
#include "seis/policies/tiled_strategy.hpp"

#include <type_traits>

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
constexpr bool gmem_3d_plain_addresses() {
  return Physics::num_fields == 1;
}

template <class Physics, class Exec>
struct Gmem3dBody {
  using scalar_type = typename Physics::scalar_type;
  using launch_bounds = Kokkos::LaunchBounds<>;
  // Row or banded order, by the field count (gmem_3d_order.hpp).
  static constexpr int band = gmem_3d_band(Physics::num_fields);
  using tile_grid_type = std::conditional_t<(band > 0), BandedTileGrid, TileGrid>;
  static constexpr bool three_d = true;
  // One tile a thread block: the thread ends after its team, and Kokkos'
  // league loop no longer holds the tile split and offsets (tiled_strategy.hpp).
  static constexpr bool end_team_thread = true;
  static constexpr int F = Physics::num_fields;
  static constexpr int R = Physics::radius;

  StepData<Physics> data;
  tile_grid_type tiles;

  Gmem3dBody() = default;
  Gmem3dBody(const StepData<Physics>& d, const Box& box, const BlockShape& s) : data(d), tiles(make_tiles(box, s)) {}

  static tile_grid_type make_tiles(const Box& box, const BlockShape& s) {
    if constexpr (band > 0)
      return BandedTileGrid(box, s.dx, s.dy, s.dz, band);
    else
      return TileGrid(box, s.dx, s.dy, s.dz);
  }

  static int team_threads(const BlockShape& s) { return s.points(); }
  static std::size_t scratch_bytes(const BlockShape&) { return 0; }
  static void check_shape(const BlockShape&, const std::string&) {}

  template <class Team>
  KOKKOS_INLINE_FUNCTION void run(const Team& team, TileOrigin o, scalar_type*) const {
    TilePoints<Exec>(team, tiles).for_each([&](int cx, int cy, int cz, auto) {
      const int x = o.x + cx, y = o.y + cy, z = o.z + cz;
      if (!tiles.box.contains(x, y, z)) return;
      const index_t idx = data.grid.index(x, y, z);
      const int sz = int(data.grid.stride_z());  // one plane: well within int
      const int sy = int(data.grid.stride_y());
      const auto coeffs = point_coeffs<Exec>(data, idx);
      typename Physics::accum_type acc{};
      // Fresh (several fields): each plane one 32-bit offset from the
      // point's address, the plane stride fresh, as the twin takes it: nvcc
      // would otherwise build each plane's offset as a sign-extended 64-bit
      // value, 2 integer instructions an address, or hold them in registers
      // (TTI: 56 instead of 40). With the thread ended after its team there
      // is no league loop to hoist out of, so the point's address need not
      // be opaque.
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
    });
  }
};

template <class Physics, class Exec>
using Gmem3d = TiledStrategy<Physics, Exec, Gmem3dBody<Physics, Exec>>;

}  // namespace seis
