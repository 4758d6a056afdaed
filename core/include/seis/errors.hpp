#pragma once
// Error types. Each carries one line that names the problem for the user.

#include <cstdio>
#include <stdexcept>
#include <string>

namespace seis {

// Invalid input: scenario, command line, model file. Reported before anything
// is allocated or written.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A configuration the device cannot run (block shape, scratch, memory).
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Runs a program's body; a failure becomes one line "program: error: ..."
// on stderr and the exit status 2 (bad input), 3 (the device cannot run it)
// or 1 (anything else). `print` false: the status only (the ranks of a
// distributed run other than rank 0, which prints the same line).
template <class Body>
int run_reporting_errors(const char* program, Body&& body, bool print = true) {
  try {
    return body();
  } catch (const InputError& e) {
    if (print) std::fprintf(stderr, "%s: error: %s\n", program, e.what());
    return 2;
  } catch (const ConfigError& e) {
    if (print) std::fprintf(stderr, "%s: error: %s\n", program, e.what());
    return 3;
  } catch (const std::exception& e) {
    if (print) std::fprintf(stderr, "%s: error: %s\n", program, e.what());
    return 1;
  }
}

}  // namespace seis
