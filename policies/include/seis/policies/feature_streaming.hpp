#pragma once
// 2.5D streaming with a register queue of plane features along z
// (seis/physics/plane_features.hpp; issue 10: TTI issued ~800 instructions
// per point, most of them re-reading the in-plane neighbours of planes
// z+-1, z+-2 for every point that uses them).
//
//   - each plane's features are computed once per column: the part its own
//     values give when it enters the queue at z+R, the part its in-plane
//     neighbours give when it reaches z+E (E = the physics' feature depth;
//     TTI: 2, iso: 0), from the scratch ring;
//   - the off-centre planes are summed from the feature queue (registers):
//     no scratch loads, and the per-point coefficients enter once;
//   - the scratch ring holds planes z .. z+E (the centre plane for its
//     in-plane term, the planes on their way to it) and a spare plane that
//     receives the next plane's halo asynchronously (CUDA: cp.async, 16-byte
//     copies where the ring allows), so one barrier per plane suffices; the
//     tile interior enters scratch from the threads' own registers; the ring
//     has as many more planes as make its size divide the queue length, so
//     that its slots are compile-time constants (TTI: 5 planes);
//   - queues rotate instead of shifting (the z loop is unrolled by their
//     length) and have a spare entry that receives plane z+R+1 one plane
//     early, so a load lands where its value stays;
//   - a staged plane has a compile-time row pitch (tiles at most MaxDX
//     wide) and its fields interleaved row by row, so every neighbour a
//     point reads is a constant offset from one scratch address: no index
//     arithmetic per neighbour row, field or plane;
//   - index arithmetic happens once per tile: a thread's point is a 64-bit
//     offset from the tile's base pointers (seis/policies/plane_pointers.hpp),
//     one plane further each step, its halo copies (seis/halo_copy_plan.hpp)
//     32-bit offsets from per-plane ones;
//   - the model values coeffs() reads first (the physics' coefficient
//     inputs; TTI: n_x, n_y) are copied with cp.async into scratch a plane
//     ahead, at the top of the plane before, and read from there: no warp
//     waits on their global loads right after the barrier (session 12,
//     H200, 900^3, 4 rounds: 32x8@300 13.35-13.43 ms against 13.61-13.65,
//     twin 13.21-13.26 against 13.79-13.84; @128 13.27-13.35 against
//     13.68-13.75; 32x4@300 0.996; stalls a warp instruction: long
//     scoreboard 1.45 -> 0.52, barrier 1.64 -> 1.05, short scoreboard
//     0.61 (their shared loads), 357 instructions a point against 342).
// Measured and left (H200, TTI 900^3, 32x8@128 at 13.6-13.8 ms, 128
// registers, 16 warps an SM): warps stall on the barrier (1.55 cycles an
// issued instruction), global loads (long scoreboard 1.42) and fixed
// latencies (1.32), hardly on shared memory (0.23 + 0.10 MIO); two x
// points a thread (255 registers, 8 warps an SM, 326 instructions a point
// against 348) ran 24.96 ms, issue slots 29.6 % busy; the model values
// loaded a plane ahead (after the coefficients; spills only outside the
// plane loop) 17.45 ms against 13.86, long scoreboard 2.65 (session 8).
// Session 10 (900^3, A/B in one binary, two rounds, Kokkos and twin
// bitwise equal in every form): only the model values coeffs() reads
// (n_x, n_y) a plane ahead, at the top of the plane before, in parity
// slots (load to first use ~710 SASS instructions against ~228, 128
// registers, no spills, 348 instructions a point as before) ran 15.25 ms
// against 13.69 in the Kokkos body, the twin 14.00 against 14.04; the
// halo copied two planes ahead into the ring's free plane (TTI: 5 planes,
// 4 in use), the barrier waiting for the older cp.async group only, ran
// 13.74 against 13.69 (twin 14.01 against 14.04): the barrier stall is
// not the halo's latency. Both removed. Session 11 (900^3, A/B in one
// binary, 5 rounds): the staged features beyond the tile as 2 columns left
// and right of its rows (D1y, the centre's mixed term as D1x(D1y); 32
// cells at 32x8, one warp) instead of 2 rows above and below (128 cells, 4
// warps): 334.0 instructions a point against 341.9-342.1, issue slots
// 55.4-55.5 % busy against 56.3-56.9, time 0.998-0.999 of the rows' at @300
// and 0.997-1.003 at @128, within the rounds' spread (twin 0.995-1.003):
// not issue-bound. Per issued instruction a warp waits 1.64 cycles at the
// barrier, 1.48 on global loads (long scoreboard), 1.31 on fixed latency
// (wait), 0.28 for instructions; 0.92 of ~4 warps a scheduler eligible
// (16 warps an SM: registers). Carrying the centre's near in-plane sums
// (D2x, D2y within 2) in the features from the neighbours the D1 read (16
// fewer scratch loads a point): spills at 128 registers (70 M local loads
// a step), 15-18 % slower. Both removed. Session 12 (900^3 @300 and 32x4
// @300, A/B in one binary, 3 rounds, Kokkos/twin bitwise in every form; a
// Kokkos CUDA team has 40936 B of scratch, this body 33280 B at 32x8):
// the tile interior of plane z+R+1 copied with cp.async into a ring of 6
// planes (queues and loop 12), no value queue: 1.064 (twin 1.020), 358.5
// instructions a point, long scoreboard 1.48 as before; that at 3 teams
// an SM (80 registers, ~15 LDL + 5 STL a plane): 1.27 (twin 1.30); copied
// two planes ahead (ring 7, loop 14; 32x4 only: 43520 B at 32x8): 1.09
// (twin 1.05); the off-centre planes summed before coeffs(): 1.015 (twin
// 1.028). All removed. The coefficient inputs copied in a branch of their
// own after the barrier, from the point's 64-bit offset plus a plane: 366
// instructions a point, Kokkos 1.011 (twin 0.974): the form above issues
// them in the block that loads the point, from pointers one plane on.
// Neither the whole point (44544 B at 32x8) nor the interior ring plus the
// inputs (49664 B) fits a Kokkos team's scratch.
// Session 13 (H200, 2 rounds of A/B forms in one binary, Kokkos and twin
// bitwise equal): blocks of exactly 8 rows (the catalogue's) get the
// staged planes' sizes compile-time (DY), so that each ring slot is the
// thread's one scratch base plus an immediate rather than a plane stride
// loaded and multiplied per slot and plane (SASS between barriers, TTI:
// 482-488 -> 463-470 instructions, twin 474-479 -> 454-460): TTI 900^3
// @300 13.19-13.30 ms against 13.42-13.54 (twin 0.996, 0.998), @128
// 13.16-13.24 against 13.29-13.53 (twin 0.996, 1.003); 339-340
// instructions a point against 349; iso 1024^3 @128 0.999 in round 2
// (1.017 in round 1; twin 0.998, 0.999), @300 0.999. Measured and removed:
// a cell's fields side by side in the staged planes (p and q at a
// neighbour one LDS.64: 68 -> 35 shared loads a plane, the halo in scalar
// copies): 318.5 instructions a point, but the time of the form without
// (Kokkos 1.000 @300, 1.011 @128; twin 1.058, 1.081 with 6 local
// loads/stores); short-scoreboard stalls 0.39 -> 2.17 cycles an issued
// instruction. The halo copies dealt from the last thread down (off the
// warps that stage the rows beyond the tile): 1.008 @300, 1.004 @128
// (twin 1.006, 1.011), barrier stalls 1.33 -> 1.28.
// Session 14 (H200, TTI 900^3, 32x8, A/B forms of the shared TTI arithmetic
// in one binary, 4 alternating rounds, Kokkos and twin bitwise equal in
// every form): the D2/D1 weights as literals of unit spacing (immediates;
// ULDC reloads 21 -> 9 a plane) with the spacing folded into the per-point
// tilt coefficients, and n_z = sqrt(max(rest, 0)): this kernel @128
// 12.931-12.995 ms against 13.071-13.091 (twin 0.996), @300 0.993 (twin
// 0.987), 345.5 -> 333.5 instructions a point. Removed after the whole
// bench of the merged tree (c6a422c): the same arithmetic made other TTI
// strategies' kernels much slower on one side only (Kokkos semi_25d 45.6 ms
// against 30.1, its twin 29.5: 1.545; swic 92.4 against 68.5 at 196
// registers: 1.380; twins of smem_3d, gmem_3d, st_reg_shift 6-11 %
// slower), six parity rows outside 3 %, for 0.7-0.9 % here. The sqrt alone:
// 0.998. Two partial sums per D2 and per off-centre sum (FFMA chains half
// as long for the 'wait' stalls): 1.007 @128, 1.012 @300, wait stalls
// 1.29 -> 1.28 only.

