#pragma once
// Vocabulary shared by every physics and every strategy.
//
// A physics describes the operator at one grid point as a sum of plane terms:
// plane_term(dz, plane, coeffs) is the partial sum that plane z+dz adds to the
// point (i, j, z). `plane` is any accessor with plane(f, di, dj) returning
// field f at in-plane offset (di, dj) from the point; the physics never knows
// whether that is global memory, team scratch or a register. `coeffs` are the
// per-point values the plane terms need (none for iso; the tilt products for
// TTI), loaded by the physics from a point accessor.
//
// A physics P provides:
//   scalar_type, accum_type, point_coeffs
//   static constexpr int radius, num_fields, num_model
//   static constexpr int plane_reach(int dz)  -- in-plane x/y reach of plane dz
//   static constexpr bool in_plane_cross_terms -- reads (di, dj) with both != 0
//   accum_type plane_term(int_c<DZ>, plane, coeffs) const
//   point_coeffs coeffs(mem) const
//   void update(accum, center, mem) const     -- writes the new time level
//   cpml_update                                -- its update in the absorbing
//                                                 layer (seis/physics/cpml_update.hpp)
// where mem.prev(f), mem.model(m), mem.store(f, v) address the updated point.
// Optionally, per-plane features for strategies that keep them in a
// register queue along z (seis/physics/plane_features.hpp).

#include <Kokkos_Core.hpp>  // first, so that the shared math takes Kokkos' qualifiers

#include "seis/math/plane_access.hpp"  // FieldValues, the plane windows, reach and depth
#include "seis/static_for.hpp"

namespace seis {

// Minimal DRAM bytes per updated point (physics.md §7): read the F current and
// F previous fields and the model, write F new values in place.
template <class Physics>
constexpr int min_bytes_per_point() {
  return (3 * Physics::num_fields + Physics::num_model) * int(sizeof(typename Physics::scalar_type));
}

}  // namespace seis
