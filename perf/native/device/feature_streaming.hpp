#pragma once
// st_reg_feat: 2.5D streaming with a register queue of plane features along
// z, as policies/feature_streaming.hpp does it; only the data movement is
// written again here, the features and plane terms are the shared math
// (seis/math/plane_features.hpp, tti_stencil.hpp, iso_stencil.hpp):
//   - a plane's features are computed once per column: its own values when
//     it enters the queue at z+R, its in-plane neighbours' part when it
//     reaches z+E (E = the physics' feature depth), from the shared ring;
//   - the off-centre planes are summed from the feature queue (registers);
//   - the shared ring holds planes z .. z+E and a spare plane whose halo is
//     copied asynchronously (cp.async, 16-byte copies where the ring allows)
//     one plane ahead: one barrier a plane; its size divides the queue
//     length (TTI: 5 planes), as in the Kokkos body;
//   - queues rotate (the z loop unrolled by their length), with a spare
//     entry receiving plane z+R+1 one plane early;
//   - staged rows have a compile-time pitch and interleaved fields
//     (InterleavedPlane), so every neighbour is a constant offset;
//   - index arithmetic once per tile: a 64-bit offset from opaque per-tile
//     bases, halo copies dealt out once (seis/halo_copy_plan.hpp);
//   - the coefficient inputs (TTI: n_x, n_y) copied with cp.async into
//     shared memory a plane ahead, at the top of the plane before.

#include "device/stencil_math.hpp"
#include "device/tiles.hpp"
#include "device/vector_streaming.hpp"  // VectorPlanePointers (the opaque per-plane bases)
#include "seis/halo_copy_plan.hpp"     // plain C++, no Kokkos
#include "seis/math/interleaved_layout.hpp"  // the staged planes, shared with the Kokkos body
#include "seis/math/kokkos_cuda_team_shared.hpp"  // where the Kokkos kernel's team scratch starts
#include "seis/math/plane_features.hpp"

