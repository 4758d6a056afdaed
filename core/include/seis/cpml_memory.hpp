#pragma once
// How the CPML keeps its memory variables psi and xi ([boundary] pml_memory):
// in bfloat16 (the default: 2 bytes a value, 28.6 against 37.5 DRAM bytes a
// slab point on the H200, see seis/pml.hpp) or in the fields' own precision
// ("float"). Every placement (in-core, out-of-core, distributed, restarted)
// keeps them in the form chosen and gives bitwise the same results for it.

#include <stdexcept>
#include <string>

namespace seis {

enum class CpmlMemory { bfloat16, full };

// The scenario's name of a form ("full" is named after the float fields).
inline const char* cpml_memory_name(CpmlMemory m) { return m == CpmlMemory::bfloat16 ? "bfloat16" : "float"; }
// Bytes of one stored memory variable of fields of `scalar_bytes` bytes:
// bfloat16 holds floats only, so fields of another precision keep theirs
// whatever the form asked (the CPML's allocation and run_bytes' estimate).
inline int cpml_memory_value_bytes(CpmlMemory m, int scalar_bytes) {
  return m == CpmlMemory::bfloat16 && scalar_bytes == 4 ? 2 : scalar_bytes;
}
// The form of that name; std::invalid_argument for any other.
inline CpmlMemory cpml_memory_named(const std::string& name) {
  if (name == "bfloat16") return CpmlMemory::bfloat16;
  if (name == "float") return CpmlMemory::full;
  throw std::invalid_argument("must be \"bfloat16\" or \"float\", got \"" + name + "\"");
}

}  // namespace seis
