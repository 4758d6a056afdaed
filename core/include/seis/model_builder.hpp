#pragma once
// Fills the model arrays of a WaveState on the device from a validated plan:
// pre-scaled so the kernels read the fewest bytes (physics.md §1, §2).
//   iso: V = v^2 dt^2
//   tti: V, A = (1+2 delta) V, B = 2 (eps - delta) V, and the axis n_x, n_y
//        (n_z >= 0), with delta <= eps enforced, eps/delta tapered to 0 before
//        the absorbing layer (physics.md §3.4), and an optional elliptical
//        source zone (eps = delta near the source).
// In a sub-domain every parameter is evaluated at the global coordinates of
// the local points: only there, since the kernels read the model at the
// point they update, never in the halo. So a model file is needed on the
// sub-domain's box alone, which is all the plan of a distributed run holds
// of it (plan_run's part), and only that reaches the device.

#include "seis/box_policy.hpp"
#include "seis/compat/kokkos_compat.hpp"
#include "seis/distributed/subdomain.hpp"
#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"
#include "seis/run_plan.hpp"
#include "seis/wave_state.hpp"

#include <Kokkos_Core.hpp>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace seis {

// A ModelSpec evaluated on the device at global coordinates.
struct ModelEvaluator {
  static constexpr int max_layers = 64;
  using file_view = Kokkos::View<const float*, DefaultMem>;

  int kind = 0;  // 0 constant, 1 layered, 2 file
  double value = 0;
  int layers = 0;
  double tops[max_layers] = {};
  double values[max_layers] = {};
  double hz = 1;
  Box part;  // the file's values on the device cover this global box
  file_view file;

  ModelEvaluator() = default;
  ModelEvaluator(const ModelSpec& m, const ModelFileData& data, const Grid& g, const Subdomain& sub)
      : hz(g.hz()), part(sub.box) {
    switch (m.kind) {
      case ModelSpec::Kind::constant: kind = 0; value = m.value; break;
      case ModelSpec::Kind::layered:
        kind = 1;
        layers = int(m.tops.size());
        for (int i = 0; i < layers; ++i) {
          tops[i] = m.tops[i];
          values[i] = m.values[i];
        }
        break;
      case ModelSpec::Kind::file: {
        kind = 2;
        // The plan read the file for this process's box (plan_run's part);
        // the sub-domain lies inside it.
        const Box& held = data->box;
        if (!held.contains(part)) throw std::logic_error("the plan's model part does not cover the sub-domain");
        Kokkos::View<float*, DefaultMem> device("model_file", std::size_t(part.volume()));
        auto host = Kokkos::create_mirror_view(device);
        std::size_t k = 0;
        for (int z = part.z0; z < part.z1; ++z)
          for (int y = part.y0; y < part.y1; ++y)
            for (int x = part.x0; x < part.x1; ++x)
              host(k++) = data->values[std::size_t(x - held.x0) +
                                       std::size_t(held.nx()) * (std::size_t(y - held.y0) +
                                                                 std::size_t(held.ny()) * std::size_t(z - held.z0))];
        Kokkos::deep_copy(device, host);
        file = device;
        break;
      }
    }
  }

  KOKKOS_INLINE_FUNCTION double operator()(int x, int y, int z) const {
    if (kind == 0) return value;
    if (kind == 1) {
      const double depth = z * hz;
      int k = 0;
      while (k + 1 < layers && tops[k + 1] <= depth) ++k;
      return values[k];
    }
    const std::size_t lx = std::size_t(x - part.x0), ly = std::size_t(y - part.y0), lz = std::size_t(z - part.z0);
    return double(file(lx + std::size_t(part.nx()) * (ly + std::size_t(part.ny()) * lz)));
  }
};

// Runs f(x, y, z, idx) over the local interior: (x, y, z) global
// coordinates, idx the local index.
template <class F>
void for_each_interior_point(const char* label, const Grid& local, const Subdomain& sub, const F& f) {
  const int ox = sub.box.x0, oy = sub.box.y0, oz = sub.box.z0;
  Kokkos::parallel_for(label, box_points<DefaultExec>(local.interior()), KOKKOS_LAMBDA(int x, int y, int z) {
    f(x + ox, y + oy, z + oz, local.index(x, y, z));
  });
}

template <class Scalar>
void build_model(WaveState<IsoPhysics<Scalar>>& state, const RunPlan& plan, std::vector<std::string>&,
                 const Subdomain& sub) {
  ScopedRegion region("seis::build_model");
  const ModelEvaluator vp(plan.scenario.velocity(), plan.files[0], plan.grid, sub);
  Scalar* V = state.model(IsoPhysics<Scalar>::velocity_model).data();
  const double dt = plan.dt;
  for_each_interior_point("seis::model_iso", state.grid(), sub, KOKKOS_LAMBDA(int x, int y, int z, index_t idx) {
    const double v = vp(x, y, z);
    V[idx] = Scalar(v * v * dt * dt);
  });
  fence("seis::build_model");
}

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
