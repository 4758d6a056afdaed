// Catch2 (v2 or v3) session inside Kokkos initialize/finalize.
#define CATCH_CONFIG_RUNNER
#include "catch_compat.hpp"

#include <Kokkos_Core.hpp>

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  int result = 0;
  {
    result = Catch::Session().run(argc, argv);
  }
  Kokkos::finalize();
  return result;
}
