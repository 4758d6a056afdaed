#pragma once
// The strategy registry: every strategy's name, what it is, the block shapes
// it offers, and a factory for each physics. `seis strategies` prints it.
// make_strategy is instantiated in the library for the physics of runs; a
// physics the list does not name includes registry_definitions.hpp.

#include "seis/physics/physics_list.hpp"
#include "seis/policies/block_shape.hpp"
#include "seis/field.hpp"
#include "seis/stencil_operator.hpp"

#include <memory>
#include <string>
#include <vector>

namespace seis {

struct StrategyInfo {
  std::string name;
  std::string description;
  bool three_d = false;
  bool cluster = false;  // needs thread-block cluster launch (CUDA sm_90+)
  std::string default_shape;
  std::vector<std::string> shapes;  // offered to tests and the tuner
};

const std::vector<StrategyInfo>& strategy_catalogue();
const StrategyInfo& strategy_info(const std::string& name);  // throws InputError

// Empty when the strategy runs on the execution space Exec, else why not.
// Defined in make_strategy.hpp; the library instantiates the default space.
template <class Exec = DefaultExec>
std::string strategy_unavailable_reason(const StrategyInfo& info);
extern template std::string strategy_unavailable_reason<DefaultExec>(const StrategyInfo&);

// "name" or "name:shape" -> strategy for Physics on the execution space Exec
// (runs: the default one; tests also take the host space of GPU builds).
// InputError: unknown name or malformed shape. ConfigError: the device
// cannot run this shape (scratch, threads) or the strategy at all.
template <class Physics, class Exec = DefaultExec>
std::unique_ptr<StencilOperator<Physics>> make_strategy(const std::string& spec);
#define SEIS_EXTERN_MAKE_STRATEGY(P) \
  extern template std::unique_ptr<StencilOperator<P>> make_strategy<P, DefaultExec>(const std::string&);
SEIS_FOR_EACH_RUN_PHYSICS(SEIS_EXTERN_MAKE_STRATEGY)
#undef SEIS_EXTERN_MAKE_STRATEGY

// Splits "name:shape" (shape empty when absent).
std::pair<std::string, std::string> split_strategy_spec(const std::string& spec);

}  // namespace seis
