#pragma once
// How a plane term sees the data (docs/design.md, "physics × strategy"): the
// values of a point, and windows onto one z-plane. A plane term reads
// plane(f, di, dj), field f at in-plane offset (di, dj) of the updated point,
// and never knows whether that is global memory, shared memory (team scratch)
// or a register. Shared by the Kokkos strategies and the native twins.

#include "seis/math/host_device.hpp"

namespace seis {

// Values of the F wavefields at one point.
template <class Scalar, int F>
struct FieldValues {
  Scalar v[F];
  SEIS_INLINE Scalar operator[](int f) const { return v[f]; }
  SEIS_INLINE Scalar& operator[](int f) { return v[f]; }
};

// A window onto one z-plane of F fields with a common row stride (global
// memory or team scratch), centred on the point being updated.
template <class Scalar, int F>
struct PlaneWindow {
  const Scalar* base[F];
  int row_stride;
  SEIS_FORCEINLINE Scalar operator()(int f, int di, int dj) const { return base[f][di + dj * row_stride]; }
};

// Same, for F fields stored one after another at a fixed distance (scratch).
template <class Scalar, int F>
struct PackedPlaneWindow {
  const Scalar* base;
  int row_stride;
  int field_stride;
  SEIS_FORCEINLINE Scalar operator()(int f, int di, int dj) const {
    return base[f * field_stride + di + dj * row_stride];
  }
};

// A staged plane whose rows are Pitch apart and whose fields are interleaved
// within a row (field f of row r at r * F * Pitch + f * Pitch), centred on
// the point being updated: every (f, di, dj) is a compile-time offset once
// the physics' loops unroll (st_reg_feat and its native twin).
template <class Scalar, int F, int Pitch>
struct InterleavedPlane {
  const Scalar* centre;
  SEIS_FORCEINLINE Scalar operator()(int f, int di, int dj) const { return centre[dj * (F * Pitch) + f * Pitch + di]; }
};

// A plane whose term only reads the point itself (plane_reach == 0), served
// from registers.
template <class Scalar, int F>
struct PointPlane {
  FieldValues<Scalar, F> values;
  SEIS_FORCEINLINE Scalar operator()(int f, int, int) const { return values.v[f]; }
};

// The freshly loaded plane as one point sees it (sliding_window): its own
// row from registers, every other row from shared memory (team scratch).
template <class Scalar, int F, int XLEN>
struct RegisterRowPlane {
  const Scalar (&row)[F][XLEN];
  int x;  // position of the point in `row`
  const Scalar* scratch;
  int row_stride, field_stride;
  SEIS_FORCEINLINE Scalar operator()(int f, int di, int dj) const {
    return dj == 0 ? row[f][x + di] : scratch[f * field_stride + di + dj * row_stride];
  }
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

}  // namespace seis
