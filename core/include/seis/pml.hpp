#pragma once
// Convolutional PML for the second-order acoustic equation (physics.md §3.1,
// Pasalic & McGarry 2010), kappa = 1, on the six slabs of the seven-region
// decomposition. Each damped axis a keeps two memory variables,
//   psi_a = b psi_a + a D1_a p
//   xi_a  = b xi_a  + a (D2_a p + D1_a psi_a)
//   p+    = 2p - p- + V [ L p + sum_a (D1_a psi_a + xi_a) ]
// stored only over that axis' two slabs (plus two zero ghost layers on each
// side for D1 psi). Pass A advances psi over the slabs; pass B, which reads
// psi at the +-1, +-2 neighbours along a, runs after it. (A single pass that
// recomputes the neighbours' new psi from a double-buffered old one was
// measured slower: 8.2 against 6.8 ms per step for the 189 M slab points of
// iso-large-gpu on an H100.)
//
// In a sub-domain (distributed runs) the slabs are the global ones cut to the
// local box and the profiles are in global coordinates. Along a face with a
// neighbour, pass A also advances psi_a on the 2 layers beyond the face, which
// pass B reads: their inputs (p up to 4 points beyond, in the received halo)
// are the neighbour's, so the values are bitwise the neighbour's, with no
// extra message.
//
// The kernel updates the physics' pressure field with its velocity model
// (V = v^2 dt^2): the physics contract (iso.hpp, tti.hpp) says why that is
// the whole update inside the layer.

#include "seis/box_policy.hpp"
#include "seis/compat/kokkos_compat.hpp"
#include "seis/distributed/subdomain.hpp"
#include "seis/field.hpp"
#include "seis/grid.hpp"
#include "seis/regions.hpp"
#include "seis/stencil_coefficients.hpp"
#include "seis/wave_state.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

