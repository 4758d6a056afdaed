#pragma once
// The isotropic model on the device: V = v^2 dt^2 (physics.md §1), from the
// velocity evaluated at the global coordinates of the local points.

#include "seis/model_builder.hpp"
#include "seis/physics/iso.hpp"

namespace seis {

template <class Scalar>
void build_model(WaveState<IsoPhysics<Scalar>>& state, const RunPlan& plan, std::vector<std::string>&,
                 const Subdomain& sub) {
  build_velocity_model(state, plan, sub, IsoPhysics<Scalar>::velocity_model);
}

}  // namespace seis
