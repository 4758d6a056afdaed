#pragma once
// The physics seis runs, in one list. Code outside core/physics/ that picks
// code by a scenario's `physics` goes through with_physics, and reads what it
// needs of a physics from its description (physics_descriptions.hpp, plain
// C++ for the parser): it never compares the names itself, so a new physics
// joins every command by being added here and there (a unit test checks that
// the two lists agree: names, order, fields, model arrays).
//
// Everything generic over a physics is a template (Simulation, the CPML, the
// strategies, make_strategy, the bench's timing), so a physics the list does
// not name, e.g. one a test defines, runs through all of it: the library
// instantiates the list's physics, its own code the others
// (seis/policies/registry_definitions.hpp), and register_physics adds its
// description for the planner.

#include "seis/errors.hpp"
#include "seis/physics/iso.hpp"
#include "seis/physics/physics_descriptions.hpp"
#include "seis/physics/tti.hpp"

#include <string>

// The physics of runs (float: production), in the order of
// physics_descriptions(): X(type) for each. The strategy registry is
// instantiated for each (policies/src/), and RunPhysics lists them.
#define SEIS_FOR_EACH_RUN_PHYSICS(X) \
  X(::seis::IsoPhysics<float>)       \
  X(::seis::TtiPhysics<float>)

namespace seis {

template <class... P>
struct PhysicsList {};

namespace detail {
template <class Ignored, class... P>
struct PhysicsListOf {
  using type = PhysicsList<P...>;
};
}  // namespace detail

#define SEIS_PHYSICS_LIST_ITEM(P) , P
using RunPhysics = typename detail::PhysicsListOf<void SEIS_FOR_EACH_RUN_PHYSICS(SEIS_PHYSICS_LIST_ITEM)>::type;
#undef SEIS_PHYSICS_LIST_ITEM

// Which physics with_physics chose: f(PhysicsTag<P>{}) gets it as tag::type.
template <class P>
struct PhysicsTag {
  using type = P;
};

namespace detail {
template <class F, class P, class... Rest>
decltype(auto) with_physics(const std::string& name, F& f, PhysicsList<P, Rest...>) {
  if constexpr (sizeof...(Rest) == 0) {
    if (name != P::name()) {
      physics_description(name);  // throws: no such physics
      throw ConfigError("physics \"" + name + "\" is not built into this program");
    }
    return f(PhysicsTag<P>{});
  } else {
    if (name == P::name()) return f(PhysicsTag<P>{});
    return with_physics(name, f, PhysicsList<Rest...>{});
  }
}
}  // namespace detail

// f(PhysicsTag<P>{}) for the physics P of `list` named `name`; InputError
// naming the physics otherwise. Every branch of f must return the same type.
template <class F, class... P>
decltype(auto) with_physics(const std::string& name, F&& f, PhysicsList<P...> list) {
  return detail::with_physics(name, f, list);
}

// The same over the physics of runs.
template <class F>
decltype(auto) with_physics(const std::string& name, F&& f) {
  return with_physics(name, f, RunPhysics{});
}

}  // namespace seis
