#pragma once
// 2.5D streaming semi-stencil (semi-stencil seed §III; de la Cruz & Araya-Polo
// 2014). Each point's sum is split by z-offset into a forward half (dz < 0),
// computed as soon as plane z-1 is staged and kept in a register queue, and a
// backward half (dz >= 0), added R planes later. A ring of R+Fold planes is
// staged in team scratch.
//
//   Fold      planes per streaming step (2: the seed's 2z thread folding)
//   Prefetch  stage the next step's planes into extra ring slots while this
//             step computes: one barrier per step instead of two (+b)
//   Async     that prefetch goes through the backend's asynchronous copy
//             (CUDA: cp.async pipeline) (+a)

#include "seis/physics/plane_terms.hpp"
#include "seis/policies/point_memory.hpp"
#include "seis/policies/register_queue.hpp"
#include "seis/policies/tile_staging.hpp"
#include "seis/policies/streaming_body.hpp"

namespace seis {

template <class Physics, class Exec, int Fold, bool Prefetch, bool Async>
struct SemiStencilBody : StreamingBody<Physics, Exec, Physics::radius + Fold + (Prefetch ? Fold : 0)> {
  static_assert(Fold == 1 || Fold == 2, "fold 1 or 2 planes per step");
  static_assert(Prefetch || !Async, "the asynchronous copy is the prefetch");
  using Base = StreamingBody<Physics, Exec, Physics::radius + Fold + (Prefetch ? Fold : 0)>;
  using typename Base::accum_type;
  using typename Base::scalar_type;
  // Multi-field register bounds only where they were measured to pay off
  // (launch_budget.hpp; the budgets of the rows of strategy_table.hpp).
  static constexpr LaunchBudget budget = Prefetch || Fold == 2 ? LaunchBudget::all_fields : LaunchBudget::single_field;
  using launch_bounds = BudgetLaunchBounds<Physics, budget>;
  static constexpr int CPT = Base::CPT;
  static constexpr int F = Base::F;
  static constexpr int R = Base::R;
  static constexpr int P = R + Fold + (Prefetch ? Fold : 0);  // scratch ring
  static constexpr int NA = R + Fold;                         // partial sums

  using Base::Base;

  // Sum of the plane terms dz in [First, Last] for the point at column (cx, cy),
  // plane zp, reading the staged ring.
  template <int First, int Last, class Ring>
  KOKKOS_FORCEINLINE_FUNCTION accum_type half_sum(const Ring& ring, int cx, int cy, int zp,
                                                  const typename Physics::point_coeffs& coeffs) const {
    accum_type sum{};
    static_for<First, Last + 1>([&](auto dz) {
      const PackedPlaneWindow<scalar_type, F> window{ring(zp + dz) + this->layout.centre(cx, cy), this->layout.w,
                                                     this->layout.field_stride};
      sum += this->data.physics.plane_term(dz, window, coeffs);
    });
    return sum;
  }

  template <class Team>
  KOKKOS_INLINE_FUNCTION void run(const Team& team, TileOrigin o, scalar_type* scratch) const {
    const auto& data = this->data;
    const auto& layout = this->layout;
    const auto& tiles = this->tiles;
    const TileExtent ext(tiles.box, layout, o);
    const TilePoints<Exec, true> points(team, layout.dx, layout.dy);
    const PlaneStager<Physics, Exec, 3> window(team, data, ext, layout, o, false);
    const int zb = o.z, ze = tiles.z_end(zb);
    const int plane_end = ze + R;  // planes [zb-R, ze+R) are read
    auto ring = [&](int p) { return scratch + ((p - zb + R) % P) * layout.plane_stride; };
    auto stage = [&](int p, auto copy) {
      if (p < plane_end) window.stage(team, p, ring(p), copy);
    };
    accum_type forward[CPT][NA];

    for (int p = zb - R; p < zb + (Prefetch ? Fold : 0); ++p) stage(p, PlainCopy{});
    ExecTraits<Exec>::team_barrier(team);

    for (int z = zb - R; z < ze; z += Fold) {
      if constexpr (Prefetch) {
        for (int i = 0; i < Fold; ++i) {
          if constexpr (Async)
            stage(z + R + Fold + i, AsyncCopy<Exec>{});
          else
            stage(z + R + Fold + i, PlainCopy{});
        }
        if constexpr (Async) ExecTraits<Exec>::async_commit();
      } else {
        for (int i = 0; i < Fold; ++i) stage(z + R + i, PlainCopy{});
        ExecTraits<Exec>::team_barrier(team);
      }

      points.for_each_column([&](int cx, int cy, auto slot) {
        if (!ext.owns(cx, cy)) return;
        static_for<0, Fold>([&](auto i) {
          const int zf = z + R + i;  // forward half of a point R planes ahead
          if (zf >= zb && zf < ze) {
            const auto coeffs = point_coeffs<Exec>(data, data.grid.index(o.x + cx, o.y + cy, zf));
            forward[slot][R + i] = half_sum<-R, -1>(ring, cx, cy, zf, coeffs);
          }
        });
        static_for<0, Fold>([&](auto i) {
          const int zp = z + i;  // backward half completes this point
          if (zp >= zb && zp < ze) {
            const index_t idx = data.grid.index(o.x + cx, o.y + cy, zp);
            const auto coeffs = point_coeffs<Exec>(data, idx);
            accum_type acc = forward[slot][i];
            acc += half_sum<0, R>(ring, cx, cy, zp, coeffs);
            const scalar_type* centre = ring(zp) + layout.centre(cx, cy);
            FieldValues<scalar_type, F> values;
            for (int f = 0; f < F; ++f) values[f] = centre[f * layout.field_stride];
            finish_point<Exec, false>(data, idx, acc, values);
          }
        });
        shift_queue<Fold, NA>(forward[slot]);
      });

      if constexpr (Async) ExecTraits<Exec>::async_wait_copies();  // own copies landed, then the barrier
      ExecTraits<Exec>::team_barrier(team);
    }
  }
};

}  // namespace seis
