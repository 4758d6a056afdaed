#pragma once
// Error types. Each carries one line that names the problem for the user.

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

}  // namespace seis
