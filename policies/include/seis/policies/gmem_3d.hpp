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

// How a point's plane addresses are formed and the kernel launched (an A/B,
// SEIS_KOKKOS_GMEM=NAME, family_blocking_3d.hpp): fresh (each plane one
// 32-bit offset from the point's address, the plane stride fresh; see run)
// or plain (cur + idx + dz * stride, the twin's form for one field);
// plain_bounded: plain under launch bounds of 512 threads and 3 teams an SM
// (at most 42 registers: TTI stays at 40, where plain alone takes 56);
// *_constant: the functor in constant memory (HeavyWeightLaunch), which
// changes how ptxas schedules the loads (nvcc 13 sm_90, static loads in
// flight along the path, TTI: fresh 4.69 -> 5.05, the twin 5.37; iso fresh
// 5.53 -> 6.22, plain 6.09 -> 6.31, the twin's plain 5.98).
enum class Gmem3dAddress { fresh, plain, plain_bounded, fresh_constant, plain_constant };

template <Gmem3dAddress A>
constexpr bool gmem_3d_plain_address() {
  return A == Gmem3dAddress::plain || A == Gmem3dAddress::plain_bounded || A == Gmem3dAddress::plain_constant;
}

template <Gmem3dAddress A, bool = A == Gmem3dAddress::fresh_constant || A == Gmem3dAddress::plain_constant>
struct Gmem3dLaunch {};
template <Gmem3dAddress A>
struct Gmem3dLaunch<A, true> {
  using launch_property = HeavyWeightLaunch;
};

template <class Physics, class Exec, Gmem3dAddress Address = Gmem3dAddress::fresh>
struct Gmem3dBody : Gmem3dLaunch<Address> {
  using scalar_type = typename Physics::scalar_type;
  using launch_bounds = std::conditional_t<Address == Gmem3dAddress::plain_bounded, Kokkos::LaunchBounds<512, 3>,
                                           Kokkos::LaunchBounds<>>;
  static constexpr bool three_d = true;
  // One tile a thread block: the thread ends after its team, and Kokkos'
  // league loop no longer holds the tile split and offsets (tiled_strategy.hpp).
  static constexpr bool end_team_thread = true;
  static constexpr int F = Physics::num_fields;
  static constexpr int R = Physics::radius;

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
      const index_t idx = data.grid.index(x, y, z);
      const int sz = int(data.grid.stride_z());  // one plane: well within int
      const int sy = int(data.grid.stride_y());
      const auto coeffs = point_coeffs<Exec>(data, idx);
      typename Physics::accum_type acc{};
      // Each plane one 32-bit offset from the point's address, the plane
      // stride fresh, as the twin takes it: nvcc would otherwise build each
      // plane's offset as a sign-extended 64-bit value, 2 integer
      // instructions an address, or hold them in registers (TTI: 56 instead
      // of 40). With the thread ended after its team there is no league loop
      // to hoist out of, so the point's address need not be opaque (nvcc 13
      // sm_90, instructions on a thread's path: iso 192 -> 184, TTI ~679 as
      // before; H200 iso 1024^3: 9.41 ms against 9.83 opaque, 9.54 with the
      // plain addresses).
      const scalar_type* at[F];
      for (int f = 0; f < F; ++f) at[f] = data.cur[f] + idx;
      const int psz = ExecTraits<Exec>::fresh_value(sz);
      static_for<-R, R + 1>([&](auto dz) {
        PlaneWindow<scalar_type, F> window;
        for (int f = 0; f < F; ++f)
          window.base[f] = gmem_3d_plain_address<Address>() ? data.cur[f] + idx + dz * sz : at[f] + dz * psz;
        window.row_stride = sy;
        acc += data.physics.plane_term(dz, window, coeffs);
      });
      finish_point<Exec, false>(data, idx, acc, load_centre(data, idx));
    });
  }
};

template <class Physics, class Exec, Gmem3dAddress Address = Gmem3dAddress::fresh>
using Gmem3d = TiledStrategy<Physics, Exec, Gmem3dBody<Physics, Exec, Address>>;

}  // namespace seis