namespace seis::native::dev {

// The widest tile a staged row holds (the Kokkos body's MaxDX).
inline constexpr int feature_max_dx = 32;

// DY > 0: tiles of exactly DY rows, the staged planes' sizes compile-time
// (the Kokkos body's form for blocks of staged_fixed_rows rows).
template <class Op, int DY = 0>
struct FeatureLayout {
  using Features = PlaneFeatures<typename Op::stencil_type>;
  using Centre = StagedFeatures<typename Op::stencil_type>;
  static constexpr int E = Features::depth;
  // Planes z .. z+E and a spare, and more until the count divides the queue
  // length: compile-time slots in the unrolled z loop (the Kokkos body's).
  static constexpr int P = ring_planes_dividing(E + 2, 2 * R + 2);
  using Staging = InterleavedStaging<Op::F, Op::H, feature_max_dx, DY>;
  static constexpr int Pitch = Staging::Pitch;
  // Staged features (TTI: D1x p, D1x q), in a ring of 2 planes after the values.
  static constexpr int S = Centre::staged;
  static PlaneLayout make(const Shape& s) { return Staging::layout(s.dx, s.dy); }
  // The points' copied coefficient inputs (ScratchPoint) after the staged
  // ring, as in the Kokkos body (none for a physics without them).
  static constexpr bool point_ahead = CoefficientModels<Op>::type::size > 0;
  static constexpr int point_stride =
      point_ahead ? ScratchPointOf<Op, void, true>::stride : 0;  // (no copies made through it)
  static SEIS_INLINE int point_floats_at(const PlaneLayout& L) {
    return Staging::point_floats_at(L, P, S, Centre::staged_reach);
  }
  static std::size_t bytes(const PlaneLayout& L) {
    return Staging::scratch_floats(L, P, S, Centre::staged_reach, point_stride) * sizeof(float);
  }
};

// The launch budget of the Kokkos body (LaunchBudget::features).
#define SEIS_NATIVE_FEATURE_STREAMING_BOUNDS(Op) SEIS_NATIVE_LAUNCH_BOUNDS(Op, seis::LaunchBudget::features)

// Halo copies a thread keeps in registers (the Kokkos body's listed_halo_copies).
inline constexpr int feature_listed_halo_copies = 1;


// The ring starts where the Kokkos kernel's team scratch starts
// (seis/math/interleaved_layout.hpp): the same shared-memory addresses, bank
// for bank (at offset 0 the twin ran 24 % slower with identical SASS and
// relative offsets, 2.3x the shared-load bank conflicts in ncu).
// plan_feature_streaming_at places it `ring_offset_bytes` in, for an A/B.
template <class Op, int DY = 0>
LaunchPlan plan_feature_streaming_at(const Box& box, const Shape& s, std::size_t ring_offset_bytes) {
  using Layout = FeatureLayout<Op, DY>;
  const PlaneLayout L = Layout::make(s);
  const int zchunk = s.zchunk > 0 ? s.zchunk : box.z1 - box.z0;
  return LaunchPlan{TileGrid::make(box, s.dx, s.dy, zchunk), L, s.dx, s.dy, 1, ring_offset_bytes + Layout::bytes(L)};
}
template <class Op, int DY = 0>
LaunchPlan plan_feature_streaming(const Box& box, const Shape& s) {
  return plan_feature_streaming_at<Op, DY>(box, s, kokkos_cuda_team_scratch_offset(s.dx * s.dy));
}
// The kernel's ring_offset argument: the floats before the ring.
template <class Op, int DY = 0>
int feature_ring_offset(const LaunchPlan& plan) {
  return int((plan.shared - FeatureLayout<Op, DY>::bytes(plan.layout)) / sizeof(float));
}

template <class Op, class Backend, int DY = 0>
__global__ void SEIS_NATIVE_FEATURE_STREAMING_BOUNDS(Op)
    feature_streaming_kernel(const StepArgs<Op> a, const TileGrid tiles, const PlaneLayout L, const int ring_offset) {
  using Layout = FeatureLayout<Op, DY>;
  using Features = typename Layout::Features;
  using Centre = typename Layout::Centre;
  using Staging = typename Layout::Staging;
  constexpr int S = Layout::S;
  using features_type = typename Features::features_type;
  using Pointers = VectorPlanePointers<Op, Backend>;
  constexpr int F = Op::F;
  constexpr int E = Layout::E;
  constexpr int P = Layout::P;
  constexpr int Q = 2 * R + 2;  // planes z-R .. z+R and a spare entry for z+R+1
  using Staged = InterleavedPlane<float, F, Layout::Pitch>;
  extern __shared__ float4 shared_words[];
  // The shared base worked out once (opaque_shared), as the Kokkos kernel
  // holds its team scratch pointer: ptxas otherwise rebuilt it from the
  // CTA's cluster id (S2UR) in every plane (H200, iso 512^3: 0.863 ms
  // against 0.876; 1024^3 6.78 against 6.80).
  float* scratch = Backend::opaque_shared(reinterpret_cast<float*>(shared_words)) +
                   Backend::opaque_value(ring_offset);  // floats, as planned
  const Op& op = a.op;
  // The block's linear number (CUDA: a 1D grid, as Kokkos launches the
  // league; HIP: the tile grid itself) walks the tiles with x fastest.
  const TileOrigin o = tiles.origin(int(blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z)));
  const TileExtent ext(tiles.box, L, o);
  const int cx = int(threadIdx.x), cy = int(threadIdx.y);
  const bool owner = ext.owns(cx, cy);
  const int zb = o.z;
  const int n = tiles.z_end(zb) - zb;
  const long long sz = a.grid.stride_z;
  const int sy = int(a.grid.stride_y);
  // Ring slots: plane zb + k + D lies in slot (k + D) mod P, compile-time
  // constants in the loop unrolled by Q (P divides Q), as in the Kokkos
  // body. In the loop each plane's address is made where it is used, from
  // a fresh plane stride (step's ring): with plain constants ptxas kept the
  // ring's plane addresses in registers and this kernel spilled (TTI z loop
  // of 10 planes: 7/3 spill loads/stores; 15.52 ms against 14.07 at 900^3
  // @300 on the H200); with an index advanced each plane (RingIndex) each
  // address cost a compare, selects and adds (4766 instructions against
  // 4606; H200, parity8 round 2, Kokkos/twin: TTI 900^3 @300 0.967 ->
  // 0.987, @128 0.974 -> 0.988, iso 1024^3 @128 0.993 -> 1.001).
  auto plane = [&](int slot) { return scratch + slot * Staging::plane_stride(L); };
  // Staged slot u (0, 1) at value-plane offsets (the Kokkos body's).
  float* const staged_ring = plane(P) + Staging::staged_origin(Centre::staged_reach);
  const int staged_stride = Staging::staged_stride(L, Centre::staged_reach);
  auto staged_plane = [&](int u) { return staged_ring + u * staged_stride; };
  const long long tile_first = point_index(a.grid, o.x, o.y, zb);
  const long long window_first = tile_first - L.hx - (long long)L.hy * sy;
  const int column = cx + cy * sy;  // offset from the tile's first point in a plane
  const int staged = Staging::centre(cx, cy);
  auto current = [&](const Pointers& at) {
    Values<F> v;
    for (int f = 0; f < F; ++f) v[f] = at.cur[f][column];
    return v;
  };

