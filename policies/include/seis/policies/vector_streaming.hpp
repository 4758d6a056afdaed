#pragma once
// st_reg_vec: 2.5D register streaming with VEC consecutive x points per
// thread, built to issue few instructions per point (issue 10: the earlier
// streaming kernels were bound by instruction issue, not by DRAM).
//
//   - every global access is a VEC-wide vector: the incoming plane, the
//     previous time level, the model and the store of the new values;
//   - the z-neighbours stay in a register queue of 2R+1 planes whose roles
//     rotate (the z loop is unrolled by the queue length: no moves);
//   - planes whose term reaches in-plane neighbours (iso: the centre plane;
//     TTI: z-2 .. z+2) sit in a scratch ring; a point reads its x and y
//     neighbours there as VEC-wide vectors, and the VEC points of a thread
//     share those loads (a load the compiler sees twice is issued once);
//   - the tile interior enters scratch from the threads' own registers, only
//     the halo comes from global memory, again as vectors, and asynchronously
//     (CUDA: cp.async) one plane ahead into the ring's spare plane, so no
//     thread waits on a global load before the barrier;
//   - the ring holds one spare plane, so one barrier per plane suffices;
//   - the register queue has a spare entry that receives the plane entering
//     it one plane early, so a load lands where the value stays (no moves);
//   - index arithmetic happens once per tile: a thread's points and its
//     halo copies (seis/halo_copy_plan.hpp) are 32-bit offsets from
//     per-plane base pointers the whole team shares;
//   - the scratch pointer stays a scratch pointer (aligned by an offset, not
//     through an integer), so the compiler issues shared-memory loads.
//
// The tile starts on a whole vector (box.x0 rounded down); lanes outside the
// box are computed but never stored.

#include "seis/physics/plane_terms.hpp"
#include "seis/halo_copy_plan.hpp"
#include "seis/policies/plane_pointers.hpp"
#include "seis/policies/register_queue.hpp"
#include "seis/policies/streaming_body.hpp"
#include "seis/policies/team_loops.hpp"
#include "seis/policies/tile_staging.hpp"

#include <cstdint>

namespace seis {

template <int VEC, class Scalar>
KOKKOS_FORCEINLINE_FUNCTION VectorOf<Scalar, VEC> load_vector(const Scalar* p) {
  return *reinterpret_cast<const VectorOf<Scalar, VEC>*>(p);
}

template <int VEC, class Scalar>
KOKKOS_FORCEINLINE_FUNCTION void store_vector(Scalar* p, const VectorOf<Scalar, VEC>& v) {
  *reinterpret_cast<VectorOf<Scalar, VEC>*>(p) = v;
}

// One staged plane as lane V of a thread sees it. `lane0` points at the
// thread's first point in scratch (VEC-aligned); a neighbour (di, dj) is
// element (V + di) mod VEC of the vector that holds it, so every access is a
// vector load at a compile-time offset once the physics' loops unroll.
template <class Scalar, int F, int VEC, int V>
struct VectorLanePlane {
  const Scalar* lane0;
  int row_stride, field_stride;
  KOKKOS_FORCEINLINE_FUNCTION Scalar operator()(int f, int di, int dj) const {
    const int x = V + di;
    const int q = (x + 64 * VEC) / VEC - 64;  // floor(x / VEC) for |x| < 64 VEC
    const auto vec = load_vector<VEC>(lane0 + f * field_stride + dj * row_stride + q * VEC);
    return vec.v[x - q * VEC];
  }
};

// A star-shaped plane term (no xy cross terms) of in-plane reach H, as the
// VEC points of a thread need it, loaded once as whole vectors: the thread's
// row from -HX to VEC + HX, and its own vector on rows dj = +-1 .. +-H. (Read
// lane by lane, compilers split every vector load into the one element each
// lane uses: 44 scalar instead of 11 vector loads per iso plane.)
template <class Scalar, int F, int VEC, int H>
struct StarRows {
  static constexpr int HX = (H + VEC - 1) / VEC * VEC;
  Scalar row[F][VEC + 2 * HX];
  Scalar column[F][2 * H][VEC];
  KOKKOS_FORCEINLINE_FUNCTION void load(const Scalar* lane0, int row_stride, int field_stride) {
    for (int f = 0; f < F; ++f) {
      static_for<0, (VEC + 2 * HX) / VEC>([&](auto q) {
        const auto v = load_vector<VEC>(lane0 + f * field_stride + (q * VEC - HX));
        static_for<0, VEC>([&](auto l) { row[f][q * VEC + l] = v.v[l]; });
      });
      static_for<0, 2 * H>([&](auto r) {
        constexpr int DJ = decltype(r)::value < H ? decltype(r)::value - H : decltype(r)::value - H + 1;
        const auto v = load_vector<VEC>(lane0 + f * field_stride + DJ * row_stride);
        static_for<0, VEC>([&](auto l) { column[f][r][l] = v.v[l]; });
      });
    }
  }
};

template <class Scalar, int F, int VEC, int H, int V>
struct StarLanePlane {
  const StarRows<Scalar, F, VEC, H>& rows;
  KOKKOS_FORCEINLINE_FUNCTION Scalar operator()(int f, int di, int dj) const {
    return dj == 0 ? rows.row[f][StarRows<Scalar, F, VEC, H>::HX + V + di]
                   : rows.column[f][dj < 0 ? dj + H : dj + H - 1][V];
  }
};

// The memory side of lane V: previous level and model from vectors loaded
// ahead, the new value into a vector that is stored after all lanes.
template <class Physics, int VEC>
struct VectorPoint {
  using scalar_type = typename Physics::scalar_type;
  using vector_type = VectorOf<scalar_type, VEC>;
  vector_type prev[Physics::num_fields];
  vector_type model[Physics::num_model];

