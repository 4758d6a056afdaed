#pragma once
// Convolutional PML for the second-order acoustic equation (physics.md §3.1,
// Pasalic & McGarry 2010), kappa = 1, on the six slabs of the seven-region
// decomposition. Each damped axis a keeps two memory variables,
//   psi_a = b psi_a + a D1_a p
//   xi_a  = b xi_a  + a (D2_a p + D1_a psi_a)
//   p+    = 2p - p- + V [ L p + sum_a (D1_a psi_a + xi_a) ]
// stored only over that axis' two slabs (plus two zero ghost layers on each
// side for D1 psi). The update of a point reads psi at its +-1, +-2
// neighbours along a, so every psi it reads must be new first. Pass A
// advances psi_y in the z-slabs. The x-slabs' kernel (XColumns) advances
// psi_x everywhere (all of y and z) and updates the x-slabs: a team holds
// whole x-rows, and a column's new psi_x reaches its x-neighbours through
// warp shuffles (rows that fit warps) or team scratch, so psi_x is read and
// written once rather than by a pass A and again by the update. Pass B then updates the z- and y-slabs (reading
// psi_x, psi_y) and advances psi_z in the z-slabs and psi_y in the y-slabs
// itself: there its threads walk z- (y-) columns, and a column's psi_z
// (psi_y) neighbours are its own. (A single pass that recomputes the x and
// y neighbours' new psi from a double-buffered old one was measured slower:
// 8.2 against 6.8 ms per step for the 189 M slab points of iso-large-gpu on
// an H100.) XColumns took the CPML of iso-large-gpu from 3.76 to 3.24 ms
// per step on an H100 (12 launches to 10; 37.0 DRAM B per slab point;
// perf/results/h100-2026-11-24/cpml3). A slab pair runs in one launch (both
// x-slabs, the two z-slabs, the two y-slabs), each slab its own copy of the
// walk so that its bounds stay kernel arguments, and so do pass A's boxes
// and the z- and y-slabs' updates together: 10 launches a step to 3 (H200,
// iso-large-gpu, CPML 2.543 -> 2.420-2.439 ms per step; see Tuning).
//
// Every kernel walks columns (z-columns; y-columns in the y-slabs' pass B),
// a thread per column and a warp along x: loads coalesce in every slab (an
// x-slab thinner than a warp fills its warps with the next rows, see
// warp_tile and XColumns), p along the column is read once from registers,
// and a slab point reads about its minimum: p, p-, V and per damped axis psi and xi
// (H200, iso-large-gpu, before the y-slabs advanced psi_y: 30-37 B per
// update point, 17 and 12 B per pass-A point; perf/results/h200-2026-11-23/
// cpml). The minimum of a face-slab point is 32 B: p, p-, V read, p+
// written (16), psi and xi read and written (16); the profiles are 1D.
// psi and xi are kept in bfloat16 by default (CpmlParameters::memory,
// MemoryVariable): 24 B minimum, 28.6 measured against 37.5 in float.
// The point-per-thread kernels they replace read p 25 times through the
// caches (54 B per z-slab update point: z-neighbours fell out of L2),
// issued 220-380 instructions per point and reached 22-43 % of the DRAM
// bandwidth: the 189 M slab points took 6.7 ms per step, now 3.6.
//
// In a sub-domain (distributed runs) the slabs are the global ones cut to the
// local box and the profiles are in global coordinates. Along a face with a
// neighbour, pass A (XColumns for psi_x) also advances psi_a on the 2 layers
// beyond the face, which the updates read: their inputs (p up to 4 points
// beyond, in the received halo) are the neighbour's, so the values are
// bitwise the neighbour's, with no extra message.
//
// Everything of the physics comes from its cpml_update declaration
// (seis/physics/cpml_update.hpp): the field advanced and its model V, and the
// axis operators D2 (radius R) and D1 (radius Q <= 2, the ghost layers), so
// that L = sum_a D2_a is the physics' own operator in the layer. The physics
// (iso.hpp, tti.hpp) says why that is its whole update there. The column of
// p a pass-B thread keeps reaches K = max(R, 4) planes each side: psi_W is
// advanced 2 planes ahead from p up to 2 planes beyond.

#include "seis/box_policy.hpp"
#include "seis/compat/device_primitives.hpp"
#include "seis/compat/kokkos_compat.hpp"
#include "seis/cpml_memory.hpp"
#include "seis/cpml_x_tiling.hpp"
#include "seis/distributed/subdomain.hpp"
#include "seis/field.hpp"
#include "seis/grid.hpp"
#include "seis/math/bfloat16.hpp"
#include "seis/math/register_queue.hpp"
#include "seis/physics/cpml_update.hpp"
#include "seis/regions.hpp"
#include "seis/static_for.hpp"
#include "seis/stencil_coefficients.hpp"
#include "seis/streaming_bounds.hpp"
#include "seis/wave_state.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace seis {

struct CpmlParameters {
  int thickness = 0;        // points per slab
  double reflection = 1e-3; // target normal-incidence reflection R
  int order = 2;            // profile exponent N
  double vmax = 0;          // for d0
  double f0 = 0;            // alpha_max = pi f0
  double dt = 0;
  // psi and xi in bfloat16 or in Scalar (bfloat16 holds floats only: a
  // Cpml<double> keeps them in double whatever this says).
  CpmlMemory memory = CpmlMemory::bfloat16;
};

// d, alpha -> recursive-convolution coefficients (a, b) along one axis of n
// points, zero outside the slabs (physics.md §3.2).
inline void cpml_profile(int n, double h, const CpmlParameters& p, std::vector<double>& a,
                         std::vector<double>& b) {
  a.assign(n, 0.0);
  b.assign(n, 0.0);
  const int L = p.thickness;
  if (L <= 0) return;
  const double width = L * h;
  const double d0 = -(p.order + 1) * p.vmax * std::log(p.reflection) / (2 * width);
  const double alpha_max = M_PI * p.f0;
  for (int i = 0; i < n; ++i) {
    int depth_points = 0;
    if (i < L) depth_points = L - i;
    else if (i >= n - L) depth_points = i - (n - L - 1);
    if (depth_points == 0) continue;
    const double frac = depth_points * h / width;
    const double d = d0 * std::pow(frac, p.order);
    const double alpha = alpha_max * (1 - frac);
    b[i] = std::exp(-(d + alpha) * p.dt);
    a[i] = d > 0 ? d * (b[i] - 1) / (d + alpha) : 0.0;
  }
}

// Bytes of the memory variables (2 per axis, over the axis' two slabs, of
// memory_bytes each) and of the profiles (scalar_bytes each).
inline std::size_t cpml_bytes(const Grid& g, int L, int scalar_bytes, int memory_bytes) {
  if (L <= 0) return 0;
  const std::size_t e = std::size_t(L + 2 * cpml_psi_ghosts);
  const std::size_t per_axis_x = 2 * e * g.ny() * g.nz();
  const std::size_t per_axis_y = 2 * e * g.nx() * g.nz();
  const std::size_t per_axis_z = 2 * e * g.nx() * g.ny();
  return 2 * (per_axis_x + per_axis_y + per_axis_z) * std::size_t(memory_bytes) +
         6 * std::size_t(g.nx() + g.ny() + g.nz()) * std::size_t(scalar_bytes);
}

// Where axis a's memory variables of point (x, y, z) live: the part of each
// of the axis' two slabs inside the local box, 2 more layers each side along
// the axis (zero beyond the grid and the slab, the neighbour's values beyond
// a face with a neighbour; read by D1 psi), full in the other two directions,
// x fastest. Local coordinates; the slabs are placed in global ones.
struct CpmlAuxLayout {
  int n[3] = {0, 0, 0};        // local extents
  int N[3] = {0, 0, 0};        // global extents
  int offset[3] = {0, 0, 0};   // global coordinate of local 0
  int L = 0;
  int first[3][2] = {};        // global coordinate of each side's first stored layer
  int depth[3][2] = {};        // stored layers of each side (0: the slab misses this box)

  CpmlAuxLayout() = default;
  CpmlAuxLayout(const Subdomain& s, int thickness) : L(thickness) {
    for (int a = 0; a < 3; ++a) {
      n[a] = s.extent(a);
      N[a] = s.global_n[a];
      offset[a] = s.offset(a);
      for (int side = 0; side < 2; ++side) {
        const int lo = std::max(side == 0 ? 0 : N[a] - L, offset[a]);
        const int hi = std::min(side == 0 ? L : N[a], offset[a] + n[a]);
        first[a][side] = lo - cpml_psi_ghosts;
        depth[a][side] = hi > lo ? hi - lo + 2 * cpml_psi_ghosts : 0;
      }
    }
  }

  template <int Axis>
  KOKKOS_INLINE_FUNCTION int global(int c) const {
    return c + offset[Axis];
  }
  template <int Axis>
  KOKKOS_INLINE_FUNCTION bool damped(int c) const {
    const int g = global<Axis>(c);
    return g < L || g >= N[Axis] - L;
  }
  // Index of the damped point (x, y, z).
  template <int Axis>
  KOKKOS_INLINE_FUNCTION index_t index(int x, int y, int z) const {
    const int g = global<Axis>(Axis == 0 ? x : Axis == 1 ? y : z);
    const int side = g < L ? 0 : 1;
    const int local = g - first[Axis][side];
    const index_t ex = Axis == 0 ? depth[0][side] : n[0];
    const index_t ey = Axis == 1 ? depth[1][side] : n[1];
    const index_t qx = Axis == 0 ? local : x;
    const index_t qy = Axis == 1 ? local : y;
    const index_t qz = Axis == 2 ? local : z;
    return (side == 0 ? 0 : index_t(depth[Axis][0]) * across(Axis)) + qx + ex * (qy + ey * qz);
  }
  KOKKOS_INLINE_FUNCTION index_t across(int axis) const {
    return axis == 0 ? index_t(n[1]) * n[2] : axis == 1 ? index_t(n[0]) * n[2] : index_t(n[0]) * n[1];
  }
  // Distance between neighbours along the damped axis.
  template <int Axis>
  KOKKOS_INLINE_FUNCTION index_t stride() const {
    return Axis == 0 ? 1 : Axis == 1 ? index_t(n[0]) : index_t(n[0]) * n[1];
  }
  index_t size(int axis) const { return index_t(depth[axis][0] + depth[axis][1]) * across(axis); }
};

template <class Scalar, class MemSpace = DefaultMem>
class Cpml {
 public:
  using scalar_type = Scalar;
  using coef_view = Kokkos::View<Scalar*, MemSpace>;
  // A memory variable (psi or xi of an axis) as stored: bytes_per_value()
  // bytes a value (see MemoryVariable), which checkpoints and out-of-core
  // chunk copies move as they are.
  using memory_view = Kokkos::View<unsigned char*, MemSpace>;
  using Exec = typename MemSpace::execution_space;

  // A physics' axis operators (its cpml_update) over this grid: D2 weights /
  // h^2 and D1 weights / h per axis, in double, rounded once to Scalar.
  template <class Update>
  struct AxisWeights {
    Scalar d2[3][Update::radius + 1] = {};
    Scalar d1[3][Update::d1_radius] = {};
  };
  template <class Update>
  AxisWeights<Update> weights() const {
    AxisWeights<Update> w;
    const double h[3] = {grid_.hx(), grid_.hy(), grid_.hz()};
    const auto d2 = Update::d2();
    const auto d1 = Update::d1();
    for (int axis = 0; axis < 3; ++axis) {
      for (int m = 0; m <= Update::radius; ++m) w.d2[axis][m] = Scalar(d2[m] / (h[axis] * h[axis]));
      for (int q = 0; q < Update::d1_radius; ++q) w.d1[axis][q] = Scalar(d1[q] / h[axis]);
    }
    return w;
  }

