#pragma once
// Convolutional PML for the second-order acoustic equation (physics.md §3.1,
// Pasalic & McGarry 2010), kappa = 1, on the six slabs of the seven-region
// decomposition. Each damped axis a keeps two memory variables,
//   psi_a = b psi_a + a D1_a p                     (pass A)
//   xi_a  = b xi_a  + a (D2_a p + D1_a psi_a)      (pass B)
//   p+    = 2p - p- + V [ L p + sum_a (D1_a psi_a + xi_a) ]
// stored only over that axis' two slabs (plus two zero ghost layers on each
// side for D1 psi). Pass A completes before pass B reads neighbouring psi.
//
// The kernel updates field 0 with model 0 (V = v^2 dt^2). For TTI the
// anisotropy is tapered to zero before the layer (physics.md §3.4), where the
// TTI update reduces exactly to this one and q stays zero.

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

// Where axis a's memory variables of point (x, y, z) live.
struct CpmlAuxLayout {
  int axis = 0;  // 0 x, 1 y, 2 z
  int n[3] = {0, 0, 0};
  int L = 0;

  // Slab-local extent along the damped axis, with 2 ghost layers each side.
  KOKKOS_INLINE_FUNCTION int depth() const { return L + 4; }
  KOKKOS_INLINE_FUNCTION bool damped(int c) const { return c < L || c >= n[axis] - L; }
  // Index of the point whose coordinate along `axis` is c (damped), others u, v.
  KOKKOS_INLINE_FUNCTION index_t index(int x, int y, int z) const {
    const int c[3] = {x, y, z};
    const int side = c[axis] < L ? 0 : 1;
    const int local = (side == 0 ? c[axis] : c[axis] - (n[axis] - L)) + 2;
    int e[3] = {n[0], n[1], n[2]};
    int q[3] = {c[0], c[1], c[2]};
    e[axis] = depth();
    q[axis] = local;
    return index_t(q[0]) + index_t(e[0]) * (q[1] + index_t(e[1]) * (q[2] + index_t(e[2]) * side));
  }
  // Distance between neighbours along the damped axis.
  KOKKOS_INLINE_FUNCTION index_t stride() const {
    return axis == 0 ? 1 : axis == 1 ? index_t(n[0]) : index_t(n[0]) * n[1];
  }
  index_t size() const { return index_t(2) * depth() * (axis == 0 ? index_t(n[1]) * n[2] : axis == 1 ? index_t(n[0]) * n[2] : index_t(n[0]) * n[1]); }
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
    const auto w2 = second_derivative_weights<R>();
    for (int axis = 0; axis < 3; ++axis) {
      for (int m = 0; m <= R; ++m) d2w_[axis][m] = Scalar(w2[m] / (h[axis] * h[axis]));
      d1w_[axis][0] = Scalar(first_derivative_d1 / h[axis]);
      d1w_[axis][1] = Scalar(first_derivative_d2 / h[axis]);
      std::vector<double> a, b;
      cpml_profile(n[axis], h[axis], p, a, b);
      a_[axis] = to_device("cpml_a", a);
      b_[axis] = to_device("cpml_b", b);
      layout_[axis] = CpmlAuxLayout{axis, {n[0], n[1], n[2]}, p.thickness};
      psi_[axis] = coef_view("cpml_psi", std::size_t(layout_[axis].size()));
      xi_[axis] = coef_view("cpml_xi", std::size_t(layout_[axis].size()));
    }
  }

  bool enabled() const { return regions_.thickness > 0; }
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
    using Policy = Kokkos::MDRangePolicy<typename MemSpace::execution_space, Kokkos::Rank<3>>;
    for (const Box& b : regions_.slabs)
      Kokkos::parallel_for("seis::cpml_memory", Policy({b.z0, b.y0, b.x0}, {b.z1, b.y1, b.x1}),
                           Kernel<Physics, false>{*this, d});
    for (const Box& b : regions_.slabs)
      Kokkos::parallel_for("seis::cpml_update", Policy({b.z0, b.y0, b.x0}, {b.z1, b.y1, b.x1}),
                           Kernel<Physics, true>{*this, d});
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

    KOKKOS_INLINE_FUNCTION void operator()(int z, int y, int x) const {
      const index_t idx = d.grid.index(x, y, z);
      const Scalar* p = d.cur[0] + idx;
      const index_t step[3] = {1, d.grid.stride_y(), d.grid.stride_z()};
      const int c[3] = {x, y, z};
      if (!UpdatePass) {
        for (int axis = 0; axis < 3; ++axis) {
          const CpmlAuxLayout& lay = pml.layout_[axis];
          if (!lay.damped(c[axis])) continue;
          const index_t s = step[axis];
          const Scalar d1p = pml.d1w_[axis][0] * (p[s] - p[-s]) + pml.d1w_[axis][1] * (p[2 * s] - p[-2 * s]);
          Scalar& psi = pml.psi_[axis](lay.index(x, y, z));
          psi = pml.b_[axis](c[axis]) * psi + pml.a_[axis](c[axis]) * d1p;
        }
        return;
      }
      Scalar lap = 0, extra = 0;
      for (int axis = 0; axis < 3; ++axis) {
        const index_t s = step[axis];
        Scalar d2 = pml.d2w_[axis][0] * p[0];
        for (int m = 1; m <= R; ++m) d2 += pml.d2w_[axis][m] * (p[m * s] + p[-m * s]);
        lap += d2;
        const CpmlAuxLayout& lay = pml.layout_[axis];
        if (!lay.damped(c[axis])) continue;
        const index_t a = lay.index(x, y, z), as = lay.stride();
        const auto& psi = pml.psi_[axis];
        const Scalar d1psi = pml.d1w_[axis][0] * (psi(a + as) - psi(a - as)) +
                             pml.d1w_[axis][1] * (psi(a + 2 * as) - psi(a - 2 * as));
        Scalar& xi = pml.xi_[axis](a);
        xi = pml.b_[axis](c[axis]) * xi + pml.a_[axis](c[axis]) * (d2 + d1psi);
        extra += d1psi + xi;
      }
      d.next[0][idx] = Scalar(2) * p[0] - d.next[0][idx] + d.model[0][idx] * (lap + extra);
    }
  };

 private:
  Grid grid_;
  Regions regions_;
  coef_view a_[3], b_[3], psi_[3], xi_[3];
  CpmlAuxLayout layout_[3];
  Scalar d2w_[3][R + 1] = {};  // D2 weights / h^2 per axis
  Scalar d1w_[3][2] = {};      // D1 weights / h per axis
};

}  // namespace seis
