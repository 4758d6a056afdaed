#pragma once
// Memory sizes as users write them: "8GiB", "8 GiB", "512 MiB", "4096" (B).
// Binary units only (KiB, MiB, GiB, TiB) and B, as the device reports them.

#include "seis/errors.hpp"

#include <cctype>
#include <cmath>
#include <cstddef>
#include <string>

namespace seis {

// Bytes of `text`; InputError naming `what` when it is not a size.
inline std::size_t parse_byte_size(const std::string& text, const std::string& what) {
  const auto bad = [&] {
    return InputError("'" + what + "' must be a size such as \"8 GiB\" or \"512MiB\" (units B, KiB, MiB, GiB, TiB), not '" +
                      text + "'");
  };
  std::size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  const std::size_t number_begin = i;
  while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.')) ++i;
  if (i == number_begin) throw bad();
  double value = 0;
  try {
    value = std::stod(text.substr(number_begin, i - number_begin));
  } catch (...) {
    throw bad();
  }
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  std::string unit = text.substr(i);
  while (!unit.empty() && std::isspace(static_cast<unsigned char>(unit.back()))) unit.pop_back();
  double scale = 0;
  if (unit.empty() || unit == "B") scale = 1;
  else if (unit == "KiB") scale = 1024.0;
  else if (unit == "MiB") scale = 1024.0 * 1024;
  else if (unit == "GiB") scale = 1024.0 * 1024 * 1024;
  else if (unit == "TiB") scale = 1024.0 * 1024 * 1024 * 1024;
  else throw bad();
  const double bytes = value * scale;
  if (!std::isfinite(bytes) || bytes < 1 || bytes > 1e18) throw bad();
  return std::size_t(bytes);
}

// "8 GiB", "1.5 MiB": the largest binary unit that keeps the number >= 1.
inline std::string format_byte_size(double bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int u = 0;
  while (u < 4 && bytes >= 1024) {
    bytes /= 1024;
    ++u;
  }
  char buf[48];
  std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.3g %s", bytes, units[u]);
  return buf;
}

}  // namespace seis