  // A slab of pass B and where its psi_W advances, [mw0, mw1) along W.
  struct UpdatePart {
    Box slab;
    int mw0 = 0, mw1 = 0;
  };
  // A side of the x-slabs' kernel: psi_x's box there cut into team tiles
  // (a tile's rows span its x-range) and where p is updated (the x-slab
  // inside the limit; may be empty).
  struct XPart {
    CpmlXTiling tiling;
    Box slab;
  };

  Cpml() = default;
  Cpml(const Grid& grid, const CpmlParameters& p) : Cpml(grid, p, Subdomain::whole(grid.nx(), grid.ny(), grid.nz())) {}
  // The part of the global CPML inside sub-domain `sub` (grid: its local grid).
  // Without `own_memory_variables` psi and xi stay unallocated until
  // bind_memory_variables.
  Cpml(const Grid& grid, const CpmlParameters& p, const Subdomain& sub, bool own_memory_variables = true)
      : grid_(grid), packed_(cpml_memory_value_bytes(p.memory, int(sizeof(Scalar))) == 2) {
    const Grid global(sub.global_n[0], sub.global_n[1], sub.global_n[2], grid.hx(), grid.hy(), grid.hz(),
                      grid.scalar_bytes());
    regions_ = local_regions(sub, seven_regions(global, p.thickness));
    if (p.thickness <= 0) return;
    const double h[3] = {grid.hx(), grid.hy(), grid.hz()};
    layout_ = CpmlAuxLayout(sub, p.thickness);
    memory_boxes_ = memory_boxes(sub, layout_);
    for (const Box& m : memory_boxes_[0])
      if (m.nx() > max_x_row)
        throw std::runtime_error("CPML: psi_x's rows of " + std::to_string(m.nx()) +
                                 " points; the x-slabs' teams hold at most " + std::to_string(max_x_row));
    for (int axis = 0; axis < 3; ++axis) {
      std::vector<double> a, b;
      cpml_profile(sub.global_n[axis], h[axis], p, a, b);
      a_[axis] = to_device("cpml_a", a);
      b_[axis] = to_device("cpml_b", b);
      // The update kernels index the memory variables, and p around a
      // column's point, with 32-bit offsets (see UpdateColumns).
      if (layout_.size(axis) > index_t(std::numeric_limits<int>::max()) ||
          grid.stride_z() * (Grid::radius + 1) > index_t(std::numeric_limits<int>::max()))
        throw std::runtime_error("CPML: memory variables of " + std::to_string(layout_.size(axis)) +
                                 " points along one axis or planes of " + std::to_string(grid.stride_z()) +
                                 " points: the kernels' 32-bit offsets reach 2^31 - 1");
      if (!own_memory_variables) continue;
      psi_[axis] = memory_view("cpml_psi", std::size_t(layout_.size(axis)) * bytes_per_value());
      xi_[axis] = memory_view("cpml_xi", std::size_t(layout_.size(axis)) * bytes_per_value());
    }
  }

  bool enabled() const { return regions_.thickness > 0; }
  // A limit that limits nothing.
  static Box everywhere() { return Box{-big, big, -big, big, -big, big}; }
  // The memory variables psi and xi of each axis (empty views without a
  // layer), as stored: what a checkpoint saves besides the wavefields.
  std::vector<memory_view> memory_variables() const {
    if (!enabled()) return {};
    return {psi_[0], psi_[1], psi_[2], xi_[0], xi_[1], xi_[2]};
  }
  const Regions& regions() const { return regions_; }
  index_t points() const {
    index_t n = 0;
    for (const Box& b : regions_.slabs) n += b.volume();
    return n;
  }

  // Advances every point of the six slabs (the physics' cpml_update). Pass A
  // advances psi_y over the layers where y is damped inside the z-slabs;
  // the x-slabs' kernel advances psi_x over the layers where x is damped
  // (and the 2 layers beyond a face with a neighbour) and updates the
  // x-slabs (see XColumns); pass B then walks the columns of the z- and
  // y-slabs and advances psi_z (psi_y) on the way (see UpdateColumns).
  template <class Physics>
  void apply(const StepData<Physics>& d) const {
    apply(d, everywhere());
  }
  // The same over the part inside `limit` (local coordinates): an
  // out-of-core chunk's shrinking valid region.
  template <class Physics>
  void apply(const StepData<Physics>& d, const Box& limit) const {
    apply(d, limit, Exec());
  }
  // The same, queued on `exec` (the time loop runs the slabs on an instance
  // beside the inner region's, see seis/simulation.hpp).
  template <class Physics>
  void apply(const StepData<Physics>& d, const Box& limit, const Exec& exec) const {
    if (!enabled()) return;
    // Memory variables in bfloat16 (CpmlParameters::memory, floats only) or in Scalar.
    if constexpr (std::is_same_v<Scalar, float>)
      if (packed_) return apply_stored<Physics, true>(d, limit, exec);
    apply_stored<Physics, false>(d, limit, exec);
  }

 private:
  template <class Physics, bool Packed>
  void apply_stored(const StepData<Physics>& d, const Box& limit, const Exec& exec) const {
    using Update = typename Physics::cpml_update;
    const AxisWeights<Update> w = weights<Update>();
    std::array<std::array<Box, 2>, 3> memory;
    for (int a = 0; a < 3; ++a)
      for (int side = 0; side < 2; ++side) memory[a][side] = intersect(memory_boxes_[a][side], limit);
    {
      ScopedRegion r("seis::cpml_memory");
      // psi_y over the z-slabs only: the y-slabs advance it themselves.
      std::vector<Box> boxes;
      for (const Box& m : memory[1])
        for (int i = 0; i < 2; ++i) {
          const Box& zs = regions_.slabs[i];
          const Box b{m.x0, m.x1, m.y0, m.y1, std::max(m.z0, zs.z0), std::min(m.z1, zs.z1)};
          if (!b.empty() && !zs.empty()) boxes.push_back(b);
        }
      launch_memory<Physics, 1, Packed>(exec, w, d, boxes);
    }
    ScopedRegion r("seis::cpml_update");
    // psi_x everywhere and the x-slabs first: the z- and y-slabs read psi_x.
    const XPart x[2] = {{CpmlXTiling(memory[0][0], x_team_threads, column_chunk), intersect(regions_.slabs[4], limit)},
                        {CpmlXTiling(memory[0][1], x_team_threads, column_chunk), intersect(regions_.slabs[5], limit)}};
    launch_x<Physics, Packed>(exec, w, d, x);
    // z-slabs (0, 1) are damped along z everywhere and may be along x and
    // y; y-slabs (2, 3) along y everywhere and may be along x (physics.md
    // §3.5). A z-slab column walks z and a y-slab column y, whole: its
    // thread alone advances psi_z (psi_y) of that column, ghost layers
    // included.
    UpdatePart z[2], y[2];
    for (int side = 0; side < 2; ++side) {
      z[side] = {intersect(regions_.slabs[side], limit), memory[2][side].z0, memory[2][side].z1};
      y[side] = {intersect(regions_.slabs[2 + side], limit), memory[1][side].y0, memory[1][side].y1};
    }
    if (launch_slabs<Physics, Packed>(exec, w, d, z, y)) return;
    launch_updates<Physics, 2, true, Packed>(exec, "seis::cpml_update_z", w, d, z);
    launch_updates<Physics, 1, false, Packed>(exec, "seis::cpml_update_y", w, d, y);
  }

 public:
  // Where the memory variables live (an out-of-core run copies them by it).
  const CpmlAuxLayout& layout() const { return layout_; }
  // Columns a thread of the z- and y-slab updates walks where aligned: 2
  // (the default, see with_update_lanes) or 1. Both give the same values
  // (the [pml] tests compare them).
  void update_vector_width(int vec) { update_vec_ = vec == 1 ? 1 : 2; }
  // Whether the x-slabs' kernel may exchange psi_x within warps where its
  // rows fit them (the default) or always through team scratch. Both give
  // the same values (the [pml] tests compare them).
  void exchange_x_in_warps(bool warps) { x_warps_ = warps; }
  // How the memory variables are kept (CpmlParameters::memory, Scalar
  // where bfloat16 cannot hold it) and the bytes of one value.
  CpmlMemory memory_form() const { return packed_ ? CpmlMemory::bfloat16 : CpmlMemory::full; }
  int bytes_per_value() const { return packed_ ? 2 : int(sizeof(Scalar)); }
  // The columns a thread of the z- and y-slab updates walks in apply()
  // without a limit: update_vector_width's, or 1 where its vectors would
  // not be aligned.
  int update_lanes() const {
    UpdatePart p[4];
    for (int i = 0; i < 4; ++i) p[i].slab = regions_.slabs[i];
    return update_lanes_of({&p[0], &p[1], &p[2], &p[3]});
  }
  // Makes the memory variables the first bytes of `psi` and `xi` (one view
  // per axis, large enough, in this CPML's stored form): out-of-core chunks
  // share one set per device buffer instead of allocating their own.
  void bind_memory_variables(const std::array<memory_view, 3>& psi, const std::array<memory_view, 3>& xi) {
    if (!enabled()) return;
    for (int a = 0; a < 3; ++a) {
      const auto part = std::make_pair(std::size_t(0), std::size_t(layout_.size(a)) * bytes_per_value());
      psi_[a] = Kokkos::subview(psi[a], part);
      xi_[a] = Kokkos::subview(xi[a], part);
    }
  }
  // Uses the damping profiles of `other`, a part of the same global CPML (they
  // are in global coordinates): out-of-core chunks keep one copy.
  void share_profiles(const Cpml& other) {
    for (int a = 0; a < 3; ++a) {
      a_[a] = other.a_[a];
      b_[a] = other.b_[a];
    }
  }

