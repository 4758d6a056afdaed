#pragma once
// 2.5D streaming with the z-neighbours of each column in registers
// (programming-models seed: "shifting registers" and "fixed registers";
// Micikevicius 2009). Planes whose term reaches in-plane neighbours (iso:
// only the centre plane; TTI: the centre plane and z+-1, z+-2) are staged in a
// scratch ring whose tile interior comes from the column's own registers and
// whose halo comes from global memory; all other planes are read straight
// from the register queue.
//
//   Fixed     false: queue entries move down after every plane (shifting);
//             true: the z loop is unrolled by the queue length and entries
//             keep their registers while their roles rotate (no moves).
//   Prefetch  false: stage the halo, barrier, compute, barrier.
//             true: the next plane's halo is copied asynchronously (CUDA:
//             cp.async) and the next point's own, previous-time and model
//             values are loaded into registers while this plane computes;
//             the ring has two spare planes so one barrier per plane
//             suffices.

#include "seis/physics/plane_terms.hpp"
#include "seis/policies/point_memory.hpp"
#include "seis/policies/register_queue.hpp"
#include "seis/policies/tile_staging.hpp"
#include "seis/policies/streaming_body.hpp"

namespace seis {

template <class Physics, class Exec, bool Fixed, bool Prefetch>
struct RegisterStreamingBody
    : StreamingBody<Physics, Exec, 2 * off_plane_depth<Physics>() + 1 + (Prefetch ? 2 : 0)> {
  using Base = StreamingBody<Physics, Exec, 2 * off_plane_depth<Physics>() + 1 + (Prefetch ? 2 : 0)>;
  using typename Base::scalar_type;
  using typename Base::values_type;
  using point_type = PreloadedPoint<Physics, Exec, false>;
  static constexpr int CPT = Base::CPT;
  static constexpr int F = Base::F;
  static constexpr int R = Base::R;
  static constexpr int S = off_plane_depth<Physics>();     // planes z-S..z+S in scratch
  static constexpr int P = 2 * S + 1 + (Prefetch ? 2 : 0);  // scratch ring
  static constexpr int Q = 2 * R + 1;                       // register queue
  // st_reg_fixed: the thread ends after its team (tiled_strategy.hpp).
  static constexpr bool end_team_thread = Fixed;

  using Base::Base;

  // The unrolled loops of the body: nvcc 13 schedules the fixed-register
  // kernel best with static_for's const-reference form (7.34 vs 7.80 ms iso on
  // the H200) and the shifting one with the forwarding one (static_for.hpp).
  template <int Begin, int End, class G>
  static KOKKOS_FORCEINLINE_FUNCTION void unrolled(G&& g) {
    if constexpr (Fixed)
      static_for_cref<Begin, End>(g);
    else
      static_for<Begin, End>(std::forward<G>(g));
  }

  template <class Team>
  KOKKOS_INLINE_FUNCTION void run(const Team& team, TileOrigin o, scalar_type* scratch) const {
    const auto& data = this->data;
    const auto& layout = this->layout;
    const auto& tiles = this->tiles;
    const TileExtent ext(tiles.box, layout, o);
    const TilePoints<Exec> points(team, layout.dx, layout.dy);
    const PlaneStager<Physics, Exec, 0> window(team, data, ext, layout, o, false);
    const PlaneStager<Physics, Exec, 2> halo(team, data, ext, layout, o, true);
    const int zb = o.z;
    const int n = tiles.z_end(zb) - zb;
    const int sz = int(data.grid.stride_z());  // one plane: well within int
    RingIndex<P> ring(S);  // slot of the plane being updated
    auto plane = [&](int slot) { return scratch + slot * layout.plane_stride; };
    values_type queue[CPT][Q];
    index_t column[CPT] = {};   // the column's index at plane zb (0: no point, never loaded from)
    bool owner[CPT] = {};       // the column lies in the box: worked out once per tile
    values_type ahead[CPT];     // Prefetch: own value of the plane after the newest
    point_type point[CPT];      // Prefetch: previous-time and model values of the point
    point_type next_point[CPT];

    // Prologue: planes zb-R .. zb+R-1 into the queues, zb-S .. zb+S-1 into scratch.
    points.for_each_column([&](int cx, int cy, auto slot) {
      owner[slot] = ext.owns(cx, cy);
      if (!owner[slot]) return;
      column[slot] = data.grid.index(o.x + cx, o.y + cy, zb);
      const index_t idx = column[slot] - R * sz;
      unrolled<0, 2 * R>([&](auto i) {
        for (int f = 0; f < F; ++f) queue[slot][i][f] = data.cur[f][idx + i * sz];
      });
      if constexpr (Prefetch) {
        for (int f = 0; f < F; ++f) ahead[slot][f] = data.cur[f][column[slot] + R * sz];
        point[slot].load(data, column[slot]);
      }
    });
    unrolled<-S, S>([&](auto dz) { window.stage(team, zb + dz, plane(ring.slot(dz)), PlainCopy{}); });
    if constexpr (Prefetch) {
      if (n > 0) halo.stage(team, zb + S, plane(ring.slot(int_c<S>{})), AsyncCopy<Exec>{});
      ExecTraits<Exec>::async_commit();
    }

    auto step = [&](int k, auto rotation) {
      constexpr int U = decltype(rotation)::value;
      const int z = zb + k;
      const index_t offset = index_t(k) * sz;
      const bool more = k + 1 < n;
      scalar_type* entering_plane = plane(ring.slot(int_c<S>{}));
      // Shifting: the incoming value is one predicated load outside the
      // owner branch (a column without a point is 0, never loaded from), as
      // the twin loads it; ptxas branched around the plain load and
      // recomputed the tile origin for the owner test every plane (TTI
      // 900^3, H200: 26.34 -> 21.85 ms, perf/results/h200-2026-11-24/session7/parity4-tti-round1).
      if constexpr (!Prefetch)
        points.for_each_slot([&](auto slot) {
          auto& incoming = queue[slot][queue_slot<Fixed, Q, U, 2 * R>()];
          const index_t idx = column[slot] + offset + R * sz;
          for (int f = 0; f < F; ++f)
            incoming[f] = ExecTraits<Exec>::load_if(owner[slot], data.cur[f] + idx, incoming[f]);
        });
      points.for_each_column([&](int cx, int cy, auto slot) {
        if (!owner[slot]) return;
        // Prefetch: the plane-ahead loads under the branch; ptxas predicates
        // them where registers allow (iso) and the predicated source form
        // spilled more (TTI: 120 -> 148 B of reloads).
        if constexpr (Prefetch) {
          const index_t idx = column[slot] + offset;
          queue[slot][queue_slot<Fixed, Q, U, 2 * R>()] = ahead[slot];
          if (more) {
            for (int f = 0; f < F; ++f) ahead[slot][f] = data.cur[f][idx + (R + 1) * sz];
            next_point[slot].load(data, idx + sz);
          }
        }
        const auto& entering = queue[slot][queue_slot<Fixed, Q, U, R + S>()];
        scalar_type* dst = entering_plane + layout.centre(cx, cy);
        for (int f = 0; f < F; ++f) dst[f * layout.field_stride] = entering[f];
      });
      if constexpr (Prefetch) {
        if (more) halo.stage(team, z + 1 + S, plane(ring.slot(int_c<S + 1>{})), AsyncCopy<Exec>{});
        ExecTraits<Exec>::async_commit();  // possibly empty: keeps one group per plane
        ExecTraits<Exec>::async_wait_all_but_last(team);
      } else {
        halo.stage(team, z + S, entering_plane, PlainCopy{});
        ExecTraits<Exec>::team_barrier(team);
      }

      points.for_each_column([&](int cx, int cy, auto slot) {
        if (!owner[slot]) return;
        if constexpr (!Prefetch) point[slot].load(data, column[slot] + offset);
        const auto coeffs = data.physics.coeffs(point[slot]);
        const int centre = layout.centre(cx, cy);
        typename Physics::accum_type acc{};
        unrolled<-R, R + 1>([&](auto dz) {
          constexpr int DZ = decltype(dz)::value;
          if constexpr (DZ >= -S && DZ <= S) {
            const PackedPlaneWindow<scalar_type, F> window{plane(ring.slot(dz)) + centre, layout.w,
                                                           layout.field_stride};
            acc += data.physics.plane_term(dz, window, coeffs);
          } else {
            const PointPlane<scalar_type, F> point_plane{queue[slot][queue_slot<Fixed, Q, U, R + DZ>()]};
            acc += data.physics.plane_term(dz, point_plane, coeffs);
          }
        });
        data.physics.update(acc, queue[slot][queue_slot<Fixed, Q, U, R>()], point[slot]);
        if constexpr (Prefetch) point[slot] = next_point[slot];
        if constexpr (!Fixed) shift_queue<1, Q>(queue[slot]);
      });
      if constexpr (!Prefetch) ExecTraits<Exec>::team_barrier(team);
      ring.advance();
    };

    for_each_streamed_plane<Fixed, Q, Fixed>(n, step);  // the form of unrolled()
  }
};

}  // namespace seis
