#pragma once
// st_reg_vec: 2.5D register streaming with VEC consecutive x points per
// thread, as policies/vector_streaming.hpp does it: every global access is a
// VEC-wide vector (incoming plane, previous level, model, the store), the
// z-neighbours rotate through a register queue of 2R+1 planes, the planes
// whose term reaches in-plane neighbours sit in a shared ring with one spare
// plane (one barrier per plane) whose halo is copied asynchronously
// (Backend::async_copy_vector; CUDA: cp.async) one plane ahead, a point reads its x and y neighbours there
// as vectors shared by the VEC points of the thread, and the next plane's
// values are loaded one plane early. The tile starts on a whole vector;
// lanes outside the box are computed, never stored.

#include "device/stencil_math.hpp"
#include "device/tiles.hpp"
#include "seis/halo_copy_plan.hpp"  // plain C++, no Kokkos

namespace seis::native::dev {

// Four points per thread for single-field physics, one for TTI (register
// budget), as in the Kokkos body.
template <class Op>
inline constexpr int vector_streaming_vec = Op::F == 1 ? 4 : 1;

template <int VEC>
SEIS_NATIVE_DEV FloatVec<VEC> load_vec(const float* p) {
  return *reinterpret_cast<const FloatVec<VEC>*>(p);
}

template <int VEC>
SEIS_NATIVE_DEV void store_vec(float* p, const FloatVec<VEC>& v) {
  *reinterpret_cast<FloatVec<VEC>*>(p) = v;
}

// A shared plane as lane V sees it: neighbour (di, dj) is element
// (V + di) mod VEC of the vector holding it.
template <int F, int VEC, int V>
struct VectorLaneShared {
  const float* lane0;
  int row_stride, field_stride;
  SEIS_NATIVE_DEV float operator()(int f, int di, int dj) const {
    const int x = V + di;
    const int q = (x + 64 * VEC) / VEC - 64;  // floor(x / VEC)
    return load_vec<VEC>(lane0 + f * field_stride + dj * row_stride + q * VEC).v[x - q * VEC];
  }
};

// A star-shaped plane term (no xy cross terms) of reach H, as the VEC points
// of a thread need it, loaded once as whole vectors: the thread's row from
// -HX to VEC + HX, and its own vector on the rows dj = +-1 .. +-H.
template <int F, int VEC, int H>
struct StarRows {
  static constexpr int HX = (H + VEC - 1) / VEC * VEC;
  float row[F][VEC + 2 * HX];
  float column[F][2 * H][VEC];
  SEIS_NATIVE_DEV void load(const float* lane0, int row_stride, int field_stride) {
    for (int f = 0; f < F; ++f) {
      static_for<0, (VEC + 2 * HX) / VEC>([&](auto q) {
        const FloatVec<VEC> v = load_vec<VEC>(lane0 + f * field_stride + (q * VEC - HX));
        static_for<0, VEC>([&](auto l) { row[f][q * VEC + l] = v.v[l]; });
      });
      static_for<0, 2 * H>([&](auto r) {
        constexpr int DJ = r < H ? r - H : r - H + 1;
        const FloatVec<VEC> v = load_vec<VEC>(lane0 + f * field_stride + DJ * row_stride);
        static_for<0, VEC>([&](auto l) { column[f][r][l] = v.v[l]; });
      });
    }
  }
};

template <int F, int VEC, int H, int V>
struct StarLane {
  const StarRows<F, VEC, H>& rows;
  SEIS_NATIVE_DEV float operator()(int f, int di, int dj) const {
    return dj == 0 ? rows.row[f][StarRows<F, VEC, H>::HX + V + di] : rows.column[f][dj < 0 ? dj + H : dj + H - 1][V];
  }
};

template <class Op, int VEC>
struct VectorPointValues {
  FloatVec<VEC> prev[Op::F];
  FloatVec<VEC> model[Op::M];
  template <class Plane>
  SEIS_NATIVE_DEV void load(const Plane& plane, int at) {
    for (int f = 0; f < Op::F; ++f) prev[f] = load_vec<VEC>(plane.next[f] + at);
    for (int m = 0; m < Op::M; ++m) model[m] = load_vec<VEC>(plane.model[m] + at);
  }
};

template <class Op, int VEC, int V>
struct VectorPointLaneMemory {
  const VectorPointValues<Op, VEC>& point;
  FloatVec<VEC>* out;
  SEIS_NATIVE_DEV float prev(int f) const { return point.prev[f].v[V]; }
  SEIS_NATIVE_DEV float model(int m) const { return point.model[m].v[V]; }
  SEIS_NATIVE_DEV void store(int f, float v) const { out[f].v[V] = v; }
};

template <class Op>
inline constexpr int vector_ring_planes = 2 * Op::S + 2;

// Halo copies a thread keeps in registers (the Kokkos body's listed_halo_copies).
inline constexpr int vector_listed_halo_copies = 2;

// The fields, previous level and model at one grid index, opaque to the
// optimiser (Backend::opaque_base), as the Kokkos body's PlanePointers.
template <class Op, class Backend>
struct VectorPlanePointers {
  const float* cur[Op::F];
  float* next[Op::F];
  const float* model[Op::M];
  SEIS_NATIVE_DEV VectorPlanePointers(const StepArgs<Op>& a, long long at) {
    for (int f = 0; f < Op::F; ++f) cur[f] = Backend::opaque_base(a.cur[f] + at);
    for (int f = 0; f < Op::F; ++f) next[f] = Backend::opaque_base(a.next[f] + at);
    for (int m = 0; m < Op::M; ++m) model[m] = Backend::opaque_base(a.model[m] + at);
  }
};

template <class Op>
LaunchPlan plan_vector_streaming(const Box& box, const Shape& s) {
  constexpr int VEC = vector_streaming_vec<Op>;
  constexpr int HX = (Op::H + VEC - 1) / VEC * VEC;
  const PlaneLayout L = PlaneLayout::make(s.dx * VEC, s.dy, HX, Op::H, Op::F);
  const int zchunk = s.zchunk > 0 ? s.zchunk : box.z1 - box.z0;
  return LaunchPlan{TileGrid::make(align_box_x(box, VEC), s.dx * VEC, s.dy, zchunk), L, s.dx, s.dy, 1,
                    L.bytes(vector_ring_planes<Op>)};
}

template <class Op, class Backend>
__global__ void SEIS_NATIVE_VECTOR_STREAMING_BOUNDS(Op)
    vector_streaming_kernel(const StepArgs<Op> a, const Box box, const TileGrid tiles, const PlaneLayout L) {
  constexpr int F = Op::F;
  constexpr int S = Op::S;
  constexpr int P = vector_ring_planes<Op>;
  constexpr int Q = 2 * R + 1;
  constexpr int VEC = vector_streaming_vec<Op>;
  constexpr int HX = (Op::H + VEC - 1) / VEC * VEC;
  using Vec = FloatVec<VEC>;
  using Point = VectorPointValues<Op, VEC>;
  extern __shared__ float4 shared_words[];  // 16-byte aligned
  float* scratch = reinterpret_cast<float*>(shared_words);
  const TileOrigin o = tiles.origin();
  const TileExtent ext(tiles.box, L, o);
  const int nvec = (ext.nxv + VEC - 1) / VEC;
  const int tx = int(threadIdx.x), cy = int(threadIdx.y), cx = tx * VEC;
  const int zb = o.z;
  const int n = tiles.z_end(zb) - zb;
  const long long sz = a.grid.stride_z;
  const int sy = int(a.grid.stride_y);
  const bool owner = tx < nvec && cy < ext.nyv;
  const bool whole = o.x + cx >= box.x0 && o.x + cx + VEC <= box.x1;
  RingIndex<P> ring(S);
  auto plane = [&](int slot) { return scratch + slot * L.plane_stride; };
  // Offsets from the tile's first point (and its window's first cell), once
  // per tile; the plane's index moves by one z-stride per step.
  const long long tile_first = point_index(a.grid, o.x, o.y, zb);
  const long long window_first = tile_first - HX - (long long)L.hy * sy;
  const int column = cx + cy * sy;
  const int staged = L.centre(cx, cy);
  const HaloPlacement ring_copies{nvec, ext.nyv, HX / VEC, L.hy, VEC, sy, L.w};
  const HaloCopyPlan<vector_listed_halo_copies> halo(ring_copies, team_rank(), team_size());

  // Plane z as whole vectors into a shared plane: the full window ...
  const int wv = nvec + 2 * HX / VEC, rows = ext.nyv + 2 * L.hy;
  auto stage = [&](int z, float* dst) {
    if (nvec <= 0 || ext.nyv <= 0) return;
    const long long src0 = point_index(a.grid, o.x - HX, o.y - L.hy, z);
    team_for_2d(rows, wv, L.dx / VEC, [&](int r, int c) {
      for (int f = 0; f < F; ++f)
        store_vec<VEC>(dst + f * L.field_stride + r * L.w + c * VEC,
                       load_vec<VEC>(a.cur[f] + src0 + r * a.grid.stride_y + c * VEC));
    });
  };
  // ... or this thread's share of its halo ring, asynchronously.
  auto stage_halo = [&](const float* const* from, float* dst) {
    for (int f = 0; f < F; ++f) {
      const float* src = from[f];
      float* to = dst + f * L.field_stride;
      halo.for_each(ring_copies, team_rank(), team_size(),
                    [&](int s, int d) { Backend::template async_copy_vector<VEC>(to + d, src + s); });
    }
  };

  // Planes z-R .. z+R and a spare entry for the plane entering next.
  constexpr int QA = Q + 1;
  Lanes<Values<F>, VEC> queue[QA];
  auto load_lanes = [&](Lanes<Values<F>, VEC>& lanes, const float* const* base) {
    for (int f = 0; f < F; ++f) {
      const Vec v = load_vec<VEC>(base[f] + column);
      static_for<0, VEC>([&](auto l) { lanes[l][f] = v.v[l]; });
    }
  };

  if (owner)
    static_for<0, 2 * R + 1>([&](auto i) {
      load_lanes(queue[i], VectorPlanePointers<Op, Backend>(a, tile_first + (i - R) * sz).cur);
    });
  static_for<-S, S>([&](auto dz) { stage(zb + dz, plane(ring.slot(dz))); });
  stage_halo(VectorPlanePointers<Op, Backend>(a, window_first + S * sz).cur, plane(ring.slot(int_c<S>{})));
  Backend::async_commit();

  const long long ahead_distance = (R + 1) * sz;
  const long long halo_distance = window_first - tile_first + (S + 1) * sz;  // the next plane's window
  long long here = tile_first;
  // Previous level and model, loaded in the step that uses them (as the
  // Kokkos body).
  Point point;
  auto step = [&](int k, auto rotation) {
    constexpr int U = decltype(rotation)::value;
    const bool more = k + 1 < n;
    float* entering = plane(ring.slot(int_c<S>{}));
    const VectorPlanePointers<Op, Backend> at_here(a, here);
    const VectorPlanePointers<Op, Backend> incoming(a, here + (more ? ahead_distance : 0));
    if (owner) {
      point.load(at_here, column);
      load_lanes(queue[queue_slot<true, QA, U, 2 * R + 1>()], incoming.cur);
      const auto& lanes = queue[queue_slot<true, QA, U, R + S>()];
      for (int f = 0; f < F; ++f) {
        Vec v;
        static_for<0, VEC>([&](auto l) { v.v[l] = lanes[l][f]; });
        store_vec<VEC>(entering + f * L.field_stride + staged, v);
      }
    }
    // The entering plane's halo has landed and every thread is done with the
    // last plane: the spare plane takes the next halo.
    Backend::async_wait();
    if (more)
      stage_halo(VectorPlanePointers<Op, Backend>(a, here + halo_distance).cur, plane(ring.slot(int_c<S + 1>{})));
    Backend::async_commit();

    if (owner) {
      const int centre = staged;
      typename Op::Accum acc[VEC];
      typename Op::Coeffs coeffs[VEC];
      // Star-shaped terms read whole vectors once into registers; terms with
      // xy cross terms read their neighbours' vectors lane by lane.
      constexpr bool star = !Op::CrossTerms && VEC > 1;
      StarRows<F, VEC, star ? Op::H : 1> star_rows[star ? 2 * S + 1 : 1];
      if constexpr (star)
        static_for<-S, S + 1>([&](auto dz) { star_rows[dz + S].load(plane(ring.slot(dz)) + centre, L.w, L.field_stride); });
      static_for<0, VEC>([&](auto l) {
        constexpr int V = decltype(l)::value;
        coeffs[V] = a.op.coeffs(VectorPointLaneMemory<Op, VEC, V>{point, nullptr});
        acc[V] = typename Op::Accum{};
        static_for<-R, R + 1>([&](auto dz) {
          constexpr int DZ = decltype(dz)::value;
          if constexpr (star && DZ >= -S && DZ <= S) {
            acc[V] += a.op.plane_term(dz, StarLane<F, VEC, Op::H, V>{star_rows[DZ + S]}, coeffs[V]);
          } else if constexpr (DZ >= -S && DZ <= S) {
            const VectorLaneShared<F, VEC, V> window{plane(ring.slot(dz)) + centre, L.w, L.field_stride};
            acc[V] += a.op.plane_term(dz, window, coeffs[V]);
          } else {
            const PointPlane<F> point_plane{queue[queue_slot<true, QA, U, R + DZ>()][V]};
            acc[V] += a.op.plane_term(dz, point_plane, coeffs[V]);
          }
        });
      });
      Vec out[F];
      static_for<0, VEC>([&](auto l) {
        constexpr int V = decltype(l)::value;
        a.op.update(acc[V], queue[queue_slot<true, QA, U, R>()][V], VectorPointLaneMemory<Op, VEC, V>{point, out});
      });
      if (whole) {
        for (int f = 0; f < F; ++f) store_vec<VEC>(at_here.next[f] + column, out[f]);
      } else {
        static_for<0, VEC>([&](auto l) {
          const int x = o.x + cx + l;
          if (x >= box.x0 && x < box.x1)
            for (int f = 0; f < F; ++f) at_here.next[f][column + l] = out[f].v[l];
        });
      }
    }
    ring.advance();
    here += sz;
  };

  for_each_streamed_plane<true, QA>(n, step);
}

}  // namespace seis::native::dev