 private:
  static constexpr int big = 1 << 29;  // beyond any grid
  // Planes ahead the walks ask L2 for (UpdateColumns::prefetch, XColumns),
  // a constant: the prefetch loops then unroll (SASS of the bfloat16 z-/y-
  // slab kernel 16710 -> 14042 instructions; H200, tree e7c5eb3, A B A B,
  // CPML ms/step, off: iso-large-gpu 1.934-1.943 against 1.948-1.964 with
  // the distance a kernel argument, tti-large-gpu 1.232/1.236 against
  // 1.223/1.232; ncu: z-/y-slab kernel 1.154 against 1.166 ms, XColumns
  // 0.732 against 0.744).
  static constexpr int prefetch_planes = 2;
  // Planes one thread walks in the x-slabs (XColumns): the 2R planes of p it
  // reads beyond its chunk cost 2R/column_chunk more reads (mostly L2 hits);
  // fewer planes give more threads.
  static constexpr int column_chunk = 64;
  static int chunks(const Box& b, int chunk) { return (b.nz() + chunk - 1) / chunk; }
  // The x-slabs' kernel (XColumns): a team's tile holds whole x-rows of
  // psi_x's box, of at most max_x_row points. On a GPU a thread per column,
  // about x_team_threads a team (4 warps; 64 registers, SEIS_CPML_X_MIN_TEAMS
  // teams of 256 or twice as many of 128 fit an SM). On the host one
  // thread walks a tile.
  static constexpr int max_x_row = SEIS_CPML_MAX_THREADS;
  // XColumns' teams hold about 128 threads: each plane's barrier waits for
  // 4 warps rather than 8, as many warps an SM. H200, bfloat16 memory
  // variables, tree e7c5eb3, A B A B, CPML ms/step, --cpml-overlap off:
  // iso-large-gpu 1.911/1.920 against 1.934-1.943 with 256, tti-large-gpu
  // 1.209 against 1.232/1.236 (ncu: XColumns 0.719 against 0.732 ms, barrier
  // stalls 2.02 against 2.60 an issue). (Float, H100, cpml3-r2: 256 had run
  // 3.118 against 3.131.)
  static constexpr int x_team_threads = 128;
  static constexpr int x_team_columns =
      Kokkos::SpaceAccessibility<Kokkos::HostSpace, MemSpace>::accessible ? max_x_row : 1;
  // XColumns exchanges psi_x within warps (Warp; warp_shift) where the
  // tile's rows lie in whole warps: a thread a place (the GPU), a backend
  // with warp_shift, rows of a power of two up to a warp's lanes
  // (the layers of iso-large-gpu: 32; tti-large-gpu's 20 keep the scratch)
  // and whole warps a tile; through team scratch and a barrier a plane
  // otherwise, or where exchange_x_in_warps (false) says so. The warp form
  // runs 7 teams of 128 an SM (72 registers; at 64 it spilled: ptxas 56 B
  // of spill stores, ncu 4.3 M local loads a launch). H200, cpml10 round 1
  // (cb808f1), A B A B, CPML ms/step, --cpml-overlap off, iso-large-gpu 200
  // steps: 1.890/1.894/1.901 against 1.920/1.915/1.914 through scratch
  // (ncu: XColumns 0.695 against 0.718 ms, barrier stalls 0 against 2.01
  // an issue); lost: the warp form at 64 registers 1.954-1.957, with psi_x
  // beyond the row loaded a plane ahead 1.926-1.938 (72 registers
  // 1.924-1.932), the scratch form at 72 registers 1.942-1.944 (TTI
  // 1.211/1.248 against 1.218/1.224). Round 2 (911fb64): the warp form
  // 1.889-1.894; lost: p at x +-1..4 from the row's lanes too (8 shuffles
  // for 8 loads a plane) 1.947-1.953 (ncu: XColumns 0.756 against 0.694
  // ms, 15.7 against 14.3 G thread instructions), teams walking 128 planes
  // 1.915-1.919 (TTI 1.248/1.253 against 1.212/1.235), both 1.972-1.990.
  static constexpr int x_warp_teams = 7;
  static constexpr bool x_warp_exchange = warp_shift_lanes > 0 && x_team_columns == 1;
  bool x_rows_in_warps(const CpmlXTiling& t) const {
    if constexpr (x_warp_exchange) {
      constexpr int lanes = warp_shift_lanes > 0 ? warp_shift_lanes : 1;  // (no division by zero to warn of)
      return x_warps_ && t.tx <= lanes && lanes % t.tx == 0 && t.places() % lanes == 0;
    }
    return false;
  }
  // Boxes of the same extents can share a launch (its index space is one
  // box's, each box an offset of its own).
  static bool same_extents(const Box& a, const Box& b) {
    return a.nx() == b.nx() && a.ny() == b.ny() && a.nz() == b.nz();
  }
  // Both sides in one launch where their boxes have the same extents
  // (tuning().pairs; the league's second half takes the second side), one
  // launch a side otherwise.
  template <class Physics, bool Packed, class Weights, class Data>
  void launch_x(const Exec& exec, const Weights& w, const Data& d, const XPart (&parts)[2]) const {
    const auto launch = [&](const XPart& first, const XPart& second, int sides) {
      // On a GPU a thread a place of the tile; on the host one thread walks
      // the same tiles, whose tests then walk the GPU's tiling.
      const int threads = x_team_columns == 1 ? first.tiling.places() : 1;
      // The exchange (Warp) and the register budget (LaunchBounds: the most
      // threads a team, the fewest teams an SM).
      const auto run = [&](auto warp, auto max_threads, auto min_teams) {
        constexpr bool Warp = decltype(warp)::value;
        using F = XColumns<Physics, Packed, Warp>;
        using Bounds = Kokkos::LaunchBounds<decltype(max_threads)::value, decltype(min_teams)::value>;
        Kokkos::TeamPolicy<Exec, Bounds, LightWeightLaunch> policy(exec, sides * first.tiling.tiles, threads);
        if constexpr (!Warp) policy.set_scratch_size(0, Kokkos::PerTeam(F::Scratch::shmem_size(2 * first.tiling.places())));
        Kokkos::parallel_for("seis::cpml_x", policy, F{*this, w, d, {first, second}});
      };
      using Default = int_c<SEIS_CPML_MAX_THREADS>;
      if constexpr (x_warp_exchange)
        if (x_rows_in_warps(first.tiling)) {
          run(std::true_type{}, int_c<x_team_threads>{}, int_c<x_warp_teams>{});
          return;
        }
      run(std::false_type{}, Default{}, int_c<SEIS_CPML_X_MIN_TEAMS>{});
    };
    const Box &m0 = parts[0].tiling.memory, &m1 = parts[1].tiling.memory;
    if (!m0.empty() && !m1.empty() && tuning().pairs && same_extents(m0, m1)) {
      launch(parts[0], parts[1], 2);
      return;
    }
    for (const XPart& part : parts)
      if (!part.tiling.memory.empty()) launch(part, part, 1);
  }

  // Run-time choices of how the CPML kernels are launched (read once on the
  // host; every choice computes the same values), kept for the A/B on a
  // GPU: SEIS_CPML_PAIRS (0: one launch a slab), SEIS_CPML_TILE_X (blocks
  // of 16x16, 32x8, 64x4 or 128x2 threads), SEIS_CPML_MEMORY_ONE and
  // SEIS_CPML_SLABS_ONE (0: pass A's boxes, the z- and the y-slabs' updates
  // in launches of their own). Measured (H200, iso-large-gpu, CPML ms/step,
  // --cpml-overlap off; tree 1e45d51): pairs 2.545/2.544 against 2.619/2.623
  // without; 64x4 update tiles 2.527, 128x2 2.559. Tree 9e52dd6: pairs with
  // pass A in one launch 2.455/2.459 (4 launches a step), pass A in 4
  // launches 2.466, one launch a slab 2.555. Tree 2857451, A B A B: the z-
  // and y-slabs' updates in one launch too (3 launches) 2.420/2.430/2.439
  // against 2.449/2.462/2.471 without, 7 launches 2.459, 10 launches 2.543;
  // tti-large-gpu 1.678/1.661 against 1.714/1.708, 10 launches 1.805.
  // Tried and gone (each computed the same values):
  // - two planes a loop trip, because the one-plane loop reads each value it
  //   loads a plane ahead through a move that waits for the load (SASS:
  //   44-64 instructions after it, in the same trip): 2.589/2.587 with
  //   pairs, 2.689 without (ncu: 3.8 M local loads a step against 0.16 M at
  //   64 registers; at 80 registers, 3 blocks an SM, 2.676);
  // - the streamed values loaded two planes ahead in separate registers (the
  //   move then waits a whole trip, SASS 176-180 of 180 instructions):
  //   updates at 3 blocks of 256 (80 registers) 2.519/2.524, at 7 blocks of
  //   128 (72) 2.513/2.522 (ncu: z-slabs 0.851 against 0.833 ms, warps
  //   active 41 against 47 %), XColumns two planes ahead 2.463/2.463
  //   against 2.455/2.459; at 7 blocks of 128 alone 2.481;
  // - updates at 3 or 5 blocks an SM 2.682, 2.754 (5: 48 registers, 10.6 M
  //   local loads in the y-slabs); XColumns at 3 blocks 2.626;
  // - XColumns' teams walking 32 planes rather than 64 (column_chunk):
  //   2.648 against 2.640 (tree b4c8675); 128 planes with bfloat16 memory
  //   variables 1.985/1.997 against 1.963/1.983, TTI 1.224 against
  //   1.221-1.235 (tree ebd38ab);
  // - the L2 prefetch 1, 3 or 4 planes ahead rather than 2: 2.417, 2.212
  //   against 2.198-2.203 (tree 6282245), 4: 2.321 against 2.285 (b4c8675);
  //   with bfloat16 memory variables (tree ebd38ab) 1: 2.144, 3: 1.966/1.972
  //   against 1.962-1.983, TTI 3: 1.283/1.285 against 1.221-1.235;
  // - update blocks of 16x16 with bfloat16 memory variables (SEIS_CPML_TILE_X
  //   =16): 1.963/1.988 against 1.962-1.983, TTI 1.241 (tree ebd38ab);
  // - (H200, cpml11, tree aac8d7d, against 1.881/1.887/1.896 with the
  //   bfloat16 conversion instruction) the plain two-column walk two planes
  //   a trip, its queues' moves renamed (273 -> 242 instructions a plane, no
  //   spills in loops): 1.891/1.892/1.897 (ncu: z-/y-slab kernel 1.154 ms, 9 %
  //   fewer instructions issued, long scoreboard 3.56 cycles an issue against
  //   2.91 in tree e6e9f57); with the x-damped column pairs besides reordered
  //   into whole warps (2 of each row's 16 warps ran the x-damped and the
  //   plain walk one after the other): 1.916-1.925 (ncu 1.169 ms, 12 % fewer
  //   instructions, long scoreboard 5.26, 9 % more L2 reads), though
  //   tti-large-gpu (20 x-damped pairs a row, padded to a warp) ran
  //   1.198/1.202 against 1.228/1.236; 16x16 blocks with both 1.895-1.903.
  // The updates wait on memory with their streamed loads a trip ahead: the
  // p neighbours they read in the plane (L1/L2) remain. The z-/y-slab kernel
  // (ncu, tree aac8d7d) issues at 58-62 % of its peak at 128 registers and 16
  // warps an SM, each waiting 2.6-2.9 cycles an issue on long scoreboard and
  // 1.1 not selected (55 % L1 hits; 3.0 TB/s at 26.8 DRAM B a point): fewer
  // instructions alone did not make it faster.
  struct Tuning {
    bool pairs = true;       // a slab pair's updates in one launch: SEIS_CPML_PAIRS
    int tile_x = 0;          // threads along x of a block (16, 32, 64, 128; 0: update_tile_x): SEIS_CPML_TILE_X
    bool memory_one = true;  // pass A's boxes in one launch: SEIS_CPML_MEMORY_ONE
    bool slabs_one = true;   // the z- and y-slabs' updates in one launch: SEIS_CPML_SLABS_ONE
  };
  static const Tuning& tuning() {
    static const Tuning t = [] {
      Tuning r;
      if (const char* e = std::getenv("SEIS_CPML_TILE_X")) r.tile_x = std::min(128, std::max(16, std::atoi(e)));
      if (const char* e = std::getenv("SEIS_CPML_PAIRS")) r.pairs = std::atoi(e) != 0;
      if (const char* e = std::getenv("SEIS_CPML_MEMORY_ONE")) r.memory_one = std::atoi(e) != 0;
      if (const char* e = std::getenv("SEIS_CPML_SLABS_ONE")) r.slabs_one = std::atoi(e) != 0;
      return r;
    }();
    return t;
  }
  // Pass B of the z- and y-slabs in one launch (tuning().slabs_one) where
  // each pair's columns have the same extents and all four the same x
  // extent: one launch tail a step fewer. False where it does not apply.
  template <class Physics, bool Packed, class Weights>
  bool launch_slabs(const Exec& exec, const Weights& w, const StepData<Physics>& d, const UpdatePart (&z)[2],
                    const UpdatePart (&y)[2]) const {
    if (!tuning().slabs_one || !tuning().pairs) return false;
    for (const UpdatePart* p : {&z[0], &z[1], &y[0], &y[1]})
      if (p->slab.empty() || p->slab.nx() != z[0].slab.nx()) return false;
    if (z[0].slab.ny() != z[1].slab.ny() || y[0].slab.nz() != y[1].slab.nz()) return false;
    with_update_lanes({&z[0], &z[1], &y[0], &y[1]}, [&](auto vec, auto teams) {
      constexpr int Vec = decltype(vec)::value;
      const UpdateSlabs<Physics, Packed, Vec> f{
          {*this, w, d, {z[0], z[1]}}, {*this, w, d, {y[0], y[1]}}, z[0].slab.ny(), y[0].slab.nz()};
      Kokkos::parallel_for("seis::cpml_update_zy",
                           column_policy<decltype(teams)::value>(exec, (z[0].slab.nx() + Vec - 1) / Vec,
                                                                 std::max(f.z_across, f.y_across), 4, Vec),
                           f);
    });
    return true;
  }
  // Columns a thread of the z- and y-slab updates: update_vector_width(), or
  // 1 where the slabs' vectors would not be aligned (a slab's x0 or the
  // local x extent not a multiple of it).
  int update_lanes_of(std::initializer_list<const UpdatePart*> parts) const {
    const int vec = update_vec_;
    bool aligned = layout_.n[0] % vec == 0;
    for (const UpdatePart* p : parts) aligned = aligned && (p->slab.empty() || p->slab.x0 % vec == 0);
    return aligned ? vec : 1;
  }
  // f(int_c<Vec>, int_c<blocks an SM>) for the update launch of `parts`.
  // Two columns a thread at 2 blocks of 256 an SM (128 registers): no local
  // memory (SASS, nvcc 13, sm_90), where a column a thread at 64 registers
  // spilled; 243 instructions per two points of the plain walk against 170
  // per point. Measured (H200, A B A B, CPML ms/step, --cpml-overlap off;
  // tree 45d0033, blocks of 32x8): iso-large-gpu 2.384/2.386/2.376/2.379
  // against 2.435/2.426/2.434 a column a thread, tti-large-gpu
  // 1.499/1.483/1.493 against 1.681/1.702 (ncu, iso: the z-/y-slab kernel
  // 1.497 against 1.549 ms, 63.5 against 62.2 % of DRAM peak, no local
  // loads against 1.4 M). Lost (trees 90b6b71, 45d0033): 3 blocks an SM
  // (80 registers, spills) 2.783; 4 columns a thread (spills at 128
  // registers) 4.571; p's x and across neighbours loaded a plane ahead too
  // 2.430/2.415, tti 1.542/1.550; XColumns with two places a thread (teams
  // of 128, 128 registers) 2.660/2.657, tti 1.619.
  template <class F>
  void with_update_lanes(std::initializer_list<const UpdatePart*> parts, F&& f) const {
    if (update_lanes_of(parts) == 2) f(int_c<2>{}, int_c<2>{});
    else f(int_c<1>{}, int_c<SEIS_CPML_MIN_TEAMS>{});
  }
  // Pass B of a pair of slabs (UpdateColumns, a column a thread): one launch
  // for both where their columns have the same extents (SEIS_CPML_PAIRS,
  // default 1), one launch a slab otherwise.
  template <class Physics, int W, bool AcrossDamped, bool Packed, class Weights>
  void launch_updates(const Exec& exec, const char* label, const Weights& w, const StepData<Physics>& d,
                      const UpdatePart (&parts)[2]) const {
    const auto columns = [](const Box& b) { return std::array<int, 2>{b.nx(), W == 2 ? b.ny() : b.nz()}; };
    const auto launch = [&](const UpdatePart& first, const UpdatePart& second, int count) {
      const int across = W == 2 ? first.slab.ny() : first.slab.nz();
      with_update_lanes({&first, &second}, [&](auto vec, auto teams) {
        constexpr int Vec = decltype(vec)::value;
        Kokkos::parallel_for(label,
                             column_policy<decltype(teams)::value>(exec, (first.slab.nx() + Vec - 1) / Vec, across, count, Vec),
                             UpdateColumns<Physics, W, AcrossDamped, Packed, Vec>{*this, w, d, {first, second}});
      });
    };
    const bool both = !parts[0].slab.empty() && !parts[1].slab.empty();
    if (both && tuning().pairs && columns(parts[0].slab) == columns(parts[1].slab)) {
      launch(parts[0], parts[1], 2);
      return;
    }
    for (const UpdatePart& part : parts)
      if (!part.slab.empty()) launch(part, part, 1);
  }

