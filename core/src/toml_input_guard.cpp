#include "seis/toml_input_guard.hpp"

#include "seis/errors.hpp"

#include <cstdio>
#include <cstring>

namespace seis {

namespace {

std::string hex(unsigned long v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04lX", v);
  return buf;
}

// TOML allows non-ASCII only in strings and comments. toml++ 3.3's
// is_non_ascii_horizontal_whitespace reaches __builtin_unreachable for code
// points such as U+00A1-U+0499, U+2D6E-U+3167, U+FBFF and U+FCF6-U+FEFE,
// which it may test wherever whitespace could stand: outside comments, also
// just after a value or a backslash inside a string (found by tests/fuzz).
// Such text is refused before it gets there; comments may hold any
// character, strings (names, paths) ASCII only.

// The code point of the UTF-8 sequence at t[i] (0 if malformed).
unsigned long code_point_at(const std::string& t, std::size_t i) {
  const auto b = [&](std::size_t k) { return k < t.size() ? static_cast<unsigned char>(t[k]) : 0u; };
  const unsigned c = b(i);
  if (c < 0x80) return c;
  const int n = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
  unsigned long cp = c & (0x3Fu >> n);
  for (int k = 1; k <= n; ++k) cp = (cp << 6) | (b(i + k) & 0x3Fu);
  return n == 0 ? 0 : cp;
}

}  // namespace

void check_toml_input(const std::string& t) {
  enum { plain, comment, basic, literal, ml_basic, ml_literal } state = plain;
  int line = 1;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    const auto starts = [&](const char* s) { return t.compare(i, std::strlen(s), s) == 0; };
    // TOML admits no control characters but tab and line ends, anywhere;
    // toml++ 3.3 asserts on some (a NUL in a key, found by fuzzing).
    const unsigned char u = static_cast<unsigned char>(c);
    if ((u < 0x20 && c != '\t' && c != '\n' && c != '\r') || u == 0x7F)
      throw InputError("scenario line " + std::to_string(line) + ": control character " + hex(u) +
                       " (a scenario is a text file)");
    if (c == '\n') {
      ++line;
      if (state == comment || state == basic || state == literal) state = plain;
      continue;
    }
    // In strings too: the code points toml++ 3.3 trips on are not all known
    // (the fuzzer keeps finding more, e.g. U+FBFF), so only comments may hold
    // non-ASCII text.
    if (state != comment && state != plain && static_cast<unsigned char>(c) >= 0x80)
      throw InputError("scenario line " + std::to_string(line) + ": character U+" + hex(code_point_at(t, i)) +
                       " is only supported in comments");
    switch (state) {
      case plain:
        if (static_cast<unsigned char>(c) >= 0x80)
          throw InputError("scenario line " + std::to_string(line) +
                           ": a non-ASCII character outside a string or comment");
        if (c == '#') {
          state = comment;
        } else if (starts("\"\"\"")) {
          state = ml_basic;
          i += 2;
        } else if (starts("'''")) {
          state = ml_literal;
          i += 2;
        } else if (c == '"') {
          state = basic;
        } else if (c == '\'') {
          state = literal;
        }
        break;
      case basic:
      case ml_basic:
        if (c == '\\') {
          if (i + 1 < t.size() && static_cast<unsigned char>(t[i + 1]) >= 0x80)
            throw InputError("scenario line " + std::to_string(line) + ": a backslash before a non-ASCII character");
          ++i;
        } else if (state == basic && c == '"') {
          state = plain;
        } else if (state == ml_basic && starts("\"\"\"")) {
          state = plain;
          i += 2;
        }
        break;
      case literal:
        if (c == '\'') state = plain;
        break;
      case ml_literal:
        if (starts("'''")) {
          state = plain;
          i += 2;
        }
        break;
      case comment: break;
    }
  }
}

}  // namespace seis
