#pragma once
// The isotropic model on the device: V = v^2 dt^2 (physics.md §1), from the
// velocity evaluated at the global coordinates of the local points.

#include "seis/model_builder.hpp"
#include "seis/physics/iso.hpp"

namespace seis {

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

}  // namespace seis
