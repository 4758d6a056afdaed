#pragma once
// Text that toml++ 3.3 (Debian's) cannot parse safely is refused first:
// non-ASCII outside strings and comments (invalid TOML anyway), and code
// points that reach __builtin_unreachable in its whitespace test. Throws
// InputError naming the line.

#include <string>

namespace seis {

void check_toml_input(const std::string& text);

}  // namespace seis
