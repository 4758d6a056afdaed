#pragma once
// The names of the physics seis runs, for code that builds without Kokkos
// (the scenario parser): plain C++. physics_list.hpp checks at compile time
// that they are the names of its list, in its order.

#include <cstddef>
#include <string>

namespace seis {

inline constexpr const char* physics_name_list[] = {"iso", "tti"};
inline constexpr std::size_t physics_count = sizeof(physics_name_list) / sizeof(physics_name_list[0]);

// The names, quoted, for messages: "iso" or "tti".
inline std::string physics_names() {
  std::string names;
  for (std::size_t k = 0; k < physics_count; ++k)
    names += std::string(k == 0 ? "" : k + 1 == physics_count ? " or " : ", ") + "\"" + physics_name_list[k] + "\"";
  return names;
}

inline bool is_physics_name(const std::string& name) {
  for (const char* known : physics_name_list)
    if (name == known) return true;
  return false;
}

}  // namespace seis
