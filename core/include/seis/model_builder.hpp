#pragma once
// Building the model arrays of a WaveState on the device from a validated
// plan, pre-scaled so the kernels read the fewest bytes: what every physics
// shares (a ModelSpec evaluated on the device, the loop over the local
// points). Each physics' own build_model lives beside it in core/physics/
// (iso_model.hpp: V = v^2 dt^2; tti_model.hpp: V, A, B and the axis).
// In a sub-domain every parameter is evaluated at the global coordinates of
// the local points: only there, since the kernels read the model at the
// point they update, never in the halo. So a model file is needed on the
// sub-domain's box alone, which is all the plan of a distributed run holds
// of it (plan_run's part), and only that reaches the device.

#include "seis/box_policy.hpp"
#include "seis/compat/kokkos_compat.hpp"
#include "seis/distributed/subdomain.hpp"
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

// Model array `m` of `state` set to V = v^2 dt^2 from the scenario's P
// velocity (every physics' first parameter): all of iso's model, and that of
// any physics whose only parameter is the velocity.
template <class Physics>
void build_velocity_model(WaveState<Physics>& state, const RunPlan& plan, const Subdomain& sub, int m) {
  using Scalar = typename Physics::scalar_type;
  ScopedRegion region("seis::build_model");
  const ModelEvaluator vp(plan.scenario.velocity(), plan.files[0], plan.grid, sub);
  Scalar* V = state.model(m).data();
  const double dt = plan.dt;
  for_each_interior_point("seis::model_v2dt2", state.grid(), sub, KOKKOS_LAMBDA(int x, int y, int z, index_t idx) {
    const double v = vp(x, y, z);
    V[idx] = Scalar(v * v * dt * dt);
  });
  fence("seis::build_model");
}

}  // namespace seis

// Each physics builds its own model arrays from these (build_model
// overloads, in core/physics/).
#include "seis/physics/iso_model.hpp"
#include "seis/physics/tti_model.hpp"