namespace seis {

struct CpmlParameters {
  int thickness = 0;        // points per slab
  double reflection = 1e-3; // target normal-incidence reflection R
  int order = 2;            // profile exponent N
  double vmax = 0;          // for d0
  double f0 = 0;            // alpha_max = pi f0
  double dt = 0;
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

// Bytes of the memory variables (2 per axis, over the axis' two slabs).
inline std::size_t cpml_bytes(const Grid& g, int L, int scalar_bytes) {
  if (L <= 0) return 0;
  const std::size_t e = std::size_t(L + 4);
  const std::size_t per_axis_x = 2 * e * g.ny() * g.nz();
  const std::size_t per_axis_y = 2 * e * g.nx() * g.nz();
  const std::size_t per_axis_z = 2 * e * g.nx() * g.ny();
  return 2 * (per_axis_x + per_axis_y + per_axis_z) * std::size_t(scalar_bytes) +
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
        first[a][side] = lo - 2;
        depth[a][side] = hi > lo ? hi - lo + 4 : 0;
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
  static constexpr int R = Grid::radius;

  Cpml() = default;
  Cpml(const Grid& grid, const CpmlParameters& p) : Cpml(grid, p, Subdomain::whole(grid.nx(), grid.ny(), grid.nz())) {}
  // The part of the global CPML inside sub-domain `sub` (grid: its local grid).
  // Without `own_memory_variables` psi and xi stay unallocated until
  // bind_memory_variables.
  Cpml(const Grid& grid, const CpmlParameters& p, const Subdomain& sub, bool own_memory_variables = true)
      : grid_(grid) {
    const Grid global(sub.global_n[0], sub.global_n[1], sub.global_n[2], grid.hx(), grid.hy(), grid.hz(),
                      grid.scalar_bytes());
    regions_ = local_regions(sub, seven_regions(global, p.thickness));
    if (p.thickness <= 0) return;
    const double h[3] = {grid.hx(), grid.hy(), grid.hz()};
    layout_ = CpmlAuxLayout(sub, p.thickness);
    ghosts_ = ghost_layers(sub, layout_);
    const auto w2 = second_derivative_weights<R>();
    for (int axis = 0; axis < 3; ++axis) {
      for (int m = 0; m <= R; ++m) d2w_[axis][m] = Scalar(w2[m] / (h[axis] * h[axis]));
      d1w_[axis][0] = Scalar(first_derivative_d1 / h[axis]);
      d1w_[axis][1] = Scalar(first_derivative_d2 / h[axis]);
      std::vector<double> a, b;
      cpml_profile(sub.global_n[axis], h[axis], p, a, b);
      a_[axis] = to_device("cpml_a", a);
      b_[axis] = to_device("cpml_b", b);
      if (!own_memory_variables) continue;
      psi_[axis] = coef_view("cpml_psi", std::size_t(layout_.size(axis)));
      xi_[axis] = coef_view("cpml_xi", std::size_t(layout_.size(axis)));
    }
  }

  bool enabled() const { return regions_.thickness > 0; }
  // The memory variables psi and xi of each axis (empty views without a
  // layer): what a checkpoint saves besides the wavefields.
  std::vector<coef_view> memory_variables() const {
    if (!enabled()) return {};
    return {psi_[0], psi_[1], psi_[2], xi_[0], xi_[1], xi_[2]};
  }
  const Regions& regions() const { return regions_; }
  index_t points() const {
    index_t n = 0;
    for (const Box& b : regions_.slabs) n += b.volume();
    return n;
  }

  // Advances every point of the six slabs (field 0, model 0): pass A over all
  // slabs and the ghost layers beyond faces with a neighbour, then pass B.
  template <class Physics>
  void apply(const StepData<Physics>& d) const {
    apply(d, d.grid.interior());
  }
  // The same over the slabs' part inside `limit` (local coordinates): an
  // out-of-core chunk's shrinking valid region.
  template <class Physics>
  void apply(const StepData<Physics>& d, const Box& limit) const {
    if (!enabled()) return;
    using Exec = typename MemSpace::execution_space;
    std::array<Box, 6> slabs;
    for (int i = 0; i < 6; ++i) slabs[i] = intersect(regions_.slabs[i], limit);
    for (const Box& b : slabs)
      if (!b.empty()) Kokkos::parallel_for("seis::cpml_memory", box_points<Exec>(b), Kernel<Physics, false>{*this, d});
    const Box* g = ghosts_.data();
    const char* ghost_label = "seis::cpml_memory_ghosts";
    if (!g[0].empty()) for_each_point(ghost_label, Exec(), g[0], Kernel<Physics, false, 0>{*this, d});
    if (!g[1].empty()) for_each_point(ghost_label, Exec(), g[1], Kernel<Physics, false, 0>{*this, d});
    if (!g[2].empty()) for_each_point(ghost_label, Exec(), g[2], Kernel<Physics, false, 1>{*this, d});
    if (!g[3].empty()) for_each_point(ghost_label, Exec(), g[3], Kernel<Physics, false, 1>{*this, d});
    if (!g[4].empty()) for_each_point(ghost_label, Exec(), g[4], Kernel<Physics, false, 2>{*this, d});
    if (!g[5].empty()) for_each_point(ghost_label, Exec(), g[5], Kernel<Physics, false, 2>{*this, d});
    for (const Box& b : slabs)
      if (!b.empty()) Kokkos::parallel_for("seis::cpml_update", box_points<Exec>(b), Kernel<Physics, true>{*this, d});
  }

  // Where the memory variables live (an out-of-core run copies them by it).
  const CpmlAuxLayout& layout() const { return layout_; }
  // Uses the damping profiles of `other`, a part of the same global CPML (they
  // are in global coordinates): out-of-core chunks keep one copy.
  void share_profiles(const Cpml& other) {
    for (int a = 0; a < 3; ++a) {
      a_[a] = other.a_[a];
      b_[a] = other.b_[a];
    }
  }
  // Makes the memory variables the first elements of `psi` and `xi` (one
  // view per axis, large enough): out-of-core chunks share one set per
  // device buffer instead of allocating their own.
  void bind_memory_variables(const std::array<coef_view, 3>& psi, const std::array<coef_view, 3>& xi) {
    if (!enabled()) return;
    for (int a = 0; a < 3; ++a) {
      const auto part = std::make_pair(std::size_t(0), std::size_t(layout_.size(a)));
      psi_[a] = Kokkos::subview(psi[a], part);
      xi_[a] = Kokkos::subview(xi[a], part);
    }
  }

 private:
  static coef_view to_device(const std::string& label, const std::vector<double>& v) {
    coef_view view(label, v.size());
    auto host = Kokkos::create_mirror_view(view);
    for (std::size_t i = 0; i < v.size(); ++i) host(i) = Scalar(v[i]);
    Kokkos::deep_copy(view, host);
    return view;
  }

  // The 2 layers beyond each face with a neighbour (x-, x+, y-, y+, z-, z+,
  // local coordinates) where psi of that axis is damped and stored here.
  static std::array<Box, 6> ghost_layers(const Subdomain& sub, const CpmlAuxLayout& l) {
    std::array<Box, 6> ghosts{};
    for (int a = 0; a < 3; ++a)
      for (int face = 0; face < 2; ++face) {
        if (!sub.has_neighbour(a, face)) continue;
        int lo[3] = {0, 0, 0}, hi[3] = {l.n[0], l.n[1], l.n[2]};
        lo[a] = face == 0 ? -2 : l.n[a];
        hi[a] = lo[a] + 2;
        // Global range of the layers, cut to the slab side whose part is stored here.
        for (int side = 0; side < 2; ++side) {
          if (l.depth[a][side] == 0) continue;
          const int slab_lo = side == 0 ? 0 : l.N[a] - l.L, slab_hi = side == 0 ? l.L : l.N[a];
          const int g0 = std::max(lo[a] + l.offset[a], slab_lo), g1 = std::min(hi[a] + l.offset[a], slab_hi);
          if (g1 <= g0) continue;
          int blo[3] = {lo[0], lo[1], lo[2]}, bhi[3] = {hi[0], hi[1], hi[2]};
          blo[a] = g0 - l.offset[a];
          bhi[a] = g1 - l.offset[a];
          ghosts[2 * a + face] = Box{blo[0], bhi[0], blo[1], bhi[1], blo[2], bhi[2]};
        }
      }
    return ghosts;
  }

  // The slab kernel (public: CUDA cannot launch private nested functors).
  // OnlyAxis >= 0: pass A for that axis alone (the ghost layers).
 public:
  template <class Physics, bool UpdatePass, int OnlyAxis = -1>
  struct Kernel {
    Cpml pml;
    StepData<Physics> d;

    // Pass A: psi_a of every damped axis a.
    template <int Axis>
    KOKKOS_FORCEINLINE_FUNCTION void update_psi(int x, int y, int z, const Scalar* p) const {
      const int c = Axis == 0 ? x : Axis == 1 ? y : z;
      if (!pml.layout_.template damped<Axis>(c)) return;
      const index_t s = Axis == 0 ? 1 : Axis == 1 ? d.grid.stride_y() : d.grid.stride_z();
      const Scalar d1p = pml.d1w_[Axis][0] * (p[s] - p[-s]) + pml.d1w_[Axis][1] * (p[2 * s] - p[-2 * s]);
      const int g = pml.layout_.template global<Axis>(c);
      Scalar& psi = pml.psi_[Axis](pml.layout_.template index<Axis>(x, y, z));
      psi = pml.b_[Axis](g) * psi + pml.a_[Axis](g) * d1p;
    }

    // Pass B, axis a: adds D2_a p to the Laplacian and, where a is damped,
    // D1_a psi_a + xi_a (after advancing xi_a) to the correction.
    template <int Axis>
    KOKKOS_FORCEINLINE_FUNCTION void add_axis(int x, int y, int z, const Scalar* p, Scalar& lap,
                                              Scalar& extra) const {
      const index_t s = Axis == 0 ? 1 : Axis == 1 ? d.grid.stride_y() : d.grid.stride_z();
      Scalar d2 = pml.d2w_[Axis][0] * p[0];
      for (int m = 1; m <= R; ++m) d2 += pml.d2w_[Axis][m] * (p[m * s] + p[-m * s]);
      lap += d2;
      const int c = Axis == 0 ? x : Axis == 1 ? y : z;
      if (!pml.layout_.template damped<Axis>(c)) return;
      const index_t a = pml.layout_.template index<Axis>(x, y, z), as = pml.layout_.template stride<Axis>();
      const auto& psi = pml.psi_[Axis];
      const Scalar d1psi = pml.d1w_[Axis][0] * (psi(a + as) - psi(a - as)) +
                           pml.d1w_[Axis][1] * (psi(a + 2 * as) - psi(a - 2 * as));
      const int g = pml.layout_.template global<Axis>(c);
      Scalar& xi = pml.xi_[Axis](a);
      xi = pml.b_[Axis](g) * xi + pml.a_[Axis](g) * (d2 + d1psi);
      extra += d1psi + xi;
    }

    KOKKOS_INLINE_FUNCTION void operator()(int x, int y, int z) const {
      const index_t idx = d.grid.index(x, y, z);
      const Scalar* p = d.cur[Physics::pressure_field] + idx;
      if (!UpdatePass && OnlyAxis >= 0) {
        update_psi<OnlyAxis < 0 ? 0 : OnlyAxis>(x, y, z, p);
        return;
      }
      if (!UpdatePass) {
        update_psi<0>(x, y, z, p);
        update_psi<1>(x, y, z, p);
        update_psi<2>(x, y, z, p);
        return;
      }
      Scalar lap = 0, extra = 0;
      add_axis<0>(x, y, z, p, lap, extra);
      add_axis<1>(x, y, z, p, lap, extra);
      add_axis<2>(x, y, z, p, lap, extra);
      Scalar* next = d.next[Physics::pressure_field];
      next[idx] = Scalar(2) * p[0] - next[idx] + d.model[Physics::velocity_model][idx] * (lap + extra);
    }
  };

 private:
  Grid grid_;
  Regions regions_;
  coef_view a_[3], b_[3], psi_[3], xi_[3];
  CpmlAuxLayout layout_;
  std::array<Box, 6> ghosts_{};
  Scalar d2w_[3][R + 1] = {};  // D2 weights / h^2 per axis
  Scalar d1w_[3][2] = {};      // D1 weights / h per axis
};

}  // namespace seis
