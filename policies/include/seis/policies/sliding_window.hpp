#pragma once
// sliding_window: the one-pass kernel of the AMD seed (part 3, "kernel
// fusion"). Each thread owns VEC consecutive x points, loaded with vector
// loads; their x neighbours stay in registers, their y neighbours come from
// one plane in team scratch, their z neighbours from a sliding window of
// registers; results leave with streaming (non-temporal) stores, and z is cut
// into windows of `@nw` planes for parallelism.
//
// As in the seed, the in-plane part of a point is computed when its plane is
// loaded and waits in an output queue until the z window is complete. A
// physics with in-plane terms on planes z+-1.. z+-S (TTI) scatters those from
// the freshly loaded plane too; only planes whose term is a single z-arm value
// are read from the window. Physics with xy cross terms also stage an x halo.

#include "seis/physics/plane_terms.hpp"
#include "seis/policies/point_memory.hpp"
#include "seis/policies/register_queue.hpp"
#include "seis/policies/tile_staging.hpp"
#include "seis/policies/streaming_body.hpp"

namespace seis {

// Points per thread: the backend's vector width for single-field physics
// (register budget) whose radius is whole vectors (the x halo is read as
// vectors), else 1 (TTI; a radius-1 physics with 4-wide vectors).
template <class Physics, class Exec>
constexpr int sliding_window_vector_width() {
  constexpr int width = ExecTraits<Exec>::vector_width;
  return Physics::num_fields == 1 && Physics::radius % width == 0 ? width : 1;
}

// The halo plan (tile_staging.hpp), told apart by the field count as the
// twin's launcher does: one field plain, its offsets held across the z loop
// (nvcc 13 sm_90, iso, the thread ended after its team: z loop 502
// instructions with 14/1 spill loads/stores, the twin's plain plan 502 with
// 12/1; packed 530 with 7/4), several fields packed (TTI: plain 1283 with
// 31/10, packed 1314 with 21/9; the twins ran those forms faster on the H200).
template <class Physics>
constexpr bool sliding_window_packed_plan() {
  return Physics::num_fields > 1;
}

// How a GPU thread holds its column (split from its team rank; the twin reads
// it from the thread index where it needs it) across the z loop: held
// (TilePoints, split once) or fresh (FreshTilePoints: re-split in each pass
// of each plane, so that nothing derived from it is held and spilled). Taken
// by the field count, as the halo plan: one field (iso) fresh, several
// (TTI) held. nvcc 13 sm_90, z loop instructions and spill loads a plane:
// iso held 502 and 14, fresh 552 and 8 (the twin 502 and 12); TTI held 1314
// and 21, fresh 1427 and 17. H200 (parity8, trees b4c8675 and 6282245,
// Kokkos/twin, A B A B): iso 1024^3 held 1.046/1.049/1.047/1.046 (13.77
// ms), fresh 1.031/1.033/1.032/1.033 (13.60); TTI 900^3 held
// 0.991/0.992/0.995/0.994 (41.6 ms), fresh 1.020/1.019. Measured and
// removed: the column pinned (TilePoints' Pinned) iso 1.036/1.035, TTI
// 1.000; fresh in the scatter pass only (none of its spill loads ahead of
// the barrier) iso 1.046/1.047, TTI 1.018/1.019; held in the scatter pass
// and fresh after the barrier (z loop 529 instructions, 11 spill loads; ncu
// iso 512^3 783 M warp instructions and 23.2 M local loads against fresh's
// 849 M and 16.8 M) iso 1.041/1.041 against fresh 1.034/1.033 (13.41 ms
// against 13.30; parity9, tree of session 12); the rank read from the
// thread index at each visit (an S2R) compiled to fresh's SASS (549
// against 552 instructions, the same spills) and was not run. The packed
// halo plan for one field, iso 1024^3 (parity9 round 2, the twin plain at
// 12.87 ms): with the column fresh (z loop 573 instructions, no spills)
// 13.32/13.30 ms against plain's 13.34/13.30, no faster; held (530, 7
// spill loads) 14.08/14.09 (the twin's packed plan: 14.10/14.15).
// Lane: the team launched in lanes of a tile row (tiled_strategy.hpp,
// LanesTeam; CUDA: vector length = the tile's threads along x, a power of
// two up to 32, so a 32x8 team is the twin's 32 x 8 block), the column the
// thread's lane and row (threadIdx.x/y, read where used: LaneTilePoints),
// nothing split. Taken for one field where the backend has lanes for the
// shape (sliding_window_takes_lanes), else fresh. nvcc 13 sm_90, iso z loop:
// lane 518 instructions and 11 spill loads a plane, fresh 552 and 8, the
// twin 502 and 12. H200 (parity10 round 1, A B A B), sliding_window:32x8@128
// Kokkos/twin: iso 1024^3 lane 1.020/1.020 (13.11/13.12 ms) against fresh
// 1.035/1.035 (13.31/13.31); TTI 900^3 lane 0.996/0.996 (41.12/41.16)
// against held 0.995/0.993 (41.09/41.03), no faster: TTI stays held.
enum class SlidingWindowColumn { held, fresh, lane };

template <class Physics>
constexpr SlidingWindowColumn sliding_window_column() {
  return Physics::num_fields == 1 ? SlidingWindowColumn::fresh : SlidingWindowColumn::held;
}

// Whether the body takes its column from lanes (SlidingWindowColumn::lane)
// at shape s: one field, and the backend's team has lanes for the shape's
// threads along x.
template <class Physics, class Exec>
bool sliding_window_takes_lanes(const BlockShape& s) {
  return sliding_window_column<Physics>() == SlidingWindowColumn::fresh && s.dx <= ExecTraits<Exec>::max_team_lanes &&
         (s.dx & (s.dx - 1)) == 0;
}

template <class Physics, class Exec, bool Packed = sliding_window_packed_plan<Physics>(),
          SlidingWindowColumn Column = sliding_window_column<Physics>()>
struct SlidingWindowBody : StreamingBody<Physics, Exec, 1> {
  using Base = StreamingBody<Physics, Exec, 1>;
  using typename Base::accum_type;
  using typename Base::scalar_type;
  using typename Base::values_type;
  using launch_bounds = BudgetLaunchBounds<Physics, LaunchBudget::wide>;  // seis/streaming_bounds.hpp
  // The thread ends after its team (tiled_strategy.hpp): nothing held across
  // Kokkos' league loop (iso packed: z loop 549 -> 530 instructions, spills
  // 48/40 -> 32/32 B; plain: 536 -> 502, 120/92 -> 96/72 B).
  static constexpr bool end_team_thread = true;
  // Its scratch may begin in Kokkos' team-reduce space (tiled_strategy.hpp):
  // no team reductions, scans or broadcasts here.
  static constexpr bool reuses_team_reduce_space = true;
  // Column::lane: the team in lanes (tiled_strategy.hpp), one a thread along x.
  static constexpr bool takes_lanes = Column == SlidingWindowColumn::lane;
  static int team_lanes(const BlockShape& s) { return s.dx; }
  static constexpr int CPT = Base::CPT;
  static constexpr int F = Base::F;
  static constexpr int R = Base::R;
  static constexpr int H = Base::H;
  static constexpr int S = off_plane_depth<Physics>();
  static constexpr int HX = Physics::in_plane_cross_terms ? H : 0;
  static constexpr int VEC = sliding_window_vector_width<Physics, Exec>();
  static_assert(R % VEC == 0, "the x halo must be whole vectors");
  static constexpr int XLEN = VEC + 2 * R;  // one row in registers
  static constexpr int Q = 2 * R + 1;       // z window
  static constexpr int NA = R + S + 1;      // output queue
  using vector_type = VectorOf<scalar_type, VEC>;

