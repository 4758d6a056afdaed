#pragma once
// Numbers in one-line messages: 6 significant digits, sizes in GB.

#include <sstream>
#include <string>

namespace seis::text {

inline std::string fmt(double v) {
  std::ostringstream s;
  s.precision(6);
  s << v;
  return s.str();
}

inline std::string fmt_bytes(double bytes) {
  std::ostringstream s;
  s.precision(3);
  s << bytes / 1e9 << " GB";
  return s.str();
}

}  // namespace seis::text