#include "seis/halo_copy_plan.hpp"
#include "seis/math/interleaved_layout.hpp"
#include "seis/physics/plane_features.hpp"
#include "seis/policies/plane_pointers.hpp"
#include "seis/policies/point_memory.hpp"
#include "seis/policies/register_queue.hpp"
#include "seis/policies/streaming_body.hpp"
#include "seis/policies/team_loops.hpp"
#include "seis/policies/tile_staging.hpp"

namespace seis {

// DY > 0: tiles of exactly DY rows, the staged planes' sizes compile-time
// (InterleavedStaging; the factory's form for blocks of 8 rows).
template <class Physics, class Exec, int MaxDX = 32, int DY = 0>
struct FeatureStreamingBody
    : StreamingBody<Physics, Exec, ring_planes_dividing(PlaneFeatures<Physics>::depth + 2, 2 * Physics::radius + 2)> {
  using Features = PlaneFeatures<Physics>;
  using Centre = StagedFeatures<Physics>;
  using features_type = typename Features::features_type;
  static constexpr int E = Features::depth;  // plane z+E completes its features from scratch
  // Scratch ring: planes z .. z+E and a spare, and more (TTI: 5, not 4)
  // until the count divides the queue length, so that its slots are
  // compile-time constants in the unrolled z loop (register_queue.hpp).
  static constexpr int P = ring_planes_dividing(E + 2, 2 * Physics::radius + 2);
  using Base = StreamingBody<Physics, Exec, P>;
  using typename Base::accum_type;
  using typename Base::scalar_type;
  using typename Base::values_type;
  static constexpr int CPT = Base::CPT;
  static constexpr int F = Base::F;
  static constexpr int R = Base::R;
  static constexpr int H = Base::H;
  // Its own register budget (seis/streaming_bounds.hpp): the TTI feature
  // queue spilled at the multi-field streaming budget.
  using launch_bounds = BudgetLaunchBounds<Physics, LaunchBudget::features>;
  // Queues of planes z-R .. z+R and a spare entry for plane z+R+1.
  static constexpr int Q = 2 * R + 2;
  // Copies of the halo ring a thread keeps in registers
  // (seis/halo_copy_plan.hpp): 1 or 2 for the catalogue's shapes on GPUs.
  static constexpr int listed_halo_copies = 1;
  using Staging = InterleavedStaging<F, H, MaxDX, DY>;  // seis/math/interleaved_layout.hpp
  static constexpr int Pitch = Staging::Pitch;
  using Staged = InterleavedPlane<scalar_type, F, Pitch>;
  // Staged features (TTI: D1x p, D1x q for the centre's mixed term): written
  // when the plane is z+1 (its features complete, in the queue), read when
  // it is the centre, in a ring of 2 planes after the value ring (slot: the
  // plane's parity, as Q is even); S = 0: none.
  static constexpr int S = Centre::staged;
  static_assert(S <= F && (S == 0 || E > 0), "staged features take a value plane's rows, from z+1");
  static_assert(Q % 2 == 0, "the staged ring's slot is the plane's parity");
  static_assert(Q % P == 0, "the ring's slots are compile-time in the loop unrolled by Q");
  static constexpr int staged_reach = Centre::staged_reach;
  // The model values the physics' coeffs() reads first (its coefficient
  // inputs, seis/math/coefficient_inputs.hpp; TTI: n_x, n_y) are copied
  // asynchronously into the team's scratch a plane ahead, at the top of the
  // plane before, and read from there (ScratchPoint,
  // seis/math/point_memory.hpp); the rest of the point loads at the top of
  // its plane. A physics without them (iso) loads the whole point there.
  static constexpr bool PointAhead = CoefficientModels<Physics>::type::size > 0;
  using ScratchPoint = ScratchPointOf<Physics, ExecTraits<Exec>, true>;

  FeatureStreamingBody() = default;
  FeatureStreamingBody(const StepData<Physics>& d, const Box& box, const BlockShape& s) : Base(d, box, s) {
    this->layout = layout_for(s);
  }

  // PlaneLayout with the row pitch and field stride of interleaved rows, so
  // that the team copies of tile_staging.hpp and the halo plan place cells
  // where InterleavedPlane reads them (shared with the native twin).
  static PlaneLayout layout_for(const BlockShape& s) { return Staging::layout(s.dx, s.dy); }
  // The value ring, the staged ring and the points' copied inputs
  // (InterleavedStaging, shared with the native twin).
  static constexpr int point_stride = PointAhead ? ScratchPoint::stride : 0;
  static std::size_t scratch_bytes(const BlockShape& s) {
    return Staging::scratch_floats(layout_for(s), P, S, staged_reach, point_stride) * sizeof(scalar_type);
  }
  static void check_shape(const BlockShape& s, const std::string& what) {
    if (s.dx > MaxDX)
      throw ConfigError(what + ": st_reg_feat stages rows of at most " + std::to_string(MaxDX) +
                        " points (a compile-time pitch); use a block at most that wide");
    if (!Staging::fits(s.dx, s.dy))
      throw ConfigError(what + ": this st_reg_feat form stages tiles of exactly " + std::to_string(DY) + " rows");
    if (S > 0 && s.dy < 2 * staged_reach)
      throw ConfigError(what + ": st_reg_feat stages this physics' features " + std::to_string(staged_reach) +
                        " rows beyond the tile with its first " + std::to_string(2 * staged_reach) +
                        " rows of threads; use a block at least that tall");
  }

  template <class Team>
  KOKKOS_INLINE_FUNCTION void run(const Team& team, TileOrigin o, scalar_type* scratch) const {
    const auto& data = this->data;
    const auto& layout = this->layout;
    const Physics& physics = data.physics;
    const TileExtent ext(this->tiles.box, layout, o);
    const TilePoints<Exec> points(team, layout.dx, layout.dy);
    const int zb = o.z;
    const int n = this->tiles.z_end(zb) - zb;
    const index_t sz = data.grid.stride_z();
    const int sy = int(data.grid.stride_y());
    // Ring slots (register_queue.hpp): plane zb + k + D at rotation step
    // u = k mod Q lies in slot (u + D) mod P (the prologue: u = 0).
    auto plane = [&](int slot) { return scratch + slot * Staging::plane_stride(layout); };
    // Staged slot u (0, 1) at value-plane offsets (inside the scratch: the
    // origin lies before the staged ring, in the value ring).
    scalar_type* const staged_ring = plane(P) + Staging::staged_origin(staged_reach);
    const int staged_stride = Staging::staged_stride(layout, staged_reach);
    auto staged_plane = [&](int u) { return staged_ring + u * staged_stride; };
    const index_t tile_first = data.grid.index(o.x, o.y, zb);
    const index_t window_first = tile_first - layout.hx - index_t(layout.hy) * sy;

    values_type values[CPT][Q];        // live from z+R+1 (loaded) to z+E (staged)
    features_type features[CPT][Q];    // live from z+R to z-R
    int column[CPT];  // the point's offset from the tile's first point in a plane
    int staged[CPT];  // and in a staged plane
    int row_cell[CPT];  // the staged cell outside the tile whose features it stages, or -1
    scalar_type* copied[CPT];  // the column's copied inputs (2 planes)

    // Prologue, once per tile: the features of planes zb-R .. zb+R-1 straight
    // from global memory, the values of zb+E .. zb+R, planes zb .. zb+E-1
    // into scratch (whole windows), the halo of zb+E on its way.
    points.for_each_column([&](int cx, int cy, auto slot) {
      column[slot] = cx + cy * sy;
      copied[slot] = scratch + Staging::point_floats_at(layout, P, S, staged_reach) + (cx + cy * layout.dx) * point_stride;
      staged[slot] = Staging::centre(cx, cy);
      int row;
      row_cell[slot] = S > 0 && Staging::staged_row(ext, staged_reach, cx, cy, row) ? Staging::centre(cx, row) : -1;
      if (!ext.owns(cx, cy)) return;
      static_for<-R, R + 1>([&](auto dz) {
        constexpr int DZ = decltype(dz)::value;
        const PlanePointers<Physics, Exec> at(data, tile_first + DZ * sz);
        const values_type v = at.current(column[slot]);
        if constexpr (DZ < R) {
          auto& f = features[slot][R + DZ];
          f = Features::point_features(physics, v);
          if constexpr (DZ >= -E && DZ < E) {
            PlaneWindow<scalar_type, F> window{};
            for (int k = 0; k < F; ++k) window.base[k] = at.cur[k] + column[slot];
            window.row_stride = sy;
            Features::add_in_plane_features(physics, f, window);
            if constexpr (DZ == 0) put_staged_of(staged_plane(0) + staged[slot], physics, f);
          }
        }
        if constexpr (DZ >= E) values[slot][R + DZ] = v;
      });
    });
    // The staged features of plane zb outside the tile, from global memory
    // (after the features: fewer registers live).
    points.for_each_column([&](int cx, int cy, auto slot) {
      int row;
      if (S > 0 && row_cell[slot] >= 0 && Staging::staged_row(ext, staged_reach, cx, cy, row)) {
        const PlanePointers<Physics, Exec> at(data, tile_first);
        PlaneWindow<scalar_type, F> window{};
        for (int k = 0; k < F; ++k) window.base[k] = at.cur[k] + cx + row * sy;
        window.row_stride = sy;
        put_staged(staged_plane(0) + row_cell[slot], physics, window);
      }
    });
    static_for<0, E>([&](auto dz) {
      constexpr int slot = rotating_ring_slot<P, 0, decltype(dz)::value>();
      stage_plane(team, data, ext, layout, o, zb + dz, plane(slot), PlainCopy{});
    });
    // The halo plan after the prologue's features (fewer registers live).
    const scalar_type* halo_from[F];  // a halo's plane at the window's first cell
    for (int f = 0; f < F; ++f) halo_from[f] = data.cur[f] + window_first;
    const int halo_width = Staging::halo_width(ext, sy, sz, halo_from, plane(0));
    const int halo_rank = team.team_rank();
    const HaloCopyPlan<listed_halo_copies> halo(Staging::halo_ring(ext, layout, sy, halo_width), halo_rank,
                                                team.team_size());
    for (int f = 0; f < F; ++f) halo_from[f] = data.cur[f] + window_first + E * sz;
    stage_halo(team, halo_rank, ext, halo_width, halo, halo_from, plane(rotating_ring_slot<P, 0, E>()));
    if constexpr (PointAhead)  // plane zb's inputs, with its halo
      points.for_each_column([&](int cx, int cy, auto slot) {
        if (ext.owns(cx, cy)) ScratchPoint::copy(copied[slot], PlanePointers<Physics, Exec>(data, tile_first), column[slot]);
      });
    ExecTraits<Exec>::async_commit();

    const index_t ahead_distance = (R + 1) * sz;
    // The team's pointers stay at the tile's first point (and R+1 planes
    // ahead, for the incoming values); a point's loads are its 64-bit offset
    // from them, one plane further each step: an add pair a load, instead
    // of rebuilding every pointer each plane (issue 10).
    const PlanePointers<Physics, Exec> at_tile(data, tile_first);
    const PlanePointers<Physics, Exec> ahead_of_tile(data, tile_first + ahead_distance);
    index_t offset[CPT];  // the point's offset from the tile's first point, in the plane being updated
    for (int c = 0; c < CPT; ++c) offset[c] = column[c];
    // Previous level and model, loaded early; stored with streaming stores.
    // Its inputs copied a plane early into scratch, plane k's in the
    // column's half k mod 2 (Q is even: the rotation step's parity), from
    // pointers one plane on.
    std::conditional_t<PointAhead, ScratchPoint, PreloadedPoint<Physics, Exec, true>> point[CPT];
    const auto next_of_tile = [&] {  // (opaque pointers cost instructions: none without PointAhead)
      if constexpr (PointAhead)
        return PlanePointers<Physics, Exec>(data, tile_first + sz);
      else
        return 0;
    }();
    auto step = [&](int k, auto rotation) {
      constexpr int U = decltype(rotation)::value;
      const bool more = k + 1 < n;
      auto ring = [&](auto dz) { return plane(rotating_ring_slot<P, U, decltype(dz)::value>()); };
      scalar_type* entering = ring(int_c<E>{});
      // Past the tile's last plane the load repeats this plane (unused, in
      // bounds): unconditional, it leaves no copies between registers.
      const scalar_type* incoming[F];
      for (int f = 0; f < F; ++f)
        incoming[f] = ExecTraits<Exec>::opaque_base(more ? ahead_of_tile.cur[f] : at_tile.cur[f]);
      points.for_each_column([&](int cx, int cy, auto slot) {
        if (!ext.owns(cx, cy)) return;
        if constexpr (PointAhead) {
          point[slot].aim(at_tile, offset[slot], copied[slot] + (U % 2) * ScratchPoint::count);
          // The next plane's inputs, into the half the last plane left (this
          // thread's own reads of it are done); past the tile's last plane
          // the first plane beyond its box (the grid's z halo: in bounds),
          // unused. Committed with the next halo: landed at the next
          // plane's barrier.
          ScratchPoint::copy(copied[slot] + ((U + 1) % 2) * ScratchPoint::count, next_of_tile, offset[slot]);
        } else {
          point[slot].load(at_tile, offset[slot]);
        }
        for (int f = 0; f < F; ++f) values[slot][queue_slot<true, Q, U, 2 * R + 1>()][f] = incoming[f][offset[slot]];
        const values_type& v = values[slot][queue_slot<true, Q, U, R + E>()];
        for (int f = 0; f < F; ++f) entering[f * Pitch + staged[slot]] = v[f];  // (Pitch: the field stride)
      });
      // Plane z+E is whole in scratch (its halo, copied during the last
      // plane, has landed) and every thread has finished the last plane, so
      // the spare plane may receive the next halo.
      ExecTraits<Exec>::async_wait(team);
      for (int f = 0; f < F; ++f) halo_from[f] += sz;
      if (more) stage_halo(team, halo_rank, ext, halo_width, halo, halo_from, ring(int_c<E + 1>{}));
      ExecTraits<Exec>::async_commit();

      points.for_each_column([&](int cx, int cy, auto slot) {
        // The staged features of plane z+1 outside the tile, from its staged
        // values (read when it is the centre, past the next barrier).
        if (S > 0 && row_cell[slot] >= 0)
          put_staged(staged_plane((U + 1) % 2) + row_cell[slot], physics,
                     Staged{ring(int_c<1>{}) + row_cell[slot]});
        if (!ext.owns(cx, cy)) return;
        auto& queue = features[slot];
        auto at = [&](auto dz) -> features_type& { return queue[queue_slot<true, Q, U, R + decltype(dz)::value>()]; };
        at(int_c<R>{}) = Features::point_features(physics, values[slot][queue_slot<true, Q, U, 2 * R>()]);
        if constexpr (E > 0) {
          const Staged window{ring(int_c<E>{}) + staged[slot]};
          Features::add_in_plane_features(physics, at(int_c<E>{}), window);
        }
        // Plane z+1's staged features, from its completed features.
        put_staged_of(staged_plane((U + 1) % 2) + staged[slot], physics, at(int_c<1>{}));
        const Staged centre{ring(int_c<0>{}) + staged[slot]};
        const auto coeffs = physics.coeffs(point[slot]);
        const Features off_centre{physics, coeffs};
        typename Features::sum_type sum{};
        static_for<-R, R + 1>([&](auto dz) {
          if constexpr (decltype(dz)::value != 0) off_centre.add(dz, sum, at(dz));
        });
        accum_type acc =
            Centre::centre(physics, centre, Staged{staged_plane(U % 2) + staged[slot]}, coeffs);
        acc += off_centre.term(sum);
        values_type own;
        for (int f = 0; f < F; ++f) own[f] = centre(f, 0, 0);
        physics.update(acc, own, point[slot]);
      });
      for (int c = 0; c < CPT; ++c) offset[c] += sz;
    };

    for_each_streamed_plane<true, Q>(n, step);
  }

 private:
  // A cell's staged features: from its plane (outside the tile), or from the
  // features a point completed.
  template <class Plane>
  KOKKOS_FORCEINLINE_FUNCTION static void put_staged(scalar_type* to, const Physics& physics, const Plane& plane) {
    if constexpr (S > 0) Staging::template put_staged<S>(to, Centre::staged_at(physics, plane));
  }
  template <class Features>
  KOKKOS_FORCEINLINE_FUNCTION static void put_staged_of(scalar_type* to, const Physics& physics, const Features& f) {
    if constexpr (S > 0) Staging::template put_staged<S>(to, Centre::staged_of(physics, f));
  }
  // Copies this thread's share of a plane's halo ring (the tile interior
  // comes from the threads' registers), asynchronously where the backend
  // can, in vectors where the ring allows (Staging::halo_ring); `from`
  // points at the ring's first cell in that plane, per field.
  template <class Team>
  KOKKOS_FORCEINLINE_FUNCTION void stage_halo(const Team& team, int rank, const TileExtent& ext, int width,
                                              const HaloCopyPlan<listed_halo_copies>& halo,
                                              const scalar_type* const* from, scalar_type* dst) const {
    auto where = [&] { return Staging::halo_ring(ext, this->layout, int(this->data.grid.stride_y()), width); };
    const scalar_type* src[F];
    for (int f = 0; f < F; ++f) src[f] = ExecTraits<Exec>::opaque_base(from[f]);
    // A copy's cell in every field at once: one branch per listed copy, and
    // one run of cp.async (ptxas pads each run with 3 idle shared loads).
    halo.for_each_placed(where, rank, team.team_size(), [&](int s, int d) {
      for (int f = 0; f < F; ++f) {
        scalar_type* to = dst + f * Pitch + d;  // (Pitch: the field stride)
        if (width == Staging::halo_vec)
          ExecTraits<Exec>::template async_copy_vector<Staging::halo_vec>(to, src[f] + s);
        else
          ExecTraits<Exec>::async_copy(to, src[f] + s, 1);
      }
    });
  }

};

}  // namespace seis