  // The coefficient inputs copied into shared memory a plane ahead, at the
  // top of the plane before (the Kokkos body's; none for iso).
  constexpr bool PointAhead = Layout::point_ahead;
  using ScratchPoint = ScratchPointOf<Op, Backend, true>;
  // The column's copied inputs (2 planes), after the staged ring.
  float* const copied = scratch + Layout::point_floats_at(L) + (cx + cy * L.dx) * ScratchPoint::stride;
  Values<F> values[Q];            // live from z+R+1 (loaded) to z+E (staged)
  features_type features[Q];      // live from z+R to z-R

  // A cell's staged features: from its plane (outside the tile), or from
  // the features a point completed.
  auto put_staged = [&](float* to, const auto& plane) {
    if constexpr (S > 0) Staging::template put_staged<S>(to, Centre::staged_at(op, plane));
  };
  auto put_staged_of = [&](float* to, const auto& features) {
    if constexpr (S > 0) Staging::template put_staged<S>(to, Centre::staged_of(op, features));
  };
  // The staged cell outside the tile whose features this thread stages, or -1.
  int row;
  const bool stages_row = S > 0 && Staging::staged_row(ext, Centre::staged_reach, cx, cy, row);
  const int row_cell = stages_row ? Staging::centre(cx, row) : -1;
  // Prologue, once per tile: the features of planes zb-R .. zb+R-1 straight
  // from global memory, the values of zb+E .. zb+R, planes zb .. zb+E-1
  // into shared memory (whole windows), the halo of zb+E on its way.
  if (owner)
    static_for<-R, R + 1>([&](auto dz) {
      constexpr int DZ = decltype(dz)::value;
      const Pointers at(a, tile_first + DZ * sz);
      const Values<F> v = current(at);
      if constexpr (DZ < R) {
        auto& f = features[R + DZ];
        f = Features::point_features(op, v);
        if constexpr (DZ >= -E && DZ < E) {
          PlaneWindow<float, F> window{};
          for (int k = 0; k < F; ++k) window.base[k] = at.cur[k] + column;
          window.row_stride = sy;
          Features::add_in_plane_features(op, f, window);
          if constexpr (DZ == 0) put_staged_of(staged_plane(0) + staged, f);
        }
      }
      if constexpr (DZ >= E) values[R + DZ] = v;
    });
  // The staged features of plane zb outside the tile, from global memory
  // (after the features: fewer registers live).
  if (stages_row) {
    const Pointers at(a, tile_first);
    PlaneWindow<float, F> window{};
    for (int k = 0; k < F; ++k) window.base[k] = at.cur[k] + cx + row * sy;
    window.row_stride = sy;
    put_staged(staged_plane(0) + row_cell, window);
  }
  static_for<0, E>([&](auto dz) {
    stage_plane(a, ext, L, o, zb + dz, plane(rotating_ring_slot<P, 0, decltype(dz)::value>()), PlainCopy{});
  });
  // The halo plan after the prologue's features (fewer registers live), in
  // vectors where the ring allows (the Kokkos body's Staging::halo_ring).
  const float* halo_from[F];  // a halo's plane at the window's first cell
  for (int f = 0; f < F; ++f) halo_from[f] = a.cur[f] + window_first;
  const int halo_width = Staging::halo_width(ext, sy, sz, halo_from, plane(0));
  const int halo_rank = team_rank();
  const HaloCopyPlan<feature_listed_halo_copies> halo(Staging::halo_ring(ext, L, sy, halo_width), halo_rank,
                                                      team_size());
  // This thread's share of a plane's halo ring, asynchronously.
  auto stage_halo = [&](const float* const* from, float* dst) {
    auto where = [&] { return Staging::halo_ring(ext, L, sy, halo_width); };
    const float* src[F];
    for (int f = 0; f < F; ++f) src[f] = Backend::opaque_base(from[f]);
    // A copy's cell in every field at once (the Kokkos body's order).
    halo.for_each_placed(where, halo_rank, team_size(), [&](int s, int d) {
      for (int f = 0; f < F; ++f) {
        float* to = dst + f * Layout::Pitch + d;  // (Pitch: the field stride)
        if (halo_width == Staging::halo_vec)
          Backend::template async_copy_vector<Staging::halo_vec>(to, src[f] + s);
        else
          Backend::async_copy(to, src[f] + s);
      }
    });
  };
  for (int f = 0; f < F; ++f) halo_from[f] = a.cur[f] + window_first + E * sz;
  stage_halo(halo_from, plane(rotating_ring_slot<P, 0, E>()));
  if constexpr (PointAhead)  // plane zb's inputs, with its halo
    if (owner) ScratchPoint::copy(copied, Pointers(a, tile_first), column);
  Backend::async_commit();