  // Pass A over `boxes` (MemoryColumns): one launch where they have the same
  // extents (tuning().memory_one; 4 launches of a wave or less each
  // otherwise, mostly launch and tail), one launch a box otherwise.
  template <class Physics, int Axis, bool Packed, class Weights>
  void launch_memory(const Exec& exec, const Weights& w, const StepData<Physics>& d, const std::vector<Box>& boxes) const {
    using F = MemoryColumns<Physics, Axis, Packed>;
    const auto launch = [&](const Box* b, int n) {
      F f{*this, w, d, {}, memory_chunk(b[0]), chunks(b[0], memory_chunk(b[0]))};
      for (int k = 0; k < n; ++k) f.boxes[k] = b[k];
      Kokkos::parallel_for("seis::cpml_memory_y", column_policy(exec, b[0].nx(), b[0].ny(), n * f.chunks), f);
    };
    bool same = tuning().memory_one && !boxes.empty() && boxes.size() <= std::size_t(F::max_boxes);
    for (const Box& b : boxes) same = same && same_extents(b, boxes[0]);
    if (same) return launch(boxes.data(), int(boxes.size()));
    for (const Box& b : boxes) launch(&b, 1);
  }

  // Planes one thread walks in pass A, which reads nothing beyond its chunk:
  // column_chunk, or fewer where a box is thin in z (psi_y over a z-slab:
  // L planes), so that its few columns still make threads enough to hide
  // the latency (at least 4 chunks a column, at least 8 planes each).
  static int memory_chunk(const Box& b) {
    const int quarter = (b.nz() + 3) / 4;
    return quarter < 8 ? 8 : quarter > column_chunk ? column_chunk : quarter;
  }

  // Threads along x of a block: 64 a column a thread (64x4: longer runs of
  // each row a block reads, see Tuning), 32 (warp_tile's 32x8) two columns
  // a thread: 64 columns by 8 rows, whose rows share more of their
  // neighbours along the across axis. H200, CPML ms/step, two columns a
  // thread (tree 45d0033): 32x8 iso-large-gpu 2.376-2.386, tti-large-gpu
  // 1.483-1.499; 64x4 2.424, 1.586; 16x16 2.335/2.325 but tti 1.590.
  static int update_tile_x(int lanes) { return lanes > 1 ? 32 : 64; }
  // Threads over a box's columns; tiles of up to a warp in x (see
  // warp_tile), within the register budget of seis/streaming_bounds.hpp.
  template <int MinTeams = SEIS_CPML_MIN_TEAMS>
  using ColumnPolicy = Kokkos::MDRangePolicy<Exec, Kokkos::Rank<3, Kokkos::Iterate::Left, Kokkos::Iterate::Left>,
                                             Kokkos::LaunchBounds<SEIS_CPML_MAX_THREADS, MinTeams>, LightWeightLaunch>;
  // (x, the across axis, chunk or slab) over nx by `across` threads, each
  // `lanes` columns along x.
  template <int MinTeams = SEIS_CPML_MIN_TEAMS>
  static ColumnPolicy<MinTeams> column_policy(const Exec& exec, int nx, int across, int chunks, int lanes = 1) {
    auto t = warp_tile(Box{0, nx, 0, across, 0, 1}, SEIS_CPML_MAX_THREADS);
    const int wide = tuning().tile_x > 0 ? tuning().tile_x : update_tile_x(lanes);
    if (wide != t[0] && nx >= wide) t[0] = wide, t[1] = std::max(1, std::min(across, SEIS_CPML_MAX_THREADS / wide));
    return ColumnPolicy<MinTeams>(exec, {0, 0, 0}, {nx, across, chunks}, {t[0], t[1], 1});
  }

  static coef_view to_device(const std::string& label, const std::vector<double>& v) {
    coef_view view(label, v.size());
    auto host = Kokkos::create_mirror_view(view);
    for (std::size_t i = 0; i < v.size(); ++i) host(i) = Scalar(v[i]);
    Kokkos::deep_copy(view, host);
    return view;
  }

  // Where pass A advances psi of axis a, per side of the axis: the slab's
  // layers inside the local box and the 2 layers beyond a face with a
  // neighbour (pass B reads them), full across (local coordinates).
  static std::array<std::array<Box, 2>, 3> memory_boxes(const Subdomain& sub, const CpmlAuxLayout& l) {
    std::array<std::array<Box, 2>, 3> boxes{};
    for (int a = 0; a < 3; ++a)
      for (int side = 0; side < 2; ++side) {
        if (l.depth[a][side] == 0) continue;
        const int slab_lo = side == 0 ? 0 : l.N[a] - l.L, slab_hi = side == 0 ? l.L : l.N[a];
        const int reach_lo = l.offset[a] - (sub.has_neighbour(a, 0) ? cpml_psi_ghosts : 0);
        const int reach_hi = l.offset[a] + l.n[a] + (sub.has_neighbour(a, 1) ? cpml_psi_ghosts : 0);
        const int g0 = std::max(slab_lo, reach_lo), g1 = std::min(slab_hi, reach_hi);
        if (g1 <= g0) continue;
        int lo[3] = {0, 0, 0}, hi[3] = {l.n[0], l.n[1], l.n[2]};
        lo[a] = g0 - l.offset[a];
        hi[a] = g1 - l.offset[a];
        boxes[a][side] = Box{lo[0], hi[0], lo[1], hi[1], lo[2], hi[2]};
      }
    return boxes;
  }

  // The kernels (public: CUDA cannot launch private nested functors). Each
  // point's arithmetic is the one of physics.md §3.1 in one fixed order
  // (psi_step, second_derivative, damp), whatever traversal calls it: the
  // values are bitwise the same in any box shape and sub-domain.
 public:
  // D1 f of radius Q (1 or 2, the ghost layers), from f at -2, -1, +1, +2
  // along the axis (those beyond Q unused).
  template <int Q>
  KOKKOS_FORCEINLINE_FUNCTION static Scalar first_derivative(const Scalar (&w)[Q], Scalar m2, Scalar m1, Scalar p1,
                                                             Scalar p2) {
    static_assert(Q == 1 || Q == 2, "D1 reaches within psi's 2 ghost layers");
    if constexpr (Q == 1) return w[0] * (p1 - m1);
    else return w[0] * (p1 - m1) + w[1] * (p2 - m2);
  }
  // psi = b psi + a D1 p.
  template <int Q>
  KOKKOS_FORCEINLINE_FUNCTION static Scalar psi_step(const Scalar (&w)[Q], Scalar b, Scalar psi, Scalar a, Scalar m2,
                                                     Scalar m1, Scalar p1, Scalar p2) {
    const Scalar d1p = first_derivative(w, m2, m1, p1, p2);
    return b * psi + a * d1p;
  }

  // Pass B along one axis: D2 p, from p0 and plus(m), minus(m) (p at +-m),
  // joins the Laplacian; where the axis is damped, damp advances xi and adds
  // D1 psi + xi to the correction (psi at -2, -1, +1, +2 along the axis).
  template <int R, class Plus, class Minus>
  KOKKOS_FORCEINLINE_FUNCTION static Scalar second_derivative(const Scalar (&w)[R + 1], Scalar p0, const Plus& plus,
                                                               const Minus& minus) {
    Scalar d2 = w[0] * p0;
    for (int m = 1; m <= R; ++m) d2 += w[m] * (plus(m) + minus(m));
    return d2;
  }
  template <int Q>
  KOKKOS_FORCEINLINE_FUNCTION static void damp(const Scalar (&w)[Q], Scalar b, Scalar a, Scalar d2, Scalar s_m2,
                                               Scalar s_m1, Scalar s_p1, Scalar s_p2, Scalar& xi, Scalar& extra) {
    const Scalar d1psi = first_derivative(w, s_m2, s_m1, s_p1, s_p2);
    xi = b * xi + a * (d2 + d1psi);
    extra += d1psi + xi;
  }

