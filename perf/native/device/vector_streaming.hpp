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
  SEIS_NATIVE_DEV void load(const StepArgs<Op>& a, long long i) {
    for (int f = 0; f < Op::F; ++f) prev[f] = load_vec<VEC>(a.next[f] + i);
    for (int m = 0; m < Op::M; ++m) model[m] = load_vec<VEC>(a.model[m] + i);
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
  const bool owner = tx < nvec && cy < ext.nyv;
  const bool whole = o.x + cx >= box.x0 && o.x + cx + VEC <= box.x1;
  RingIndex<P> ring(S);
  auto plane = [&](int slot) { return scratch + slot * L.plane_stride; };

  // Plane z as whole vectors into a shared plane: the full window ...
  const int wv = nvec + 2 * HX / VEC, rows = ext.nyv + 2 * L.hy;
  constexpr int side = HX / VEC;
  auto stage = [&](int z, float* dst) {
    if (nvec <= 0 || ext.nyv <= 0) return;
    const long long src0 = point_index(a.grid, o.x - HX, o.y - L.hy, z);
    team_for_2d(rows, wv, L.dx / VEC, [&](int r, int c) {
      for (int f = 0; f < F; ++f)
        store_vec<VEC>(dst + f * L.field_stride + r * L.w + c * VEC,
                       load_vec<VEC>(a.cur[f] + src0 + r * a.grid.stride_y + c * VEC));
    });
  };
  // ... or its halo ring, asynchronously, with the thread layout worked out
  // once per tile (the Kokkos body's TeamGrid2D).
  const TeamGrid2D bands(L.dx / VEC), sides(2 * side > 0 ? 2 * side : 1);
  auto stage_halo = [&](int z, float* dst) {
    if (nvec <= 0 || ext.nyv <= 0) return;
    const long long src0 = point_index(a.grid, o.x - HX, o.y - L.hy, z);
    auto copy = [&](int r, int c) {
      for (int f = 0; f < F; ++f)
        Backend::template async_copy_vector<VEC>(dst + f * L.field_stride + r * L.w + c * VEC,
                                                 a.cur[f] + src0 + r * a.grid.stride_y + c * VEC);
    };
    bands.for_each(2 * L.hy, wv, [&](int r, int c) { copy(r < L.hy ? r : ext.nyv + r, c); });
    if constexpr (side > 0) sides.for_each(ext.nyv, 2 * side, [&](int r, int c) { copy(L.hy + r, c < side ? c : nvec + c); });
  };

  Lanes<Values<F>, VEC> queue[Q];
  long long column = 0;
  Lanes<Values<F>, VEC> ahead;
  Point point, next_point;
  auto load_lanes = [&](Lanes<Values<F>, VEC>& lanes, long long idx) {
    for (int f = 0; f < F; ++f) {
      const Vec v = load_vec<VEC>(a.cur[f] + idx);
      static_for<0, VEC>([&](auto l) { lanes[l][f] = v.v[l]; });
    }
  };

  if (owner) {
    column = point_index(a.grid, o.x + cx, o.y + cy, zb);
    static_for<0, 2 * R>([&](auto i) { load_lanes(queue[i], column + (i - R) * sz); });
    load_lanes(ahead, column + R * sz);
    point.load(a, column);
  }
  static_for<-S, S>([&](auto dz) { stage(zb + dz, plane(ring.slot(dz))); });
  stage_halo(zb + S, plane(ring.slot(int_c<S>{})));
  Backend::async_commit();

  auto step = [&](int k, auto rotation) {
    constexpr int U = decltype(rotation)::value;
    const bool more = k + 1 < n;
    const long long offset = (long long)k * sz;
    float* entering = plane(ring.slot(int_c<S>{}));
    if (owner) {
      queue[queue_slot<true, Q, U, 2 * R>()] = ahead;
      if (more) {
        load_lanes(ahead, column + offset + (R + 1) * sz);
        next_point.load(a, column + offset + sz);
      }
      const auto& lanes = queue[queue_slot<true, Q, U, R + S>()];
      for (int f = 0; f < F; ++f) {
        Vec v;
        static_for<0, VEC>([&](auto l) { v.v[l] = lanes[l][f]; });
        store_vec<VEC>(entering + f * L.field_stride + L.centre(cx, cy), v);
      }
    }
    // The entering plane's halo has landed and every thread is done with the
    // last plane: the spare plane takes the next halo.
    Backend::async_wait();
    if (more) stage_halo(zb + k + S + 1, plane(ring.slot(int_c<S + 1>{})));
    Backend::async_commit();

    if (owner) {
      const int centre = L.centre(cx, cy);
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
            const PointPlane<F> point_plane{queue[queue_slot<true, Q, U, R + DZ>()][V]};
            acc[V] += a.op.plane_term(dz, point_plane, coeffs[V]);
          }
        });
      });
      Vec out[F];
      static_for<0, VEC>([&](auto l) {
        constexpr int V = decltype(l)::value;
        a.op.update(acc[V], queue[queue_slot<true, Q, U, R>()][V], VectorPointLaneMemory<Op, VEC, V>{point, out});
      });
      const long long idx = column + offset;
      if (whole) {
        for (int f = 0; f < F; ++f) store_vec<VEC>(a.next[f] + idx, out[f]);
      } else {
        static_for<0, VEC>([&](auto l) {
          const int x = o.x + cx + l;
          if (x >= box.x0 && x < box.x1)
            for (int f = 0; f < F; ++f) a.next[f][idx + l] = out[f].v[l];
        });
      }
      if (more) point = next_point;
    }
    ring.advance();
  };

  for (int k0 = 0; k0 < n; k0 += Q)
    static_for<0, Q>([&](auto u) {
      if (k0 + u < n) step(k0 + u, u);
    });
}

}  // namespace seis::native::dev
