#pragma once
// What the scenario parser and the run planner need to know of each physics,
// in plain C++ (the parser builds without Kokkos): its name, how many fields
// and model arrays it keeps, its model parameters (the [model] keys, their
// units, defaults and bounds) and how they bound the time step. The first
// parameter of every physics is the P velocity (CFL limit, dispersion,
// resolution). physics_list.hpp checks these against the physics classes.

#include "seis/errors.hpp"
#include "seis/text_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <deque>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace seis {

struct ModelParameterDescription {
  const char* key;       // [model] key
  const char* label;     // in messages and the report
  const char* unit;      // "m/s", "" (dimensionless), "deg"
  bool required;
  double default_value;  // when the scenario leaves it out
  // Values must exceed this (-inf: any finite value); the message says why.
  double exclusive_min;
  const char* bound_message;
};

// A parameter's range over the grid, for the planner's checks.
struct ModelRange {
  double min = 0, max = 0;
};

struct PhysicsDescription {
  const char* name;
  int fields;        // wavefields (two time levels each)
  int model_arrays;  // pre-scaled model arrays on the device
  std::vector<ModelParameterDescription> model;
  // The fastest phase velocity the model allows, for the CFL limit.
  double (*max_phase_velocity)(const std::vector<ModelRange>& ranges);
  // Warnings about the model (may be none).
  void (*model_warnings)(const std::vector<ModelRange>& ranges, std::vector<std::string>& warnings);

  // Index of the parameter `key`; -1 if this physics has none.
  int parameter_index(const std::string& key) const {
    for (std::size_t i = 0; i < model.size(); ++i)
      if (key == model[i].key) return int(i);
    return -1;
  }
};

namespace detail {
// The physics seis runs, in the order of physics_list.hpp's RunPhysics, then
// those registered (a deque: registering keeps references to the others).
inline std::deque<PhysicsDescription>& physics_registry() {
  constexpr double any = -std::numeric_limits<double>::infinity();
  static std::deque<PhysicsDescription> list = {
      {"iso", 1, 1,
       {{"velocity", "velocity", "m/s", true, 0, 0, "must be positive everywhere"}},
       [](const std::vector<ModelRange>& r) { return r[0].max; },
       [](const std::vector<ModelRange>&, std::vector<std::string>&) {}},
      {"tti", 2, 5,
       {{"vp", "velocity", "m/s", true, 0, 0, "must be positive everywhere"},
        {"epsilon", "epsilon", "", false, 0, -0.5, "must be > -0.5 everywhere"},
        {"delta", "delta", "", false, 0, -0.5, "must be > -0.5 everywhere (1 + 2 delta > 0)"},
        {"theta", "theta", "deg", false, 0, any, ""},
        {"phi", "phi", "deg", false, 0, any, ""}},
       // physics.md §2: the horizontal velocity vp sqrt(1 + 2 eps) is the fastest.
       [](const std::vector<ModelRange>& r) { return r[0].max * std::sqrt(1 + 2 * std::max(r[1].max, 0.0)); },
       [](const std::vector<ModelRange>& r, std::vector<std::string>& warnings) {
         if (r[2].max > r[1].min)
           warnings.push_back("delta may exceed epsilon (delta up to " + text::fmt(r[2].max) +
                              ", epsilon down to " + text::fmt(r[1].min) +
                              "): where it does, delta is set to epsilon, since eps < delta grows "
                              "exponentially (physics.md §2)");
       }},
  };
  return list;
}
}  // namespace detail

inline const std::deque<PhysicsDescription>& physics_descriptions() { return detail::physics_registry(); }

// The names, quoted, for messages: "iso" or "tti".
inline std::string physics_names() {
  const auto& list = physics_descriptions();
  std::string names;
  for (std::size_t k = 0; k < list.size(); ++k)
    names += std::string(k == 0 ? "" : k + 1 == list.size() ? " or " : ", ") + "\"" + list[k].name + "\"";
  return names;
}

inline const PhysicsDescription* find_physics(const std::string& name) {
  for (const auto& p : physics_descriptions())
    if (name == p.name) return &p;
  return nullptr;
}

inline bool is_physics_name(const std::string& name) { return find_physics(name) != nullptr; }

// Adds the description of a physics the list does not name (e.g. one a test
// defines), so that the parser and the planner know it; call it before any
// run, from one thread. InputError if the name is taken.
inline const PhysicsDescription& register_physics(PhysicsDescription description) {
  if (find_physics(description.name))
    throw InputError(std::string("physics \"") + description.name + "\" is already described");
  return detail::physics_registry().emplace_back(std::move(description));
}

// The physics named `name`; InputError "<what> must be "iso" or "tti", got
// ..." otherwise.
inline const PhysicsDescription& physics_description(const std::string& name, const std::string& what = "physics") {
  if (const PhysicsDescription* p = find_physics(name)) return *p;
  throw InputError(what + " must be " + physics_names() + ", got \"" + name + "\"");
}

}  // namespace seis