  // `plane` holds the previous level's and the model's pointers at a
  // plane's reference point; `at` is the point's offset from it.
  template <class Plane>
  KOKKOS_FORCEINLINE_FUNCTION void load(const Plane& plane, int at) {
    for (int f = 0; f < Physics::num_fields; ++f) prev[f] = load_vector<VEC>(plane.next[f] + at);
    for (int m = 0; m < Physics::num_model; ++m) model[m] = load_vector<VEC>(plane.model[m] + at);
  }
};

template <class Physics, int VEC, int V>
struct VectorPointLane {
  using scalar_type = typename Physics::scalar_type;
  const VectorPoint<Physics, VEC>& point;
  VectorOf<scalar_type, VEC>* out;
  KOKKOS_FORCEINLINE_FUNCTION scalar_type prev(int f) const { return point.prev[f].v[V]; }
  KOKKOS_FORCEINLINE_FUNCTION scalar_type model(int m) const { return point.model[m].v[V]; }
  KOKKOS_FORCEINLINE_FUNCTION void store(int f, scalar_type v) const { out[f].v[V] = v; }
};

template <class Physics, class Exec>
struct VectorStreamingBody
    : StreamingBody<Physics, Exec, 2 * off_plane_depth<Physics>() + 2> {
  static constexpr int S = off_plane_depth<Physics>();  // planes z-S .. z+S in scratch
  static constexpr int P = 2 * S + 2;                   // scratch ring: one spare plane
  using Base = StreamingBody<Physics, Exec, P>;
  using typename Base::accum_type;
  using typename Base::scalar_type;
  using typename Base::values_type;
  // Its own register budget (seis/streaming_bounds.hpp): the VEC-wide queue
  // and vector windows of single-field physics need more registers than the
  // other streaming kernels.
  using launch_bounds = VectorStreamingLaunchBounds<Physics>;
  static constexpr int CPT = Base::CPT;
  static constexpr int F = Base::F;
  static constexpr int R = Base::R;
  static constexpr int H = Base::H;
  // Four points per thread for single-field physics (16-byte vectors of
  // float on every backend); multi-field physics (TTI) keeps one point per
  // thread, since its two queues of 2R+1 planes would not fit the register
  // budget at VEC > 1. The native twin uses the same widths.
  static constexpr int VEC = F == 1 ? 4 : 1;
  static constexpr int HX = (H + VEC - 1) / VEC * VEC;  // x halo in whole vectors
  static constexpr int SIDE = HX / VEC;                  // vectors left and right of a row
  // The register queue: planes z-R .. z+R and a spare entry that receives
  // plane z+R+1 while z is computed, so a load lands where its value stays
  // (the z loop is unrolled by the queue length: no moves between registers).
  static constexpr int Q = 2 * R + 2;
  using vector_type = VectorOf<scalar_type, VEC>;
  using lanes_type = VectorOf<values_type, VEC>;

  Box box;

  VectorStreamingBody() = default;
  VectorStreamingBody(const StepData<Physics>& d, const Box& b, const BlockShape& s) : box(b) {
    this->data = d;
    this->tiles = TileGrid(align_box_x(b, VEC), s.dx * VEC, s.dy, s.zchunk > 0 ? s.zchunk : b.nz());
    this->layout = layout_for(s);
  }

  static PlaneLayout layout_for(const BlockShape& s) { return PlaneLayout(s.dx * VEC, s.dy, HX, H, F); }
  // One extra vector so the ring can start on a vector boundary.
  static std::size_t scratch_bytes(const BlockShape& s) {
    return layout_for(s).bytes(P, sizeof(scalar_type)) + VEC * sizeof(scalar_type);
  }

  // Copies of the halo ring a thread keeps in registers
  // (seis/halo_copy_plan.hpp): on GPUs most shapes of the catalogue
  // need 1 or 2 (32x4 and 64x4 need 3: the third goes the slow way). Every
  // listed entry costs issue slots each plane, used or not.
  static constexpr int listed_halo_copies = 2;

  template <class Team>
  KOKKOS_INLINE_FUNCTION void run(const Team& team, TileOrigin o, scalar_type* scratch_start) const {
    const auto& data = this->data;
    const auto& layout = this->layout;
    scalar_type* scratch = align_to_vector(scratch_start);
    const TileExtent ext(this->tiles.box, layout, o);
    const int nvec = (ext.nxv + VEC - 1) / VEC;  // vectors holding tile points
    const TilePoints<Exec> points(team, layout.dx / VEC, layout.dy);
    const int zb = o.z;
    const int n = this->tiles.z_end(zb) - zb;
    const index_t sz = data.grid.stride_z();
    const int sy = int(data.grid.stride_y());
    RingIndex<P> ring(S);  // slot of the plane being updated
    auto plane = [&](int slot) { return scratch + slot * layout.plane_stride; };
    // Index arithmetic is done once per tile: a thread's points and its halo
    // copies are 32-bit offsets from the tile's first point (or its window's
    // first cell) in the plane being updated, and that plane's index moves
    // by one z-stride per step, the same for the whole team.
    const index_t tile_first = data.grid.index(o.x, o.y, zb);
    const index_t window_first = tile_first - HX - index_t(layout.hy) * sy;
    const HaloPlacement ring_copies{nvec, ext.nyv, SIDE, layout.hy, VEC, sy, layout.w};
    const HaloCopyPlan<listed_halo_copies> halo(ring_copies, team.team_rank(), team.team_size());
    // Whether the thread's vector holds tile points, and whether all of its
    // lanes lie in the box (then it stores one vector).
    auto owns = [&](int tx, int cy) { return tx < nvec && cy < ext.nyv; };
    auto whole_vector = [&](int tx) { return o.x + tx * VEC >= box.x0 && o.x + tx * VEC + VEC <= box.x1; };

    lanes_type queue[CPT][Q];
    int column[CPT];  // the vector's offset from the tile's first point in a plane
    int staged[CPT];  // and in a staged plane
    bool whole[CPT];  // all VEC lanes lie in the box: one vector store

    // Prologue: planes zb-R .. zb+R-1 into the queue, zb-S .. zb+S-1 into
    // scratch (whole windows), plane zb+R on its way into the queue.
    points.for_each_column([&](int tx, int cy, auto slot) {
      column[slot] = tx * VEC + cy * sy;
      staged[slot] = layout.centre(tx * VEC, cy);
      whole[slot] = whole_vector(tx);
      if (!owns(tx, cy)) return;
      static_for<0, 2 * R + 1>([&](auto i) {
        load_lanes(queue[slot][i], PlanePointers(data, tile_first + (i - R) * sz).cur, column[slot]);
      });
    });
    static_for<-S, S>([&](auto dz) { stage_window(team, o, nvec, ext, zb + dz, plane(ring.slot(dz))); });
    stage_halo(team, ring_copies, halo, PlanePointers(data, window_first + S * sz).cur, plane(ring.slot(int_c<S>{})));
    ExecTraits<Exec>::async_commit();

    const index_t ahead_distance = (R + 1) * sz;
    const index_t halo_distance = window_first - tile_first + (S + 1) * sz;  // the next plane's window
    index_t here = tile_first;  // the plane being updated, at the tile's first point
    // The previous level and the model of the plane being updated, loaded in
    // the step that uses them: needed last, after the barrier and the
    // neighbour sums, they arrive in time. (Loaded a plane early, iso issued
    // 30 register copies per step and TTI ran at 43 instead of 28 ms/step on
    // an H200, 900^3.)
    VectorPoint<Physics, VEC> point[CPT];
    auto step = [&](int k, auto rotation) {
      constexpr int U = decltype(rotation)::value;
      const bool more = k + 1 < n;
      scalar_type* entering = plane(ring.slot(int_c<S>{}));
      const PlanePointers at_here(data, here);
      const PlanePointers incoming(data, here + (more ? ahead_distance : 0));
      points.for_each_column([&](int tx, int cy, auto slot) {
        if (!owns(tx, cy)) return;
        point[slot].load(at_here, column[slot]);
        // Past the tile's last plane the load repeats this plane (unused,
        // in bounds): unconditional, it leaves no copies between registers.
        load_lanes(queue[slot][queue_slot<true, Q, U, 2 * R + 1>()], incoming.cur, column[slot]);
        store_lanes(entering + staged[slot], queue[slot][queue_slot<true, Q, U, R + S>()]);
      });
      // The entering plane's halo (copied asynchronously during the last
      // plane) has landed, and every thread has finished the last plane, so
      // the spare plane may be overwritten: its halo is copied next.
      ExecTraits<Exec>::async_wait(team);
      if (more)
        stage_halo(team, ring_copies, halo, PlanePointers(data, here + halo_distance).cur,
                   plane(ring.slot(int_c<S + 1>{})));
      ExecTraits<Exec>::async_commit();

      points.for_each_column([&](int tx, int cy, auto slot) {
        if (!owns(tx, cy)) return;
        const int cx = tx * VEC;
        const int centre = staged[slot];
        accum_type acc[VEC];
        typename Physics::point_coeffs coeffs[VEC];
        // Star-shaped terms read whole vectors once into registers; terms
        // with xy cross terms read their neighbours' vectors lane by lane.
        constexpr bool star = !Physics::in_plane_cross_terms && VEC > 1;
        StarRows<scalar_type, F, VEC, star ? H : 1> star_rows[star ? 2 * S + 1 : 1];
        if constexpr (star)
          static_for<-S, S + 1>([&](auto dz) {
            star_rows[dz + S].load(plane(ring.slot(dz)) + centre, layout.w, layout.field_stride);
          });
        static_for<0, VEC>([&](auto v) {
          constexpr int V = decltype(v)::value;
          const VectorPointLane<Physics, VEC, V> mem{point[slot], nullptr};
          coeffs[V] = data.physics.coeffs(mem);
          acc[V] = accum_type{};
          static_for<-R, R + 1>([&](auto dz) {
            constexpr int DZ = decltype(dz)::value;
            // `star` is tested on its own: a condition that also depends on
            // DZ keeps its branch when the enclosing lambdas are instantiated,
            // and Clang (hipcc) then checks star_rows' type against
            // StarLanePlane even where star is false.
            if constexpr (DZ >= -S && DZ <= S) {
              if constexpr (star) {
                const StarLanePlane<scalar_type, F, VEC, H, V> window{star_rows[DZ + S]};
                acc[V] += data.physics.plane_term(dz, window, coeffs[V]);
              } else {
                const VectorLanePlane<scalar_type, F, VEC, V> window{plane(ring.slot(dz)) + centre, layout.w,
                                                                     layout.field_stride};
                acc[V] += data.physics.plane_term(dz, window, coeffs[V]);
              }
            } else {
              const PointPlane<scalar_type, F> point_plane{queue[slot][queue_slot<true, Q, U, R + DZ>()].v[V]};
              acc[V] += data.physics.plane_term(dz, point_plane, coeffs[V]);
            }
          });
        });
        vector_type out[F];
        static_for<0, VEC>([&](auto v) {
          constexpr int V = decltype(v)::value;
          const VectorPointLane<Physics, VEC, V> mem{point[slot], out};
          data.physics.update(acc[V], queue[slot][queue_slot<true, Q, U, R>()].v[V], mem);
        });
        const int idx = column[slot];
        if (whole[slot]) {
          for (int f = 0; f < F; ++f) store_vector<VEC>(at_here.next[f] + idx, out[f]);
        } else if constexpr (VEC > 1) {  // one lane: `whole` is its box test
          static_for<0, VEC>([&](auto v) {
            const int x = o.x + cx + v;
            if (x >= box.x0 && x < box.x1)
              for (int f = 0; f < F; ++f) at_here.next[f][idx + v] = out[f].v[v];
          });
        }
      });
      ring.advance();
      here += sz;
    };

    for_each_streamed_plane<true, Q>(n, step);
  }

 private:
  // p advanced to the next vector boundary by pointer arithmetic: a pointer
  // rebuilt from an integer loses its address space, and every scratch
  // access would become a generic load.
  KOKKOS_FORCEINLINE_FUNCTION static scalar_type* align_to_vector(scalar_type* p) {
    const int misalignment = int(reinterpret_cast<std::uintptr_t>(p) / sizeof(scalar_type)) & (VEC - 1);
    return p + ((VEC - misalignment) & (VEC - 1));
  }

  // The fields, previous level and model at one grid index, opaque to the
  // optimiser (seis/policies/plane_pointers.hpp).
  using PlanePointers = seis::PlanePointers<Physics, Exec>;

  KOKKOS_FORCEINLINE_FUNCTION void load_lanes(lanes_type& lanes, const scalar_type* const* base, int at) const {
    for (int f = 0; f < F; ++f) {
      const vector_type vec = load_vector<VEC>(base[f] + at);
      static_for<0, VEC>([&](auto v) { lanes.v[v][f] = vec.v[v]; });
    }
  }

  KOKKOS_FORCEINLINE_FUNCTION void store_lanes(scalar_type* dst, const lanes_type& lanes) const {
    for (int f = 0; f < F; ++f) {
      vector_type vec;
      static_for<0, VEC>([&](auto v) { vec.v[v] = lanes.v[v][f]; });
      store_vector<VEC>(dst + f * this->layout.field_stride, vec);
    }
  }

  // Copies the whole window of plane z into a staged plane as vectors:
  // nvec vectors plus HX on each side, H rows above and below.
  template <class Team>
  KOKKOS_FORCEINLINE_FUNCTION void stage_window(const Team& team, TileOrigin o, int nvec, const TileExtent& ext,
                                                int z, scalar_type* dst) const {
    if (nvec <= 0 || ext.nyv <= 0) return;
    const auto& L = this->layout;
    const auto& d = this->data;
    const index_t src0 = d.grid.index(o.x - HX, o.y - L.hy, z);
    const index_t sy = d.grid.stride_y();
    team_for_2d(team, ext.nyv + 2 * L.hy, nvec + 2 * HX / VEC, L.dx / VEC, [&](int r, int c) {
      for (int f = 0; f < F; ++f)
        store_vector<VEC>(dst + f * L.field_stride + r * L.w + c * VEC,
                          load_vector<VEC>(d.cur[f] + src0 + r * sy + c * VEC));
    });
  }

  // Copies this thread's share of a plane's halo ring (the tile interior
  // comes from the threads' registers), asynchronously where the backend
  // can; `from` points at the ring's first cell in that plane, per field.
  template <class Team>
  KOKKOS_FORCEINLINE_FUNCTION void stage_halo(const Team& team, const HaloPlacement& where,
                                              const HaloCopyPlan<listed_halo_copies>& halo,
                                              const scalar_type* const* from, scalar_type* dst) const {
    const auto& L = this->layout;
    for (int f = 0; f < F; ++f) {
      const scalar_type* src = from[f];
      scalar_type* to = dst + f * L.field_stride;
      halo.for_each(where, team.team_rank(), team.team_size(),
                    [&](int s, int d) { ExecTraits<Exec>::template async_copy_vector<VEC>(to + d, src + s); });
    }
  }
};

}  // namespace seis