  // Tiles start on a whole vector (box.x0 rounded down); points before
  // box.x0 are computed but not stored.
  Box box;
  FastDivisor by_threads_x;  // the fresh column's split (SlidingWindowColumn)

  SlidingWindowBody() = default;
  SlidingWindowBody(const StepData<Physics>& d, const Box& b, const BlockShape& s) : box(b) {
    this->data = d;
    this->tiles = TileGrid(align_box_x(b, VEC), s.dx * VEC, s.dy, s.zchunk > 0 ? s.zchunk : b.nz());
    this->layout = PlaneLayout(s.dx * VEC, s.dy, HX, H, F);
    by_threads_x = FastDivisor(s.dx);
  }

  static std::size_t scratch_bytes(const BlockShape& s) {
    return PlaneLayout(s.dx * VEC, s.dy, HX, H, F).bytes(1, sizeof(scalar_type));
  }

  template <class Team>
  KOKKOS_INLINE_FUNCTION void run(const Team& team, TileOrigin o, scalar_type* scratch) const {
    const auto& data = this->data;
    const auto& layout = this->layout;
    const auto& tiles = this->tiles;
    const TileExtent ext(tiles.box, layout, o);
    const int threads_x = layout.dx / VEC;
    const auto points = [&] {
      if constexpr (Column == SlidingWindowColumn::lane)
        return LaneTilePoints<Exec, Team>(team, threads_x, layout.dy);
      else if constexpr (Column == SlidingWindowColumn::fresh)
        return FreshTilePoints<Exec>(team, threads_x, layout.dy, by_threads_x);
      else
        return TilePoints<Exec>(team, threads_x, layout.dy);
    }();
    const PlaneStager<Physics, Exec, 4, Packed> halo(team, data, ext, layout, o, true);
    const int zb = o.z, ze = tiles.z_end(zb);
    Lanes<values_type, VEC> window[CPT][Q];  // planes zl-2R .. zl
    Lanes<accum_type, VEC> out[CPT][NA];     // points zl-R .. zl+S
    scalar_type row[CPT][F][XLEN];    // plane zl, x-R .. x+VEC+R

    for (int zl = zb - R; zl < ze + R; ++zl) {
      const bool scatter = zl + S >= zb && zl - S < ze;
      const int zdone = zl - R;
      points.for_each_column([&](int tx, int cy, auto slot) {
        const int cx = tx * VEC;
        if (!ext.owns(cx, cy)) return;
        const index_t idx = data.grid.index(o.x + cx, o.y + cy, zl);
        for (int f = 0; f < F; ++f) {
          if (scatter) {
            static_for<0, XLEN / VEC>([&](auto i) {
              const auto vec = *reinterpret_cast<const vector_type*>(data.cur[f] + idx - R + i * VEC);
              static_for<0, VEC>([&](auto v) { row[slot][f][i * VEC + v] = vec.v[v]; });
            });
          } else {
            const auto vec = *reinterpret_cast<const vector_type*>(data.cur[f] + idx);
            static_for<0, VEC>([&](auto v) { row[slot][f][R + v] = vec.v[v]; });
          }
          static_for<0, VEC>([&](auto v) { window[slot][Q - 1][v][f] = row[slot][f][R + v]; });
        }
        if (scatter)
          static_for<0, VEC>([&](auto v) {
            if (cx + v < ext.nxv)
              for (int f = 0; f < F; ++f)
                scratch[f * layout.field_stride + layout.centre(cx + v, cy)] = row[slot][f][R + v];
          });
      });
      if (scatter) {
        halo.stage(team, zl, scratch, PlainCopy{});
        ExecTraits<Exec>::team_barrier(team);
      }
      points.for_each_column([&](int tx, int cy, auto slot) {
        const int cx = tx * VEC;
        if (!ext.owns(cx, cy)) return;
        if (scatter) {
          static_for<0, VEC>([&](auto v) { out[slot][NA - 1][v] = accum_type{}; });
          static_for<-S, S + 1>([&](auto dz) {
            constexpr int J = R - decltype(dz)::value;
            const int target = zl - dz;
            if (target >= zb && target < ze)
              static_for<0, VEC>([&](auto v) {
                const RegisterRowPlane<scalar_type, F, XLEN> plane{
                    row[slot], R + v, scratch + layout.centre(cx + v, cy), layout.w, layout.field_stride};
                const auto coeffs = point_coeffs<Exec>(data, data.grid.index(o.x + cx + v, o.y + cy, target));
                out[slot][J][v] += data.physics.plane_term(dz, plane, coeffs);
              });
          });
        }
        if (zdone >= zb && zdone < ze)
          static_for<0, VEC>([&](auto v) {
            const int x = o.x + cx + v;
            if (x < box.x0 || x >= box.x1) return;
            const index_t idx = data.grid.index(x, o.y + cy, zdone);
            const auto coeffs = point_coeffs<Exec>(data, idx);
            accum_type acc = out[slot][0][v];
            static_for<-R, R + 1>([&](auto dz) {
              constexpr int DZ = decltype(dz)::value;
              if constexpr (DZ < -S || DZ > S) {
                const PointPlane<scalar_type, F> point{window[slot][R + DZ][v]};
                acc += data.physics.plane_term(dz, point, coeffs);
              }
            });
            finish_point<Exec, true>(data, idx, acc, window[slot][R][v]);
          });
        shift_queue<1, Q>(window[slot]);
        shift_queue<1, NA>(out[slot]);
      });
      if (scatter) ExecTraits<Exec>::team_barrier(team);
    }
  }
};

template <class Physics, class Exec, bool Packed = sliding_window_packed_plan<Physics>(),
          SlidingWindowColumn Column = sliding_window_column<Physics>()>
using SlidingWindow = TiledStrategy<Physics, Exec, SlidingWindowBody<Physics, Exec, Packed, Column>>;

}  // namespace seis
