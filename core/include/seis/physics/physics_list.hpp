#pragma once
// The physics seis runs, in one list. Code outside core/physics/ that picks
// code by a scenario's `physics` goes through with_physics, and names the
// physics with physics_names() (physics_names.hpp, for code without Kokkos):
// it never compares the names itself, so a new physics joins every command
// by being added here and to physics_names.hpp.

#include "seis/errors.hpp"
#include "seis/physics/iso.hpp"
#include "seis/physics/physics_names.hpp"
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
constexpr bool same_name(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) ++a, ++b;
  return *a == *b;
}
template <class... P>
constexpr bool names_agree(PhysicsList<P...>) {
  const char* names[] = {P::name()...};
  if (sizeof...(P) != physics_count) return false;
  for (std::size_t k = 0; k < sizeof...(P); ++k)
    if (!same_name(names[k], physics_name_list[k])) return false;
  return true;
}
static_assert(names_agree(RunPhysics{}), "physics_names.hpp must list the names of RunPhysics, in order");

template <class F, class P, class... Rest>
decltype(auto) with_physics(const std::string& name, F& f, PhysicsList<P, Rest...>) {
  if constexpr (sizeof...(Rest) == 0) {
    if (name != P::name()) throw InputError("physics must be " + physics_names() + ", got \"" + name + "\"");
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
