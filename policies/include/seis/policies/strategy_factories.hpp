#pragma once
// Factories of the strategy families. Each is defined for any physics and
// execution space in its header (family_*.hpp) and instantiated for the
// physics of runs on the default execution space in its own translation unit
// (policies/src/), so that builds compile them in parallel and no other
// translation unit instantiates them again (tests instantiate the host space
// of GPU builds themselves: registry_definitions.hpp).

#include "seis/physics/physics_list.hpp"
#include "seis/policies/block_shape.hpp"
#include "seis/field.hpp"
#include "seis/stencil_operator.hpp"

#include <memory>
#include <string>

namespace seis {

template <class Physics>
using StrategyPtr = std::unique_ptr<StencilOperator<Physics>>;

// Each returns nullptr when `name` is not one of its family.
template <class Physics, class Exec> StrategyPtr<Physics> make_blocking_3d(const std::string& name, const BlockShape& s);
template <class Physics, class Exec> StrategyPtr<Physics> make_register_streaming(const std::string& name, const BlockShape& s);
template <class Physics, class Exec> StrategyPtr<Physics> make_semi_stencil(const std::string& name, const BlockShape& s);
template <class Physics, class Exec> StrategyPtr<Physics> make_swic(const std::string& name, const BlockShape& s);
template <class Physics, class Exec> StrategyPtr<Physics> make_sliding_window(const std::string& name, const BlockShape& s);
template <class Physics, class Exec> StrategyPtr<Physics> make_cluster(const std::string& name, const BlockShape& s);

#define SEIS_EXTERN_FAMILIES(P)                                                                               \
  extern template StrategyPtr<P> make_blocking_3d<P, DefaultExec>(const std::string&, const BlockShape&);     \
  extern template StrategyPtr<P> make_register_streaming<P, DefaultExec>(const std::string&, const BlockShape&);\
  extern template StrategyPtr<P> make_semi_stencil<P, DefaultExec>(const std::string&, const BlockShape&);    \
  extern template StrategyPtr<P> make_swic<P, DefaultExec>(const std::string&, const BlockShape&);            \
  extern template StrategyPtr<P> make_sliding_window<P, DefaultExec>(const std::string&, const BlockShape&);  \
  extern template StrategyPtr<P> make_cluster<P, DefaultExec>(const std::string&, const BlockShape&);
SEIS_FOR_EACH_RUN_PHYSICS(SEIS_EXTERN_FAMILIES)
#undef SEIS_EXTERN_FAMILIES

}  // namespace seis
