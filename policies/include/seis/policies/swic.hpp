#pragma once
// swic: "scatter with output register queue" (SWiC seed §IV). One plane is
// staged in team scratch at a time; each thread scatters that plane's terms
// into the 2R+1 partial sums of the points z-R..z+R of its column, and writes
// the oldest one out once its last plane has arrived.

#include "seis/physics/plane_terms.hpp"
#include "seis/policies/point_memory.hpp"
#include "seis/policies/register_queue.hpp"
#include "seis/policies/tile_staging.hpp"
#include "seis/policies/streaming_body.hpp"

namespace seis {

template <class Physics, class Exec>
struct SwicBody : StreamingBody<Physics, Exec, 1> {
  using Base = StreamingBody<Physics, Exec, 1>;
  using typename Base::accum_type;
  using typename Base::scalar_type;
  using typename Base::values_type;
  using coeffs_type = typename Physics::point_coeffs;
  using launch_bounds = BudgetLaunchBounds<Physics, LaunchBudget::single_field>;  // measured: TTI 25 % slower with bounds
  static constexpr int CPT = Base::CPT;
  static constexpr int F = Base::F;
  static constexpr int R = Base::R;
  static constexpr int Q = 2 * R + 1;

  using Base::Base;

  template <class Team>
  KOKKOS_INLINE_FUNCTION void run(const Team& team, TileOrigin o, scalar_type* scratch) const {
    const auto& data = this->data;
    const auto& layout = this->layout;
    const auto& tiles = this->tiles;
    const TileExtent ext(tiles.box, layout, o);
    const TilePoints<Exec, true> points(team, layout.dx, layout.dy);
    const PlaneStager<Physics, Exec, 3> window(team, data, ext, layout, o, false);
    const int zb = o.z, ze = tiles.z_end(zb);
    // The window's strides in registers for the whole tile: under TTI's register
    // pressure nvcc otherwise reloads them from the kernel parameters and rebuilds
    // the row addresses for each of the 2R+1 plane terms (the twin keeps them).
    const int row_stride = ExecTraits<Exec>::opaque_value(layout.w);
    const int field_stride = ExecTraits<Exec>::opaque_value(layout.field_stride);
    // Entry j of the queues belongs to the point zp - R + j.
    accum_type acc[CPT][Q];
    coeffs_type coeffs[CPT][Q];
    values_type centre[CPT][R + 1];

    for (int zp = zb - R; zp < ze + R; ++zp) {
      window.stage(team, zp, scratch, PlainCopy{});
      ExecTraits<Exec>::team_barrier(team);
      points.for_each_column([&](int cx, int cy, auto slot) {
        if (!ext.owns(cx, cy)) return;
        const scalar_type* here = scratch + layout.centre(cx, cy);
        const int newest = zp + R;
        acc[slot][Q - 1] = accum_type{};
        if (newest >= zb && newest < ze)
          coeffs[slot][Q - 1] = point_coeffs<Exec>(data, data.grid.index(o.x + cx, o.y + cy, newest));
        for (int f = 0; f < F; ++f) centre[slot][R][f] = here[f * field_stride];
        const PackedPlaneWindow<scalar_type, F> window{here, row_stride, field_stride};
        static_for<-R, R + 1>([&](auto dz) {
          constexpr int J = R - decltype(dz)::value;  // this plane is offset dz from point zp - dz
          const int target = zp - dz;
          if (target >= zb && target < ze)
            acc[slot][J] += data.physics.plane_term(dz, window, coeffs[slot][J]);
        });
        const int done = zp - R;
        if (done >= zb)
          finish_point<Exec, false>(data, data.grid.index(o.x + cx, o.y + cy, done), acc[slot][0],
                                    centre[slot][0]);
        shift_queue<1, Q>(acc[slot]);
        shift_queue<1, Q>(coeffs[slot]);
        shift_queue<1, R + 1>(centre[slot]);
      });
      ExecTraits<Exec>::team_barrier(team);
    }
  }
};

template <class Physics, class Exec>
using Swic = TiledStrategy<Physics, Exec, SwicBody<Physics, Exec>>;

}  // namespace seis