  // A memory variable (psi or xi of one axis) as the kernels read and write
  // it: in Scalar, or Packed as bfloat16 (CpmlMemory::bfloat16, the
  // default; float only: 28.6 against 37.5 DRAM B per slab point; H200,
  // tree 6282245, A B A B, CPML ms/step, --cpml-overlap off: iso-large-gpu
  // 1.988/2.003/1.977 against 2.198/2.200/2.203 in float, tti-large-gpu
  // 1.228/1.239 against 1.386/1.394; seismograms of 500 iso / 400 TTI steps
  // 1.4e-6 / 1.6e-6 of their maximum apart; reflected energy of the
  // [pml][physics] tests iso 1.45694e-5 against 1.45213e-5, TTI 2.75004e-5
  // against 2.74868e-5). store gives back the value as stored,
  // which every later read sees: a kernel that keeps a value it stored
  // (psi_W in registers, psi_x in team scratch) uses that one, so the values
  // stay the same in any tiling. The rounding is bfloat16_round(_pair): one
  // conversion instruction for two values on a GPU, the integer rounding's
  // bits (SASS of the z-/y-slab kernel 14042 -> 13083 instructions, its
  // plain two-column loop 291 -> 273 a plane; H200, cpml11, A B A B, CPML
  // ms/step, --cpml-overlap off, iso-large-gpu: tree e6e9f57
  // 1.887/1.893/1.890/1.888 against 1.901/1.907/1.912/1.899 with the integer
  // rounding, tree aac8d7d 1.881/1.887/1.896 against 1.888/1.901/1.904;
  // tti-large-gpu 1.211/1.213 against 1.212/1.223; ncu: z-/y-slab kernel
  // 1.149 against 1.165 ms, 18.9 against 20.2 G thread instructions).
  template <bool Packed>
  struct MemoryVariable {
    using Stored = std::conditional_t<Packed, std::uint16_t, Scalar>;
    Stored* base = nullptr;
    explicit KOKKOS_FORCEINLINE_FUNCTION MemoryVariable(unsigned char* data) : base(reinterpret_cast<Stored*>(data)) {
      static_assert(!Packed || std::is_same_v<Scalar, float>, "bfloat16 memory variables hold floats");
    }
    KOKKOS_FORCEINLINE_FUNCTION const Stored* address(int i) const { return base + i; }
    KOKKOS_FORCEINLINE_FUNCTION Scalar load(int i) const {
      if constexpr (Packed) return bfloat16_to_float(base[i]);
      else return base[i];
    }
    KOKKOS_FORCEINLINE_FUNCTION Scalar store(int i, Scalar v) const {
      if constexpr (Packed) {
        const std::uint16_t h = bfloat16_round(v);
        base[i] = h;
        return bfloat16_to_float(h);
      } else {
        base[i] = v;
        return v;
      }
    }
    // N consecutive values from i (aligned to N) as one vector.
    template <int N>
    KOKKOS_FORCEINLINE_FUNCTION VectorOf<Scalar, N> load_vector(int i) const {
      const VectorOf<Stored, N> q = *reinterpret_cast<const VectorOf<Stored, N>*>(base + i);
      VectorOf<Scalar, N> v;
      for (int k = 0; k < N; ++k) {
        if constexpr (Packed) v.v[k] = bfloat16_to_float(q.v[k]);
        else v.v[k] = q.v[k];
      }
      return v;
    }
    template <int N>
    KOKKOS_FORCEINLINE_FUNCTION VectorOf<Scalar, N> store_vector(int i, const VectorOf<Scalar, N>& v) const {
      VectorOf<Scalar, N> kept;
      if constexpr (Packed && N % 2 == 0) {
        // Two values a conversion (bfloat16_round_pair), stored as they pack.
        VectorOf<std::uint32_t, N / 2> q;
        for (int k = 0; k < N / 2; ++k) {
          q.v[k] = bfloat16_round_pair(v.v[2 * k], v.v[2 * k + 1]);
          kept.v[2 * k] = bfloat16_to_float(std::uint16_t(q.v[k]));
          kept.v[2 * k + 1] = bfloat16_to_float(std::uint16_t(q.v[k] >> 16));
        }
        *reinterpret_cast<VectorOf<std::uint32_t, N / 2>*>(base + i) = q;
      } else {
        VectorOf<Stored, N> q;
        for (int k = 0; k < N; ++k) {
          if constexpr (Packed) q.v[k] = bfloat16_round(v.v[k]), kept.v[k] = bfloat16_to_float(q.v[k]);
          else q.v[k] = v.v[k], kept.v[k] = v.v[k];
        }
        *reinterpret_cast<VectorOf<Stored, N>*>(base + i) = q;
      }
      return kept;
    }
  };
  template <bool Packed>
  KOKKOS_FORCEINLINE_FUNCTION MemoryVariable<Packed> psi(int axis) const {
    return MemoryVariable<Packed>(psi_[axis].data());
  }
  template <bool Packed>
  KOKKOS_FORCEINLINE_FUNCTION MemoryVariable<Packed> xi(int axis) const {
    return MemoryVariable<Packed>(xi_[axis].data());
  }

  // Pass A of psi_y over the z-slabs: one thread per (x, y) column walks
  // `chunk` planes; b and a are the column's. The next plane's loads are issued
  // before this plane's store, which the compiler may not move them past.
  // The boxes of a launch (up to 4, the same extents) follow one another
  // along the launch's third index, `chunks` chunks each.
  template <class Physics, int Axis, bool Packed>
  struct MemoryColumns {
    using Update = typename Physics::cpml_update;
    static constexpr int max_boxes = 4;
    Cpml pml;
    AxisWeights<Update> wt;
    StepData<Physics> d;
    Box boxes[max_boxes];
    int chunk = 1, chunks = 1;
    KOKKOS_INLINE_FUNCTION void operator()(int i, int j, int k) const {
      const CpmlAuxLayout& l = pml.layout_;
      const Box& box = boxes[k / chunks];
      const int c = k % chunks;
      const int x = box.x0 + i, y = box.y0 + j;
      const int z0 = box.z0 + c * chunk, z1 = z0 + chunk < box.z1 ? z0 + chunk : box.z1;
      const index_t sz = d.grid.stride_z(), s = Axis == 0 ? 1 : d.grid.stride_y();
      const int g = l.template global<Axis>(Axis == 0 ? x : y);
      const Scalar b = pml.b_[Axis](g), a = pml.a_[Axis](g);
      const Scalar* p = d.cur[Update::field] + d.grid.index(x, y, z0);
      const int first = int(l.template index<Axis>(x, y, z0));
      const int step = int(l.template index<Axis>(x, y, z0 + 1) - first);
      const MemoryVariable<Packed> psi = pml.template psi<Packed>(Axis);
      int at = first;
      Scalar m2 = p[-2 * s], m1 = p[-s], p1 = p[s], p2 = p[2 * s], old = psi.load(at);
      for (int z = z0; z < z1; ++z) {
        Scalar n_m2 = 0, n_m1 = 0, n_p1 = 0, n_p2 = 0, n_old = 0;
        if (z + 1 < z1)
          n_m2 = p[sz - 2 * s], n_m1 = p[sz - s], n_p1 = p[sz + s], n_p2 = p[sz + 2 * s], n_old = psi.load(at + step);
        psi.store(at, psi_step(wt.d1[Axis], b, old, a, m2, m1, p1, p2));
        p += sz, at += step;
        m2 = n_m2, m1 = n_m1, p1 = n_p1, p2 = n_p2, old = n_old;
      }
    }
  };

  // psi_x over its box of one side (pass A's: all of y and z, and the 2
  // layers beyond a face with a neighbour) and the x-slab's update, in one
  // launch. A team is a tile of `rows` whole x-rows of that box and a chunk
  // of z-planes; on a GPU a thread per column (Columns = 1), on the host one
  // thread walks the tile's columns in turn (Columns = the most a tile has).
  // Each plane every column advances psi_x (pass A's arithmetic) and
  // writes it, to memory for the z- and y-slabs and to team scratch; after
  // the team's barrier the columns of the x-slab update p and xi_x with the
  // new psi_x at x +-1, +-2 from scratch, or from memory beyond the box
  // (layers no kernel writes this step). psi_x is read and written once: a
  // separate pass A read p, psi_x and wrote psi_x, then pass B read psi_x
  // again (12 of the 40 B per x-slab point). An x-slab column walks z
  // keeping p at z-R..z+R in registers, like UpdateColumns; a column or
  // plane outside the x-slab only advances psi_x. Scratch holds two planes
  // so that one barrier a plane suffices: a plane's values are overwritten
  // two planes later, after every column has passed the barrier between.
  // Warp (see x_rows_in_warps): the tile's rows lie in whole warps, and a
  // column's new psi_x reaches its x-neighbours by warp_shift instead: no
  // scratch, no barrier (the same values).
  template <class Physics, bool Packed, bool Warp = false, int Columns = x_team_columns>
  struct XColumns {
    using Update = typename Physics::cpml_update;
    static constexpr int R = Update::radius;
    static constexpr int XR = R > 2 ? R : 2;  // p along x: D2's reach and D1's (at most 2)
    using Team = typename Kokkos::TeamPolicy<Exec>::member_type;
    using Scratch =
        Kokkos::View<Scalar*, typename Exec::scratch_memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
    Cpml pml;
    AxisWeights<Update> wt;
    StepData<Physics> d;
    XPart part[2];  // a side, or both (the league's halves: see launch_x)

    // One column's walk: where it is, its streamed values (p at z+R, psi_x
    // and, where it updates, p-, V and xi_x: loaded a plane ahead) and the
    // values of the plane at hand.
    struct Column {
      const Scalar* p = nullptr;
      Scalar* next = nullptr;
      const Scalar* V = nullptr;
      int cell = -1;  // place in the tile, -1: none (host slots beyond the tile)
      int i = 0;      // x - memory.x0
      int at = 0;     // index of psi_x and xi_x
      bool owned = false;    // false: a shadow (loads, stores nothing)
      bool updates = false;  // owned and in the x-slab
      Scalar b = 0, a = 0;
      Scalar col[2 * R + 1] = {};  // p at z-R..z+R
      Scalar xp[XR] = {}, xm[XR] = {}, ap[R] = {}, am[R] = {};  // p along x and y
      Scalar top = 0, psi = 0, prev = 0, v = 0, xi = 0;  // the next plane's
      Scalar now_prev = 0, now_v = 0, now_xi = 0;        // this plane's
      Scalar kept = 0;  // this plane's new psi_x as stored (Warp)
    };

