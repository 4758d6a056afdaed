#pragma once
// The physics seis runs, in one list. Code outside core/physics/ that picks
// code by a scenario's `physics` goes through with_physics, and reads what it
// needs of a physics from its description (physics_descriptions.hpp, plain
// C++ for the parser): it never compares the names itself, so a new physics
// joins every command by being added here and there (a unit test checks that
// the two lists agree: names, order, fields, model arrays).

#include "seis/errors.hpp"
#include "seis/physics/iso.hpp"
#include "seis/physics/physics_descriptions.hpp"
#include "seis/physics/tti.hpp"

#include <string>

namespace seis {

template <class... P>
struct PhysicsList {};

// The physics of runs (float: production).
using RunPhysics = PhysicsList<IsoPhysics<float>, TtiPhysics<float>>;

// Which physics with_physics chose: f(PhysicsTag<P>{}) gets it as tag::type.
template <class P>
struct PhysicsTag {
  using type = P;
};

namespace detail {
template <class F, class P, class... Rest>
decltype(auto) with_physics(const std::string& name, F& f, PhysicsList<P, Rest...>) {
  if constexpr (sizeof...(Rest) == 0) {
    if (name != P::name()) physics_description(name);  // throws: not a physics of the list
    return f(PhysicsTag<P>{});
  } else {
    if (name == P::name()) return f(PhysicsTag<P>{});
    return with_physics(name, f, PhysicsList<Rest...>{});
  }
}
}  // namespace detail

// f(PhysicsTag<P>{}) for the physics P named `name`; InputError naming the
// physics otherwise. Every branch of f must return the same type.
template <class F>
decltype(auto) with_physics(const std::string& name, F&& f) {
  return detail::with_physics(name, f, RunPhysics{});
}

}  // namespace seis
