#pragma once
// The TTI model on the device (physics.md §2): V, A = (1 + 2 delta) V,
// B = 2 (eps - delta) V and the axis n_x, n_y (n_z >= 0), with delta <= eps
// enforced, eps and delta tapered to 0 before the absorbing layer
// (physics.md §3.4), and an optional elliptical source zone (eps = delta
// near the source).

#include "seis/model_builder.hpp"
#include "seis/physics/tti.hpp"

namespace seis {

// 0 inside the absorbing layer and R points beyond it, rising as sin^2 to 1
// over `width` points.
struct AnisotropyTaper {
  int n[3] = {0, 0, 0};
  int L = 0, width = 1;
  KOKKOS_INLINE_FUNCTION double operator()(int x, int y, int z) const {
    if (L <= 0) return 1.0;
    const int c[3] = {x, y, z};
    int e = n[0];
    for (int a = 0; a < 3; ++a) {
      const int lo = c[a] - L, hi = n[a] - L - 1 - c[a];
      e = lo < e ? lo : e;
      e = hi < e ? hi : e;
    }
    const int start = Grid::radius;
    if (e < start) return 0.0;
    if (e >= start + width) return 1.0;
    const double s = sin_any(0.5 * M_PI * double(e - start) / width);
    return s * s;
  }
};

template <class Scalar>
void build_model(WaveState<TtiPhysics<Scalar>>& state, const RunPlan& plan, std::vector<std::string>& warnings,
                 const Subdomain& sub) {
  ScopedRegion region("seis::build_model");
  using P = TtiPhysics<Scalar>;
  const Scenario& s = plan.scenario;
  // The parameters in the order of the TTI description (physics_descriptions.hpp).
  auto parameter = [&](int i) { return ModelEvaluator(s.model.at(std::size_t(i)), plan.files.at(std::size_t(i)), plan.grid, sub); };
  const ModelEvaluator vp = parameter(0), eps = parameter(1), del = parameter(2), theta = parameter(3),
                       phi = parameter(4);
  const AnisotropyTaper taper{{s.nx, s.ny, s.nz}, s.pml_thickness, s.taper_width > 0 ? s.taper_width : 1};
  Scalar* V = state.model(P::v_model).data();
  Scalar* A = state.model(P::a_model).data();
  Scalar* B = state.model(P::b_model).data();
  Scalar* NX = state.model(P::nx_model).data();
  Scalar* NY = state.model(P::ny_model).data();
  const double dt = plan.dt;
  const NodeIndex src = plan.source;
  const int zone = s.source_zone;
  const double deg = M_PI / 180.0;
  const Grid g = state.grid();
  const int ox = sub.box.x0, oy = sub.box.y0, oz = sub.box.z0;
  int clipped = 0;
  Kokkos::parallel_reduce(
      "seis::model_tti", box_points<DefaultExec>(g.interior()),
      KOKKOS_LAMBDA(int lx, int ly, int lz, int& count) {
        const index_t idx = g.index(lx, ly, lz);
        const int x = lx + ox, y = ly + oy, z = lz + oz;
        const double v = vp(x, y, z);
        const double w = taper(x, y, z);
        double e = w * eps(x, y, z), d = w * del(x, y, z);
        if (d > e) {
          d = e;
          ++count;
        }
        if (zone > 0) {
          const int dx = x - src.x, dy = y - src.y, dz = z - src.z;
          if (dx * dx + dy * dy + dz * dz <= zone * zone) d = e;
        }
        const double v2 = v * v * dt * dt;
        const double th = theta(x, y, z) * deg, ph = phi(x, y, z) * deg;
        double nx = sin_any(th) * cos_any(ph), ny = sin_any(th) * sin_any(ph);
        if (cos_any(th) < 0) {  // n and -n give the same operator; keep n_z >= 0
          nx = -nx;
          ny = -ny;
        }
        V[idx] = Scalar(v2);
        A[idx] = Scalar((1 + 2 * d) * v2);
        B[idx] = Scalar(2 * (e - d) * v2);
        NX[idx] = Scalar(nx);
        NY[idx] = Scalar(ny);
      },
      clipped);
  if (clipped > 0)
    warnings.push_back("delta > epsilon at " + std::to_string(clipped) + " points" +
                       (sub.ranks() > 1 ? " of the sub-domain " + std::to_string(sub.box.x0) + "," +
                                              std::to_string(sub.box.y0) + "," + std::to_string(sub.box.z0) : "") +
                       ": delta set to epsilon there (eps < delta is unstable, physics.md §2)");
}

}  // namespace seis
