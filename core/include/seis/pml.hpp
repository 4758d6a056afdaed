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
// The kernel updates field 0 with model 0 (V = v^2 dt^2). For TTI the
// anisotropy is tapered to zero before the layer (physics.md §3.4), where the
// TTI update reduces exactly to this one and q stays zero.

#include "seis/box_policy.hpp"
#include "seis/compat/kokkos_compat.hpp"
#include "seis/field.hpp"
#include "seis/grid.hpp"
#include "seis/regions.hpp"
#include "seis/stencil_coefficients.hpp"
#include "seis/wave_state.hpp"

#include <Kokkos_Core.hpp>

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

// Where axis a's memory variables of point (x, y, z) live: the axis' two
// slabs, each L + 4 deep along the axis (2 zero ghost layers each side, read
// by D1 psi) and full in the other two directions, x fastest.
struct CpmlAuxLayout {
  int n[3] = {0, 0, 0};
  int L = 0;

  KOKKOS_INLINE_FUNCTION int depth() const { return L + 4; }
  template <int Axis>
  KOKKOS_INLINE_FUNCTION bool damped(int c) const {
    return c < L || c >= n[Axis] - L;
  }
  // Index of the damped point (x, y, z).
  template <int Axis>
  KOKKOS_INLINE_FUNCTION index_t index(int x, int y, int z) const {
    const int c = Axis == 0 ? x : Axis == 1 ? y : z;
    const int side = c < L ? 0 : 1;
    const int local = c - (side == 0 ? 0 : n[Axis] - L) + 2;
    const index_t ex = Axis == 0 ? depth() : n[0];
    const index_t ey = Axis == 1 ? depth() : n[1];
    const index_t ez = Axis == 2 ? depth() : n[2];
    const index_t qx = Axis == 0 ? local : x;
    const index_t qy = Axis == 1 ? local : y;
    const index_t qz = Axis == 2 ? local : z;
    return qx + ex * (qy + ey * (qz + ez * side));
  }
  // Distance between neighbours along the damped axis.
  template <int Axis>
  KOKKOS_INLINE_FUNCTION index_t stride() const {
    return Axis == 0 ? 1 : Axis == 1 ? index_t(n[0]) : index_t(n[0]) * n[1];
  }
  index_t size(int axis) const {
    const index_t across = axis == 0 ? index_t(n[1]) * n[2] : axis == 1 ? index_t(n[0]) * n[2] : index_t(n[0]) * n[1];
    return 2 * depth() * across;
  }
};

template <class Scalar, class MemSpace = DefaultMem>
class Cpml {
 public:
  using scalar_type = Scalar;
  using coef_view = Kokkos::View<Scalar*, MemSpace>;
  static constexpr int R = Grid::radius;

  Cpml() = default;
  Cpml(const Grid& grid, const CpmlParameters& p) : grid_(grid), regions_(seven_regions(grid, p.thickness)) {
    if (p.thickness <= 0) return;
    const int n[3] = {grid.nx(), grid.ny(), grid.nz()};
    const double h[3] = {grid.hx(), grid.hy(), grid.hz()};
    layout_ = CpmlAuxLayout{{n[0], n[1], n[2]}, p.thickness};
    const auto w2 = second_derivative_weights<R>();
    for (int axis = 0; axis < 3; ++axis) {
      for (int m = 0; m <= R; ++m) d2w_[axis][m] = Scalar(w2[m] / (h[axis] * h[axis]));
      d1w_[axis][0] = Scalar(first_derivative_d1 / h[axis]);
      d1w_[axis][1] = Scalar(first_derivative_d2 / h[axis]);
      std::vector<double> a, b;
      cpml_profile(n[axis], h[axis], p, a, b);
      a_[axis] = to_device("cpml_a", a);
      b_[axis] = to_device("cpml_b", b);
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
  // slabs, then pass B.
  template <class Physics>
  void apply(const StepData<Physics>& d) const {
    if (!enabled()) return;
    using Exec = typename MemSpace::execution_space;
    for (const Box& b : regions_.slabs)
      Kokkos::parallel_for("seis::cpml_memory", box_points<Exec>(b), Kernel<Physics, false>{*this, d});
    for (const Box& b : regions_.slabs)
      Kokkos::parallel_for("seis::cpml_update", box_points<Exec>(b), Kernel<Physics, true>{*this, d});
  }

 private:
  static coef_view to_device(const std::string& label, const std::vector<double>& v) {
    coef_view view(label, v.size());
    auto host = Kokkos::create_mirror_view(view);
    for (std::size_t i = 0; i < v.size(); ++i) host(i) = Scalar(v[i]);
    Kokkos::deep_copy(view, host);
    return view;
  }

  // The slab kernel (public: CUDA cannot launch private nested functors).
 public:
  template <class Physics, bool UpdatePass>
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
      Scalar& psi = pml.psi_[Axis](pml.layout_.template index<Axis>(x, y, z));
      psi = pml.b_[Axis](c) * psi + pml.a_[Axis](c) * d1p;
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
      Scalar& xi = pml.xi_[Axis](a);
      xi = pml.b_[Axis](c) * xi + pml.a_[Axis](c) * (d2 + d1psi);
      extra += d1psi + xi;
    }

    KOKKOS_INLINE_FUNCTION void operator()(int x, int y, int z) const {
      const index_t idx = d.grid.index(x, y, z);
      const Scalar* p = d.cur[0] + idx;
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
      d.next[0][idx] = Scalar(2) * p[0] - d.next[0][idx] + d.model[0][idx] * (lap + extra);
    }
  };

 private:
  Grid grid_;
  Regions regions_;
  coef_view a_[3], b_[3], psi_[3], xi_[3];
  CpmlAuxLayout layout_;
  Scalar d2w_[3][R + 1] = {};  // D2 weights / h^2 per axis
  Scalar d1w_[3][2] = {};      // D1 weights / h per axis
};

}  // namespace seis