  const long long ahead_distance = (R + 1) * sz;
  // Pointers at the tile's first point (and R+1 planes ahead), a point's
  // 64-bit offset from them one plane further each step (the Kokkos body's).
  const Pointers at_tile(a, tile_first);
  const Pointers ahead_of_tile(a, tile_first + ahead_distance);
  long long offset = column;  // from the tile's first point, in the plane being updated
  // Previous level and model, loaded early; stored with streaming stores.
  // Its inputs copied a plane early, plane k's in the column's half k mod 2,
  // from pointers one plane on.
  std::conditional_t<PointAhead, ScratchPoint, PreloadedPoint<Op, Backend, true>> point;
  const auto next_of_tile = [&] {  // (opaque pointers cost instructions: none without PointAhead)
    if constexpr (PointAhead)
      return Pointers(a, tile_first + sz);
    else
      return 0;
  }();
  auto step = [&](int k, auto rotation) {
    constexpr int U = decltype(rotation)::value;
    const bool more = k + 1 < n;
    auto ring = [&](auto dz) {
      // (compile-time plane sizes need no fresh value: one base, immediates)
      if constexpr (DY > 0)
        return scratch + rotating_ring_slot<P, U, decltype(dz)::value>() * Staging::plane_stride(L);
      else
        return scratch + rotating_ring_slot<P, U, decltype(dz)::value>() * Backend::fresh_value(L.plane_stride);
    };
    float* entering = ring(int_c<E>{});
    // Past the tile's last plane the load repeats this plane (unused, in bounds).
    const float* incoming[F];
    for (int f = 0; f < F; ++f) incoming[f] = ahead_of_tile.cur[f] - (more ? 0 : ahead_distance);
    if (owner) {
      if constexpr (PointAhead) {
        point.aim(at_tile, offset, copied + (U % 2) * ScratchPoint::count);
        // The next plane's inputs, into the half the last plane left; past
        // the tile's last plane the first plane beyond its box (the grid's
        // z halo: in bounds), unused.
        ScratchPoint::copy(copied + ((U + 1) % 2) * ScratchPoint::count, next_of_tile, offset);
      } else {
        point.load(at_tile, offset);
      }
      for (int f = 0; f < F; ++f) values[queue_slot<true, Q, U, 2 * R + 1>()][f] = incoming[f][offset];
      const Values<F>& v = values[queue_slot<true, Q, U, R + E>()];
      for (int f = 0; f < F; ++f) entering[f * Layout::Pitch + staged] = v[f];  // (Pitch: the field stride)
    }
    // Plane z+E is whole (its halo has landed) and everyone is done with the
    // last plane: the spare plane takes the next halo.
    Backend::async_wait();
    for (int f = 0; f < F; ++f) halo_from[f] += sz;
    if (more) stage_halo(halo_from, ring(int_c<E + 1>{}));
    Backend::async_commit();

    // The staged features of plane z+1 outside the tile, from its staged values.
    if (S > 0 && row_cell >= 0)
      put_staged(staged_plane((U + 1) % 2) + row_cell, Staged{ring(int_c<1>{}) + row_cell});
    if (owner) {
      auto at = [&](auto dz) -> features_type& { return features[queue_slot<true, Q, U, R + decltype(dz)::value>()]; };
      at(int_c<R>{}) = Features::point_features(op, values[queue_slot<true, Q, U, 2 * R>()]);
      if constexpr (E > 0) {
        const Staged window{ring(int_c<E>{}) + staged};
        Features::add_in_plane_features(op, at(int_c<E>{}), window);
      }
      // Plane z+1's staged features, from its completed features.
      put_staged_of(staged_plane((U + 1) % 2) + staged, at(int_c<1>{}));
      const Staged centre{ring(int_c<0>{}) + staged};
      const auto coeffs = op.coeffs(point);
      const Features off_centre{op, coeffs};
      typename Features::sum_type sum{};
      static_for<-R, R + 1>([&](auto dz) {
        if constexpr (decltype(dz)::value != 0) off_centre.add(dz, sum, at(dz));
      });
      typename Op::Accum acc =
          Centre::centre(op, centre, Staged{staged_plane(U % 2) + staged}, coeffs);
      acc += off_centre.term(sum);
      Values<F> own;
      for (int f = 0; f < F; ++f) own[f] = centre(f, 0, 0);
      op.update(acc, own, point);
    }
    offset += sz;
  };

  for_each_streamed_plane<true, Q>(n, step);
}

}  // namespace seis::native::dev
