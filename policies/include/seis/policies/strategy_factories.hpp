#pragma once
// Factories of the strategy families, each instantiated in its own
// translation unit (policies/src/) so that builds compile them in parallel.

#include "seis/policies/block_shape.hpp"
#include "seis/stencil_operator.hpp"

#include <memory>
#include <string>

namespace seis {

template <class Physics>
using StrategyPtr = std::unique_ptr<StencilOperator<Physics>>;

// Each returns nullptr when `name` is not one of its family.
template <class Physics> StrategyPtr<Physics> make_blocking_3d(const std::string& name, const BlockShape& s);
template <class Physics> StrategyPtr<Physics> make_register_streaming(const std::string& name, const BlockShape& s);
template <class Physics> StrategyPtr<Physics> make_semi_stencil(const std::string& name, const BlockShape& s);
template <class Physics> StrategyPtr<Physics> make_swic(const std::string& name, const BlockShape& s);
template <class Physics> StrategyPtr<Physics> make_sliding_window(const std::string& name, const BlockShape& s);
template <class Physics> StrategyPtr<Physics> make_cluster(const std::string& name, const BlockShape& s);

}  // namespace seis

// The physics the registry serves (float: production; the double
// instantiations are used by the verification tests).
#define SEIS_FOR_EACH_REGISTRY_PHYSICS(X) \
  X(::seis::IsoPhysics<float>)            \
  X(::seis::TtiPhysics<float>)
