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
// where mem.prev(f), mem.model(m), mem.store(f, v) address the updated point.
// Optionally, per-plane features for strategies that keep them in a
// register queue along z (seis/physics/plane_features.hpp).

#include "seis/static_for.hpp"

#include <Kokkos_Core.hpp>

#include <type_traits>
#include <utility>

namespace seis {

// Values of the F wavefields at one point.
template <class Scalar, int F>
struct FieldValues {
  Scalar v[F];
  KOKKOS_INLINE_FUNCTION Scalar operator[](int f) const { return v[f]; }
  KOKKOS_INLINE_FUNCTION Scalar& operator[](int f) { return v[f]; }
};

// A window onto one z-plane of F fields with a common row stride (global
// memory or team scratch), centred on the point being updated.
template <class Scalar, int F>
struct PlaneWindow {
  const Scalar* base[F];
  int row_stride;
  KOKKOS_FORCEINLINE_FUNCTION Scalar operator()(int f, int di, int dj) const {
    return base[f][di + dj * row_stride];
  }
};

// Same, for F fields stored one after another at a fixed distance (scratch).
template <class Scalar, int F>
struct PackedPlaneWindow {
  const Scalar* base;
  int row_stride;
  int field_stride;
  KOKKOS_FORCEINLINE_FUNCTION Scalar operator()(int f, int di, int dj) const {
    return base[f * field_stride + di + dj * row_stride];
  }
};

// A plane whose term only reads the point itself (plane_reach == 0), served
// from registers.
template <class Scalar, int F>
struct PointPlane {
  FieldValues<Scalar, F> values;
  KOKKOS_FORCEINLINE_FUNCTION Scalar operator()(int f, int, int) const { return values.v[f]; }
};

// The largest |dz| whose plane term reaches off the point (0 when only the
// centre plane has in-plane neighbours, as for a star stencil).
template <class Physics>
constexpr int off_plane_depth() {
  int depth = 0;
  for (int dz = 1; dz <= Physics::radius; ++dz)
    if (Physics::plane_reach(dz) > 0 || Physics::plane_reach(-dz) > 0) depth = dz;
  return depth;
}

// The largest in-plane reach over all planes: the tile halo a strategy stages.
template <class Physics>
constexpr int max_plane_reach() {
  int reach = 0;
  for (int dz = -Physics::radius; dz <= Physics::radius; ++dz)
    if (Physics::plane_reach(dz) > reach) reach = Physics::plane_reach(dz);
  return reach;
}

// Minimal DRAM bytes per updated point (physics.md §7): read the F current and
// F previous fields and the model, write F new values in place.
template <class Physics>
constexpr int min_bytes_per_point() {
  return (3 * Physics::num_fields + Physics::num_model) * int(sizeof(typename Physics::scalar_type));
}

}  // namespace seis
