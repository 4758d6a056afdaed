#pragma once
// Plane features (the optional part of the physics contract for strategies
// that stream along z with a register queue): the contract and its adapter
// live in the shared math (seis/math/plane_features.hpp) so that the native
// twin of st_reg_feat runs the same code; this header includes it after
// Kokkos, so that the shared math takes Kokkos' qualifiers.
#include "seis/physics/plane_terms.hpp"
#include "seis/math/plane_features.hpp"