    KOKKOS_INLINE_FUNCTION void operator()(const Team& team) const {
      // Each side its own copy of the walk: its boxes stay kernel arguments.
      const int rank = team.league_rank();
      if (rank < part[0].tiling.tiles) walk(team, part[0], rank);
      else walk(team, part[1], rank - part[0].tiling.tiles);
    }
    KOKKOS_FORCEINLINE_FUNCTION void walk(const Team& team, const XPart& side, int rank) const {
      const CpmlAuxLayout& l = pml.layout_;
      const CpmlXTiling& t = side.tiling;
      const Box &memory = t.memory, &slab = side.slab;
      const int tx = t.tx, tile = t.places();
      const int z0 = t.z0(rank), z1 = t.z1(rank);
      const int sy = int(d.grid.stride_y()), sz = int(d.grid.stride_z());
      const int step = int(l.template index<0>(memory.x0, memory.y0, z0 + 1) - l.template index<0>(memory.x0, memory.y0, z0));
      const MemoryVariable<Packed> psi = pml.template psi<Packed>(0), xi = pml.template xi<Packed>(0);
      const Scratch shared(team.team_scratch(0), Warp ? 0 : 2 * tile);
      const auto updates_at = [&](int z) { return z >= slab.z0 && z < slab.z1; };

      // Every place of the tile walks a column, a shadow one (the box's last
      // row: loads only) where the tile reaches beyond the box, so that all
      // threads run the one plane loop below and its one barrier (see
      // cpml_x_tiling.hpp: a thread that met the barriers in a loop of its
      // own hung the GPU). Host slots beyond the tile (Columns > 1) walk
      // nothing.
      Column s[Columns];
      for (int k = 0; k < Columns; ++k) {
        Column& o = s[k];
        const int q = team.team_rank() + k * team.team_size();
        if (Columns > 1 && q >= tile) continue;
        const CpmlXTiling::Place c = t.place(rank, q);
        o.cell = q;
        o.i = q % tx;
        o.owned = c.owned;
        o.updates = c.owned && c.x >= slab.x0 && c.x < slab.x1 && c.y >= slab.y0 && c.y < slab.y1;
        const index_t start = d.grid.index(c.x, c.y, z0);
        o.p = d.cur[Update::field] + start;
        o.next = d.next[Update::field] + start;
        o.V = d.model[Update::model] + start;
        o.at = int(l.template index<0>(c.x, c.y, z0));
        const int g = l.template global<0>(c.x);
        o.b = pml.b_[0](g), o.a = pml.a_[0](g);
        for (int m = 0; m < 2 * R; ++m) o.col[m] = o.p[(m - R) * sz];
        o.top = o.p[R * sz], o.psi = psi.load(o.at);
        if (o.updates && updates_at(z0)) o.prev = *o.next, o.v = *o.V, o.xi = xi.load(o.at);
      }
      // What the columns stream m planes beyond the plane at hand, asked of
      // L2 (as UpdateColumns::prefetch): p at z+R+m, psi_x, and p-, V and
      // xi_x where that plane is updated.
      const auto prefetch = [&](int z, int m) {
        for (int k = 0; k < Columns; ++k) {
          const Column& o = s[k];
          if (Columns > 1 && o.cell < 0) continue;
          prefetch_l2(o.p + (R + m) * sz);
          prefetch_l2(psi.address(o.at + m * step));
          if (o.updates && updates_at(z + m))
            prefetch_l2(o.next + m * sz), prefetch_l2(o.V + m * sz), prefetch_l2(xi.address(o.at + m * step));
        }
      };
      constexpr int planes_ahead = prefetch_planes;
      for (int m = 1; m < planes_ahead && z0 + m < z1; ++m) prefetch(z0, m);

      for (int z = z0; z < z1; ++z) {
        const int buf = ((z - z0) & 1) * tile;
        const bool here = updates_at(z);
        // The next plane's; the last plane loads its own again (unused),
        // which costs less than a test around the loads.
        const int ahead = z + 1 < z1 ? 1 : 0;
        const bool update_ahead = updates_at(z + ahead);
        prefetch(z, z + planes_ahead < z1 ? planes_ahead : 0);
        for (int k = 0; k < Columns; ++k) {
          Column& o = s[k];
          if (Columns > 1 && o.cell < 0) continue;
          const Scalar psi_old = o.psi;
          o.col[2 * R] = o.top;
          o.now_prev = o.prev, o.now_v = o.v, o.now_xi = o.xi;
          o.top = o.p[(R + ahead) * sz], o.psi = psi.load(o.at + ahead * step);
          // Loaded whether or not the next plane is updated, from p here
          // where it is not (unused, cached): a conditional load's value
          // reaches its variable through a move that waits for it (H200,
          // iso-large-gpu, ncu: both sides in one launch 0.827 ms, tree
          // 9e52dd6; 0.884 with the loads under the test).
          const bool streams = o.updates && update_ahead;
          o.prev = *(streams ? o.next + ahead * sz : o.p), o.v = *(streams ? o.V + ahead * sz : o.p);
          // (Packed: xi_x of the column's own place, which has another type than p.)
          if constexpr (Packed) o.xi = xi.load(o.at + (streams ? ahead * step : 0));
          else o.xi = *(streams ? xi.base + o.at + ahead * step : o.p);
          for (int m = 1; m <= XR; ++m) o.xp[m - 1] = o.p[m], o.xm[m - 1] = o.p[-m];
          // The update's loads before the barrier, which they then overlap.
          if (o.updates && here)
            for (int m = 1; m <= R; ++m) o.ap[m - 1] = o.p[m * sy], o.am[m - 1] = o.p[-m * sy];
          const Scalar fresh = psi_step(wt.d1[0], o.b, psi_old, o.a, o.xm[1], o.xm[0], o.xp[0], o.xp[1]);
          if constexpr (Warp) {
            // A shadow's value (not stored) reaches only its own row's lanes.
            o.kept = o.owned ? psi.store(o.at, fresh) : fresh;
          } else if (o.owned) {
            shared(buf + o.cell) = psi.store(o.at, fresh);
          }
        }
        if constexpr (!Warp) team.team_barrier();
        for (int k = 0; k < Columns; ++k) {
          Column& o = s[k];
          if (Columns > 1 && o.cell < 0) continue;
          // The row's new psi_x at x -2, -1, +1, +2 (every lane, converged).
          Scalar near[4] = {0, 0, 0, 0};
          if constexpr (Warp)
            near[0] = warp_shift<-2>(o.kept, tx), near[1] = warp_shift<-1>(o.kept, tx),
            near[2] = warp_shift<1>(o.kept, tx), near[3] = warp_shift<2>(o.kept, tx);
          if (o.updates && here) {
            Scalar sx[4];
            const int off[4] = {-2, -1, 1, 2};
            for (int n = 0; n < 4; ++n) {
              const bool in_row = o.i + off[n] >= 0 && o.i + off[n] < tx;
              if constexpr (Warp) sx[n] = in_row ? near[n] : psi.load(o.at + off[n]);
              else sx[n] = in_row ? shared(buf + o.cell + off[n]) : psi.load(o.at + off[n]);
            }
            // The axes join lap and extra in the order x, y, z, as in
            // UpdateColumns and the point-by-point update.
            Scalar lap = 0, extra = 0, x_xi = o.now_xi;
            const Scalar dxx = second_derivative<R>(wt.d2[0], o.col[R], [&](int m) { return o.xp[m - 1]; },
                                                    [&](int m) { return o.xm[m - 1]; });
            lap += dxx;
            damp(wt.d1[0], o.b, o.a, dxx, sx[0], sx[1], sx[2], sx[3], x_xi, extra);
            lap += second_derivative<R>(wt.d2[1], o.col[R], [&](int m) { return o.ap[m - 1]; },
                                        [&](int m) { return o.am[m - 1]; });
            lap += second_derivative<R>(wt.d2[2], o.col[R], [&](int m) { return o.col[R + m]; },
                                        [&](int m) { return o.col[R - m]; });
            *o.next = Scalar(2) * o.col[R] - o.now_prev + o.now_v * (lap + extra);
            xi.store(o.at, x_xi);
          }
          for (int m = 0; m < 2 * R; ++m) o.col[m] = o.col[m + 1];
          o.p += sz, o.next += sz, o.V += sz, o.at += step;
        }
      }
    }
  };

  // Pass B of the z- and y-slabs: one thread per column along the walk axis
  // W (z in the z-slabs, y in the y-slabs) walks `chunk` planes of a slab,
  // keeping p at w-K..w+K in registers, so each plane is read once per chunk rather than
  // 2R+1 times; x neighbours and those along the across axis (y when W is
  // z, z when W is y) come from the rows the block shares. Whether x and the
  // across axis are damped is fixed per column (Across: whether the across
  // axis can be, i.e. the z-slabs; a y-slab is never z-damped, physics.md
  // §3.5). W is damped: the thread also advances psi_W of its column, two
  // planes ahead (over [mw0, mw1): the layers pass A would do, ghost layers included),
  // and keeps the new psi_W at w-2..w+2 in registers: psi_W needs no pass A
  // of its own there, nor its re-read (32 B per y-slab point against 40 for
  // pass A + pass B). The next plane's streamed values (p at w+K+1, p-, V,
  // psi_W and xi_W, psi_x and xi_x where x is damped) are loaded before
  // this plane's stores, so their latency overlaps the arithmetic. Each
  // axis joins lap and extra in the order x, y, z whatever W is: the values
  // are those of the point-by-point update.
  //
  // Vec > 1 (2 where aligned, see with_update_lanes): a thread walks Vec
  // neighbouring columns along x together (walk_lanes), with vector loads
  // and stores of p, p-, V, p+ and the memory variables of W and the across
  // axis: the column's addresses, indices and per-plane bookkeeping are
  // shared by Vec points, and x neighbours come from vectors the lanes
  // share. The launch (launch_slabs, launch_updates) takes it only where
  // those vectors are aligned (the slab's x0 and the layout's x extent
  // multiples of Vec); a group whose columns reach beyond the slab or
  // differ along x (damped or not, side) walks them one by one (walk).
  // Each lane's arithmetic is walk's.
  template <class Physics, int W, bool AcrossDamped, bool Packed, int Vec = 1>
  struct UpdateColumns {
    using Update = typename Physics::cpml_update;
    using Lanes = VectorOf<Scalar, Vec>;
    static constexpr int Across = W == 2 ? 1 : 2;
    // D2's reach, and the column's: p at w..w+4 gives psi_W at w+2.
    static constexpr int R = Update::radius, K = R > 2 * cpml_psi_ghosts ? R : 2 * cpml_psi_ghosts;
    Cpml pml;
    AxisWeights<Update> wt;
    StepData<Physics> d;
    // The slab (or the slabs of a pair, the third index of the launch: see
    // launch_updates) and where its psi_W advances, [mw0, mw1).
    UpdatePart part[2];

    KOKKOS_FORCEINLINE_FUNCTION MemoryVariable<Packed> psi(int axis) const { return pml.template psi<Packed>(axis); }
    KOKKOS_FORCEINLINE_FUNCTION MemoryVariable<Packed> xi(int axis) const { return pml.template xi<Packed>(axis); }

    // psi_W of plane ww (index at, value old) advanced from p at ww-2, ww-1,
    // ww+1, ww+2 where pass A would advance it; elsewhere it stays (zero,
    // never written).
    KOKKOS_FORCEINLINE_FUNCTION Scalar psi_w(const UpdatePart& s, int ww, int at, Scalar old, Scalar m2, Scalar m1,
                                             Scalar p1, Scalar p2) const {
      if (ww < s.mw0 || ww >= s.mw1) return old;
      const int g = pml.layout_.template global<W>(ww);
      const Scalar v = psi_step(wt.d1[W], pml.b_[W](g), old, pml.a_[W](g), m2, m1, p1, p2);
      return psi(W).store(at, v);
    }

    // The memory variables of axis A (not W) along a column from (x, y, z):
    // index `at` in psi_[A] and xi_[A] moves by a fixed step per plane; b and
    // a are the column's. A 32-bit index off the views' bases (kernel
    // arguments, uniform) takes one register where two 64-bit pointers took
    // four (the constructor checks that the indices fit).
    struct Memory {
      int at = 0, step = 0;
      Scalar b = 0, a = 0;
    };
    template <int A>
    KOKKOS_FORCEINLINE_FUNCTION Memory memory(int x, int y, int z) const {
      const CpmlAuxLayout& l = pml.layout_;
      const int g = l.template global<A>(A == 0 ? x : A == 1 ? y : z);
      const index_t first = l.template index<A>(x, y, z);
      const index_t step = l.template index<A>(x, y + (W == 1), z + (W == 2)) - first;
      return {int(first), int(step), pml.b_[A](g), pml.a_[A](g)};
    }

