#pragma once
// Kept for the includes that name it; the loops live in seis/math/static_for.hpp.

#include <Kokkos_Core.hpp>  // first, so that the math takes Kokkos' qualifiers

#include "seis/math/static_for.hpp"
