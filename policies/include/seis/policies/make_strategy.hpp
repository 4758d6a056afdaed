#pragma once
// make_strategy for any physics and execution space: the registry's lookup
// of a strategy by "name:shape" over the family factories.
// policies/src/registry.cpp instantiates it for the physics of runs on the
// default execution space.

#include "seis/errors.hpp"
#include "seis/policies/registry.hpp"
#include "seis/policies/strategy_factories.hpp"
#include "seis/policies/traits/exec_traits.hpp"

namespace seis {

template <class Exec>
std::string strategy_unavailable_reason(const StrategyInfo& info) {
  if (!info.cluster) return "";
#if defined(SEIS_HAVE_CLUSTER_LAUNCH)
  if (ExecTraits<Exec>::has_cluster_launch()) return "";
#endif
  return ExecTraits<Exec>::cluster_unavailable_reason();
}

template <class Physics, class Exec>
std::unique_ptr<StencilOperator<Physics>> make_strategy(const std::string& spec) {
  // Named references, not a structured binding: the lambda below captures
  // them, which C++17 does not allow for structured bindings (Clang < 16,
  // e.g. ROCm 5.x hipcc, rejects it).
  const auto spec_parts = split_strategy_spec(spec);
  const std::string& name = spec_parts.first;
  const std::string& shape_text = spec_parts.second;
  const StrategyInfo& info = strategy_info(name);
  const std::string why_not = strategy_unavailable_reason<Exec>(info);
  if (!why_not.empty()) throw ConfigError("strategy " + name + " is not offered here: " + why_not);
  auto make = [&](const std::string& text) {
    const BlockShape shape = BlockShape::parse(text, info.three_d);
    StrategyPtr<Physics> s;
    if (!s) s = make_blocking_3d<Physics, Exec>(name, shape);
    if (!s) s = make_register_streaming<Physics, Exec>(name, shape);
    if (!s) s = make_semi_stencil<Physics, Exec>(name, shape);
    if (!s) s = make_swic<Physics, Exec>(name, shape);
    if (!s) s = make_sliding_window<Physics, Exec>(name, shape);
    if (!s) s = make_cluster<Physics, Exec>(name, shape);
    if (!s) throw ConfigError("strategy " + name + " is not built into this binary");
    return s;
  };
  if (!shape_text.empty()) return make(shape_text);
  // No shape given: the default, else the first offered shape this device
  // can run for this physics (e.g. TTI stages twice the scratch of iso).
  try {
    return make(info.default_shape);
  } catch (const ConfigError& first) {
    for (const auto& shape : info.shapes) {
      try {
        return make(shape);
      } catch (const ConfigError&) {
      }
    }
    throw;
  }
}

}  // namespace seis