    // A column's walk (walk, walk_lanes) from (x, y, z) at plane w0 of its
    // slab: its planes [w0, w1); the distances between p's neighbours along
    // W and the across axis, and between psi's along the across axis and
    // along W, in 32 bits (K + 1 planes fit, the constructor checks: fewer
    // registers and no 64-bit add chains); pointers to p, p+ (p- until
    // written) and V at the plane at hand (next_plane moves them on); the
    // memory variables of x (DX) and the across axis (DA), and the index of
    // psi_W and xi_W there.
    struct ColumnWalk {
      int w0 = 0, w1 = 0, sw = 0, sa = 0, na = 0, nw = 0, iw = 0;
      const Scalar* p = nullptr;
      Scalar* next = nullptr;
      const Scalar* V = nullptr;
      Memory mx, ma;
      KOKKOS_FORCEINLINE_FUNCTION void next_plane() { p += sw, next += sw, V += sw; }
    };
    template <bool DX, bool DA>
    KOKKOS_FORCEINLINE_FUNCTION ColumnWalk column_walk(const UpdatePart& s, int x, int across) const {
      const CpmlAuxLayout& l = pml.layout_;
      ColumnWalk c;
      c.w0 = W == 2 ? s.slab.z0 : s.slab.y0, c.w1 = W == 2 ? s.slab.z1 : s.slab.y1;
      const int y = W == 1 ? c.w0 : across, z = W == 2 ? c.w0 : across;
      const int sy = int(d.grid.stride_y()), sz = int(d.grid.stride_z());
      c.sw = W == 2 ? sz : sy, c.sa = W == 2 ? sy : sz;
      c.na = int(l.template stride<Across>()), c.nw = int(l.template stride<W>());
      const index_t start = d.grid.index(x, y, z);
      c.p = d.cur[Update::field] + start;
      c.next = d.next[Update::field] + start;
      c.V = d.model[Update::model] + start;
      if constexpr (DX) c.mx = memory<0>(x, y, z);
      if constexpr (DA) c.ma = memory<Across>(x, y, z);
      c.iw = int(l.template index<W>(x, y, z));
      return c;
    }
    // Asks L2 for what the walk streams m planes beyond the plane at hand (p
    // at w+K+m, p-, V, psi_W at w+2+m, xi_W, and the memory variables of x
    // and the across axis where damped): with 2 columns a thread at 2 blocks
    // an SM, the loads a plane ahead alone keep too few bytes in flight to
    // cover DRAM's latency (H200 ncu: 24 % warps active, 63 % of DRAM peak).
    // H200, tree 6282245, A B A B, CPML ms/step, off, 2 planes against the
    // plane at hand: iso-large-gpu 2.198/2.200/2.203 against 2.466/2.477,
    // tti-large-gpu 1.386/1.394 against 1.602/1.610 (session 10's tree
    // 58a4694: 2.363, 1.486); ncu (iso): the z-/y-slab kernel 1.334 against
    // 1.590 ms at 72 against 60 % of DRAM peak, XColumns 0.821 against 0.832.
    template <bool DX, bool DA>
    KOKKOS_FORCEINLINE_FUNCTION void prefetch(const ColumnWalk& c, int m) const {
      prefetch_l2(c.p + (K + m) * c.sw);
      prefetch_l2(c.next + m * c.sw);
      prefetch_l2(c.V + m * c.sw);
      prefetch_l2(psi(W).address(c.iw + (2 + m) * c.nw));
      prefetch_l2(xi(W).address(c.iw + m * c.nw));
      if constexpr (DX) {
        prefetch_l2(psi(0).address(c.mx.at + m * c.mx.step));
        prefetch_l2(xi(0).address(c.mx.at + m * c.mx.step));
      }
      if constexpr (DA) {
        prefetch_l2(psi(Across).address(c.ma.at + m * c.ma.step));
        prefetch_l2(xi(Across).address(c.ma.at + m * c.ma.step));
      }
    }
    // The planes up to prefetch_planes beyond plane w0 before the walk, then
    // each trip the one prefetch_planes on; near the slab's end the
    // plane at hand again (a select, not a branch, which would cut the trip's
    // code in two for the scheduler: H200, tree b4c8675, the walks with the
    // prefetch under a test, off, 13 % slower than session 10's).
    template <bool DX, bool DA>
    KOKKOS_FORCEINLINE_FUNCTION void prefetch_start(const ColumnWalk& c) const {
      for (int m = 1; m < prefetch_planes && c.w0 + m < c.w1; ++m) prefetch<DX, DA>(c, m);
    }
    template <bool DX, bool DA>
    KOKKOS_FORCEINLINE_FUNCTION void prefetch_trip(const ColumnWalk& c, int w) const {
      prefetch<DX, DA>(c, w + prefetch_planes < c.w1 ? prefetch_planes : 0);
    }

    // Whether x and the across axis are damped is fixed per column: each
    // combination walks its own copy of the loop, with no per-plane tests
    // and no memory-variable pointers it does not need (most columns are
    // damped along W only).
    KOKKOS_INLINE_FUNCTION void operator()(int i, int j, int c) const {
      // Each part its own copy of the walks: their bounds stay kernel
      // arguments (uniform) rather than registers picked by c.
      if (c == 0) group(part[0], i, j);
      else group(part[1], i, j);
    }
    // Columns x0 + Vec i .. + Vec - 1 at across index j.
    KOKKOS_FORCEINLINE_FUNCTION void group(const UpdatePart& s, int i, int j) const {
      const int across = (Across == 1 ? s.slab.y0 : s.slab.z0) + j;
      if constexpr (Vec == 1) {
        column(s, s.slab.x0 + i, across);
      } else {
        const CpmlAuxLayout& l = pml.layout_;
        const int x = s.slab.x0 + Vec * i;
        const bool dx = l.template damped<0>(x), low = l.template global<0>(x) < l.L;
        bool together = x + Vec <= s.slab.x1;
        for (int k = 1; k < Vec; ++k)
          together = together && l.template damped<0>(x + k) == dx && (l.template global<0>(x + k) < l.L) == low;
        if (!together) {
          for (int k = 0; k < Vec; ++k)
            if (x + k < s.slab.x1) column(s, x + k, across);
          return;
        }
        const bool da = AcrossDamped && l.template damped<Across>(across);
        if (dx) {
          if (da) walk_lanes<true, AcrossDamped>(s, x, across);
          else walk_lanes<true, false>(s, x, across);
        } else {
          if (da) walk_lanes<false, AcrossDamped>(s, x, across);
          else walk_lanes<false, false>(s, x, across);
        }
      }
    }
    KOKKOS_FORCEINLINE_FUNCTION void column(const UpdatePart& s, int x, int across) const {
      const CpmlAuxLayout& l = pml.layout_;
      const bool dx = l.template damped<0>(x), da = AcrossDamped && l.template damped<Across>(across);
      if (dx) {
        if (da) walk<true, AcrossDamped>(s, x, across);
        else walk<true, false>(s, x, across);
      } else {
        if (da) walk<false, AcrossDamped>(s, x, across);
        else walk<false, false>(s, x, across);
      }
    }
    // A damped axis at a point: its b and a, and its new psi at -2, -1, +1,
    // +2 along the axis.
    struct Damped {
      Scalar b, a, m2, m1, p1, p2;
    };
    // p+ of one point (walk's, and each lane's of walk_lanes), from p, p-
    // and V there and p along W, x and the across axis (p at +-m): D2 along
    // each axis joins lap in the order x, y, z; W, and x (DX) and the across
    // axis (DA) where damped, advance their xi and add D1 psi + xi.
    template <bool DX, bool DA, class AlongW, class AlongX, class AlongA>
    KOKKOS_FORCEINLINE_FUNCTION Scalar point_update(Scalar p0, Scalar p_prev, Scalar vel, const AlongW& along_w,
                                                    const AlongX& along_x, const AlongA& along_a, const Damped& dw,
                                                    Scalar& xi_w, const Damped& dx, Scalar& xi_x, const Damped& da,
                                                    Scalar& xi_a) const {
      Scalar lap = 0, extra = 0;
      static_for<0, 3>([&](auto axis) {
        constexpr int A = decltype(axis)::value;
        const auto along = [&](int m) {
          if constexpr (A == W) return along_w(m);
          else if constexpr (A == 0) return along_x(m);
          else return along_a(m);
        };
        const Scalar d2 = second_derivative<R>(wt.d2[A], p0, along, [&](int m) { return along(-m); });
        lap += d2;
        if constexpr (A == W) {
          damp(wt.d1[A], dw.b, dw.a, d2, dw.m2, dw.m1, dw.p1, dw.p2, xi_w, extra);
        } else if constexpr (A == 0) {
          if constexpr (DX) damp(wt.d1[A], dx.b, dx.a, d2, dx.m2, dx.m1, dx.p1, dx.p2, xi_x, extra);
        } else {
          if constexpr (DA) damp(wt.d1[A], da.b, da.a, d2, da.m2, da.m1, da.p1, da.p2, xi_a, extra);
        }
      });
      return Scalar(2) * p0 - p_prev + vel * (lap + extra);
    }

    // One column. (walk_lanes<1> computes the same, but ran 1.5-2 % slower
    // where every column walks alone: H200, tree ebd38ab, one column a thread,
    // iso-large-gpu CPML 2.230/2.237 against 2.185/2.204 ms/step.)
    template <bool DX, bool DA>
    KOKKOS_INLINE_FUNCTION void walk(const UpdatePart& s, int x, int across) const {
      const CpmlAuxLayout& l = pml.layout_;
      ColumnWalk c = column_walk<DX, DA>(s, x, across);

      Scalar col[2 * K + 1];  // p at w-K..w+K
      for (int m = 0; m < 2 * K; ++m) col[m] = c.p[(m - K) * c.sw];
      Scalar pw[5] = {0, 0, 0, 0, 0};  // new psi_W at w-2..w+2
      for (int m = 0; m < 4; ++m)
        pw[m] = psi_w(s, c.w0 - 2 + m, c.iw + (m - 2) * c.nw, psi(W).load(c.iw + (m - 2) * c.nw),
                      col[K - 4 + m], col[K - 3 + m], col[K - 1 + m], col[K + m]);
      // psi_W at w+2 and xi_W at w, loaded a plane ahead like p, p- and V:
      // the column's thread alone writes them, and their DRAM latency
      // otherwise stalls every plane.
      Scalar psi_w_ahead = psi(W).load(c.iw + 2 * c.nw), xi_w_ahead = xi(W).load(c.iw);

      // psi_x (x +-1, +-2) and xi_x of an x-damped column, also a plane ahead.
      Scalar sx_ahead[4] = {0, 0, 0, 0}, xi_x_ahead = 0;
      const auto load_x = [&](int at, Scalar(&s)[4], Scalar& xi) {
        const MemoryVariable<Packed> q = psi(0);
        s[0] = q.load(at - 2), s[1] = q.load(at - 1), s[2] = q.load(at + 1), s[3] = q.load(at + 2), xi = this->xi(0).load(at);
      };
      if constexpr (DX) load_x(c.mx.at, sx_ahead, xi_x_ahead);

      Scalar top = c.p[K * c.sw], prev = *c.next, v = *c.V;  // plane w0's streamed values
      prefetch_start<DX, DA>(c);
      for (int w = c.w0; w < c.w1; ++w) {
        prefetch_trip<DX, DA>(c, w);
        col[2 * K] = top;
        const Scalar p_prev = prev, vel = v;
        // The next plane's; the last plane loads its own again (unused),
        // which costs less than a test around the loads.
        const int ahead = w + 1 < c.w1 ? c.sw : 0;
        top = c.p[K * c.sw + ahead], prev = c.next[ahead], v = c.V[ahead];
        Scalar xp[R], xm[R], ap[R], am[R];
        for (int m = 1; m <= R; ++m)
          xp[m - 1] = c.p[m], xm[m - 1] = c.p[-m], ap[m - 1] = c.p[m * c.sa], am[m - 1] = c.p[-m * c.sa];
        Scalar sx[4] = {0, 0, 0, 0}, sa4[4] = {0, 0, 0, 0}, xi_x = 0, xi_a = 0, xi_w = 0;
        if constexpr (DX) {
          for (int m = 0; m < 4; ++m) sx[m] = sx_ahead[m];
          xi_x = xi_x_ahead;
          load_x(c.mx.at + (w + 1 < c.w1 ? c.mx.step : 0), sx_ahead, xi_x_ahead);
        }
        if constexpr (DA) {
          const MemoryVariable<Packed> q = psi(Across);
          sa4[0] = q.load(c.ma.at - 2 * c.na), sa4[1] = q.load(c.ma.at - c.na), sa4[2] = q.load(c.ma.at + c.na),
          sa4[3] = q.load(c.ma.at + 2 * c.na);
          xi_a = xi(Across).load(c.ma.at);
        }
        const Scalar psi_old = psi_w_ahead;
        xi_w = xi_w_ahead;
        const int ahead_w = w + 1 < c.w1 ? c.nw : 0;  // the last plane loads its own again (unused)
        psi_w_ahead = psi(W).load(c.iw + 2 * c.nw + ahead_w), xi_w_ahead = xi(W).load(c.iw + ahead_w);
        pw[4] = psi_w(s, w + 2, c.iw + 2 * c.nw, psi_old, col[K], col[K + 1], col[K + 3], col[K + 4]);

        const int g = l.template global<W>(w);
        *c.next = point_update<DX, DA>(
            col[K], p_prev, vel, [&](int m) { return col[K + m]; },
            [&](int m) { return m > 0 ? xp[m - 1] : xm[-m - 1]; }, [&](int m) { return m > 0 ? ap[m - 1] : am[-m - 1]; },
            {pml.b_[W](g), pml.a_[W](g), pw[0], pw[1], pw[3], pw[4]}, xi_w, {c.mx.b, c.mx.a, sx[0], sx[1], sx[2], sx[3]},
            xi_x, {c.ma.b, c.ma.a, sa4[0], sa4[1], sa4[2], sa4[3]}, xi_a);
        if constexpr (DX) xi(0).store(c.mx.at, xi_x), c.mx.at += c.mx.step;
        if constexpr (DA) xi(Across).store(c.ma.at, xi_a), c.ma.at += c.ma.step;
        xi(W).store(c.iw, xi_w), c.iw += c.nw;
        for (int m = 0; m < 4; ++m) pw[m] = pw[m + 1];
        for (int m = 0; m < 2 * K; ++m) col[m] = col[m + 1];
        c.next_plane();
      }
    }

