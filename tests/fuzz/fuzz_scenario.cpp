// libFuzzer target for the scenario parser: any bytes must give a Scenario or
// an InputError (one line for the user), never a crash, a hang, undefined
// behaviour or another exception. Built and run by tests/sanitizers.sh.

#include "seis/errors.hpp"
#include "seis/scenario.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const seis::Scenario s = seis::parse_scenario(text, "fuzz", "/nonexistent", "fuzz");
    (void)s;
  } catch (const seis::InputError& e) {
    const std::string message = e.what();
    if (message.empty()) __builtin_trap();  // errors must say what is wrong
  }
  return 0;
}