    // psi_W of plane ww for the Vec lanes (psi_w's arithmetic per lane), one
    // vector store.
    KOKKOS_FORCEINLINE_FUNCTION Lanes psi_w_lanes(const UpdatePart& s, int ww, int at, const Lanes& old, const Lanes& m2,
                                                  const Lanes& m1, const Lanes& p1, const Lanes& p2) const {
      if (ww < s.mw0 || ww >= s.mw1) return old;
      const int g = pml.layout_.template global<W>(ww);
      const Scalar b = pml.b_[W](g), a = pml.a_[W](g);
      Lanes v;
      for (int k = 0; k < Vec; ++k) v.v[k] = psi_step(wt.d1[W], b, old.v[k], a, m2.v[k], m1.v[k], p1.v[k], p2.v[k]);
      return psi(W).template store_vector<Vec>(at, v);
    }
    KOKKOS_FORCEINLINE_FUNCTION static Lanes load(const Scalar* q) { return *reinterpret_cast<const Lanes*>(q); }
    KOKKOS_FORCEINLINE_FUNCTION static void store(Scalar* q, const Lanes& v) { *reinterpret_cast<Lanes*>(q) = v; }

    // walk for the Vec columns x .. x + Vec - 1 (aligned, in the slab, alike
    // along x): the same values, loaded Vec at a time. psi_x and xi_x (DX:
    // the few x-damped columns, in a layout whose alignment is not Vec's)
    // are read and written a value at a time, the x +-1, +-2 neighbours
    // shared by the lanes.
    template <bool DX, bool DA>
    KOKKOS_INLINE_FUNCTION void walk_lanes(const UpdatePart& s, int x, int across) const {
      const CpmlAuxLayout& l = pml.layout_;
      ColumnWalk c = column_walk<DX, DA>(s, x, across);

      // x-damped lanes: psi_x and xi_x at consecutive indices from mx.at,
      // each lane its own b and a.
      Scalar bx[Vec] = {}, ax[Vec] = {};
      if constexpr (DX)
        for (int k = 0; k < Vec; ++k) {
          const int g = l.template global<0>(x + k);
          bx[k] = pml.b_[0](g), ax[k] = pml.a_[0](g);
        }

      Lanes col[2 * K + 1];  // p at w-K..w+K
      for (int m = 0; m < 2 * K; ++m) col[m] = load(c.p + (m - K) * c.sw);
      Lanes pw[5] = {};  // new psi_W at w-2..w+2
      for (int m = 0; m < 4; ++m)
        pw[m] = psi_w_lanes(s, c.w0 - 2 + m, c.iw + (m - 2) * c.nw, psi(W).template load_vector<Vec>(c.iw + (m - 2) * c.nw),
                            col[K - 4 + m], col[K - 3 + m], col[K - 1 + m], col[K + m]);
      Lanes psi_w_ahead = psi(W).template load_vector<Vec>(c.iw + 2 * c.nw);
      Lanes xi_w_ahead = xi(W).template load_vector<Vec>(c.iw);

      // psi_x at x-2 .. x+Vec+1 and xi_x of the lanes, a plane ahead.
      Scalar sx_ahead[Vec + 4] = {}, xi_x_ahead[Vec] = {};
      const auto load_x = [&](int at, Scalar(&sx)[Vec + 4], Scalar(&xi)[Vec]) {
        for (int k = 0; k < Vec + 4; ++k) sx[k] = psi(0).load(at + k - 2);
        for (int k = 0; k < Vec; ++k) xi[k] = this->xi(0).load(at + k);
      };
      if constexpr (DX) load_x(c.mx.at, sx_ahead, xi_x_ahead);

      // p along x: the vectors from x - XN Vec to x + (XN + 1) Vec - 1, the
      // middle one col[K].
      constexpr int XN = (R + Vec - 1) / Vec;
      Lanes top = load(c.p + K * c.sw), prev = load(c.next), v = load(c.V);
      prefetch_start<DX, DA>(c);
      for (int w = c.w0; w < c.w1; ++w) {
        prefetch_trip<DX, DA>(c, w);
        col[2 * K] = top;
        const Lanes p_prev = prev, vel = v;
        const int ahead = w + 1 < c.w1 ? c.sw : 0;
        top = load(c.p + K * c.sw + ahead), prev = load(c.next + ahead), v = load(c.V + ahead);
        Lanes xs[2 * XN + 1], ap[R], am[R];
        for (int n = 0; n < 2 * XN + 1; ++n) xs[n] = n == XN ? col[K] : load(c.p + (n - XN) * Vec);
        for (int m = 1; m <= R; ++m) ap[m - 1] = load(c.p + m * c.sa), am[m - 1] = load(c.p - m * c.sa);
        const auto px = [&](int k, int m) {  // p at x + k + m
          const int o = XN * Vec + k + m;
          return xs[o / Vec].v[o % Vec];
        };
        Scalar sx[Vec + 4] = {}, xi_x[Vec] = {};
        if constexpr (DX) {
          for (int k = 0; k < Vec + 4; ++k) sx[k] = sx_ahead[k];
          for (int k = 0; k < Vec; ++k) xi_x[k] = xi_x_ahead[k];
          load_x(c.mx.at + (w + 1 < c.w1 ? c.mx.step : 0), sx_ahead, xi_x_ahead);
        }
        Lanes sa4[4] = {}, xi_a = {};
        if constexpr (DA) {
          const MemoryVariable<Packed> q = psi(Across);
          sa4[0] = q.template load_vector<Vec>(c.ma.at - 2 * c.na), sa4[1] = q.template load_vector<Vec>(c.ma.at - c.na);
          sa4[2] = q.template load_vector<Vec>(c.ma.at + c.na), sa4[3] = q.template load_vector<Vec>(c.ma.at + 2 * c.na);
          xi_a = xi(Across).template load_vector<Vec>(c.ma.at);
        }
        const Lanes psi_old = psi_w_ahead;
        Lanes xi_w = xi_w_ahead;
        const int ahead_w = w + 1 < c.w1 ? c.nw : 0;
        psi_w_ahead = psi(W).template load_vector<Vec>(c.iw + 2 * c.nw + ahead_w);
        xi_w_ahead = xi(W).template load_vector<Vec>(c.iw + ahead_w);
        pw[4] = psi_w_lanes(s, w + 2, c.iw + 2 * c.nw, psi_old, col[K], col[K + 1], col[K + 3], col[K + 4]);

        const int gw = l.template global<W>(w);
        const Scalar bw = pml.b_[W](gw), aw = pml.a_[W](gw);
        Lanes out;
        for (int k = 0; k < Vec; ++k) {
          out.v[k] = point_update<DX, DA>(
              col[K].v[k], p_prev.v[k], vel.v[k], [&](int m) { return col[K + m].v[k]; },
              [&](int m) { return px(k, m); }, [&](int m) { return m > 0 ? ap[m - 1].v[k] : am[-m - 1].v[k]; },
              {bw, aw, pw[0].v[k], pw[1].v[k], pw[3].v[k], pw[4].v[k]}, xi_w.v[k],
              {bx[k], ax[k], sx[k], sx[k + 1], sx[k + 3], sx[k + 4]}, xi_x[k],
              {c.ma.b, c.ma.a, sa4[0].v[k], sa4[1].v[k], sa4[2].v[k], sa4[3].v[k]}, xi_a.v[k]);
        }
        store(c.next, out);
        if constexpr (DX) {
          for (int k = 0; k < Vec; ++k) xi(0).store(c.mx.at + k, xi_x[k]);
          c.mx.at += c.mx.step;
        }
        if constexpr (DA) xi(Across).template store_vector<Vec>(c.ma.at, xi_a), c.ma.at += c.ma.step;
        xi(W).template store_vector<Vec>(c.iw, xi_w), c.iw += c.nw;
        for (int m = 0; m < 4; ++m) pw[m] = pw[m + 1];
        for (int m = 0; m < 2 * K; ++m) col[m] = col[m + 1];
        c.next_plane();
      }
    }
  };

  // The z- and y-slabs' pass B in one launch (launch_slabs): the third
  // index 0, 1 takes a z-slab, 2, 3 a y-slab; columns beyond a part's
  // across extent return at once. The parts are independent: each writes
  // only its own slabs' points and memory variables (psi_y: the y-slabs'
  // own layers; the z-slabs read pass A's).
  template <class Physics, bool Packed, int Vec = 1>
  struct UpdateSlabs {
    UpdateColumns<Physics, 2, true, Packed, Vec> z;
    UpdateColumns<Physics, 1, false, Packed, Vec> y;
    int z_across = 0, y_across = 0;
    KOKKOS_INLINE_FUNCTION void operator()(int i, int j, int c) const {
      if (c < 2) {
        if (j < z_across) z(i, j, c);
      } else if (j < y_across) {
        y(i, j, c - 2);
      }
    }
  };

 private:
  Grid grid_;
  bool packed_ = std::is_same_v<Scalar, float>;  // memory variables in bfloat16 (see MemoryVariable)
  Regions regions_;
  coef_view a_[3], b_[3];
  memory_view psi_[3], xi_[3];
  CpmlAuxLayout layout_;
  std::array<std::array<Box, 2>, 3> memory_boxes_{};  // pass A per axis and side
  int update_vec_ = 2;  // update_vector_width
  bool x_warps_ = true;  // exchange_x_in_warps
};

}  // namespace seis
