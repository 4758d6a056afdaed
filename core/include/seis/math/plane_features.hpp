#pragma once
// Plane features: an optional part of the physics contract
// (seis/physics/plane_terms.hpp; plain C++ here, shared with the native twins)
// for strategies that stream along z with a register queue.
//
// A plane's off-centre terms (0 < |dz| <= radius) often need the same few
// values of that plane for every point that uses it: TTI's planes z+-1, z+-2
// need the first derivatives D1x, D1y of s = p + q and of p, and a strategy
// that evaluates plane_term(dz, plane, coeffs) for each of the four points
// using the plane recomputes them four times from 32 neighbours. A physics
// that declares features lets a strategy compute them once per plane and
// column, keep them in a register queue along z, and sum the off-centre
// planes from registers; the centre plane keeps its plane_term.
//
// A physics declaring features provides:
//   plane_features                       -- what the off-centre terms need of one plane
//   feature_sum                          -- partial sums over the off-centre planes
//   static constexpr int feature_depth   -- planes |dz| <= feature_depth need in-plane
//                                           neighbours for their features (0: none)
//   plane_features point_features(values) const     -- the part the point's own values give
//   void add_in_plane_features(features&, plane) const
//                                        -- the rest, from in-plane neighbours of a plane
//                                           accessor (reach plane_reach(dz), |dz| <= depth)
//   void add_features(int_c<DZ>, feature_sum&, const plane_features&) const   -- DZ != 0
//   accum_type feature_term(const feature_sum&, const point_coeffs&) const
// so that, up to rounding, for every point
//   sum over dz != 0 of plane_term(dz, plane z+dz, coeffs)
//     == feature_term(sum over dz != 0 of add_features(dz, features of plane z+dz), coeffs).
// Per-point coefficients enter once, in feature_term, not once per plane.
//
// Staged features, optional on top of these: a centre term that reads some
// of a plane's features at in-plane neighbours (TTI: D1y of D1x p, D1x q).
// A strategy that keeps planes in shared memory may stage those values of
// each plane once (the columns of its tile and `staged_reach` rows above and
// below) and evaluate the centre plane from them. A physics declaring them
// provides:
//   static constexpr int staged_features, staged_reach   -- values per point, rows
//   staged_values                                         -- FieldValues<Scalar, staged_features>
//   staged_values staged(const plane_features&) const     -- a plane's, from its completed features
//   staged_values staged_at(plane) const                  -- the same from a plane accessor
//                                                            (rows outside the tile)
//   accum_type centre_term(plane, staged, coeffs) const   -- staged(k, 0, dj), |dj| <= reach
// so that centre_term(plane, staged values of that plane, coeffs) is
// plane_term(0, plane, coeffs) up to rounding (TTI: bit for bit, the same
// expressions). StagedFeatures<Physics> is what strategies use: its staged
// is 0 for a physics without them, and its centre() is then plane_term(0).
//
// PlaneFeatures<Physics> is what strategies (and the native twin of
// st_reg_feat) use: it forwards to the physics'
// own features, or, for a physics without them whose off-centre planes read
// only the point itself (a star stencil), takes a plane's values as its
// features and its plane_term as the sum.

#include "seis/math/plane_access.hpp"  // FieldValues, PointPlane, off_plane_depth
#include "seis/math/static_for.hpp"     // int_c

#include <type_traits>

namespace seis {

// The staged-features part of the adapter: none (staged == 0, the centre
// plane through plane_term) unless the physics declares staged_features.
template <class Physics, class = void>
struct StagedFeatures {
  static constexpr int staged = 0, staged_reach = 0;
  template <class Plane, class Staged>
  SEIS_FORCEINLINE static typename Physics::accum_type centre(const Physics& physics, const Plane& plane,
                                                              const Staged&,
                                                              const typename Physics::point_coeffs& coeffs) {
    return physics.plane_term(int_c<0>{}, plane, coeffs);
  }
};

template <class Physics>
struct StagedFeatures<Physics, std::void_t<decltype(Physics::staged_features)>> {
  static constexpr int staged = Physics::staged_features, staged_reach = Physics::staged_reach;
  using staged_type = typename Physics::staged_values;
  SEIS_FORCEINLINE static staged_type staged_of(const Physics& physics, const typename Physics::plane_features& f) {
    return physics.staged(f);
  }
  template <class Plane>
  SEIS_FORCEINLINE static staged_type staged_at(const Physics& physics, const Plane& plane) {
    return physics.staged_at(plane);
  }
  template <class Plane, class Staged>
  SEIS_FORCEINLINE static typename Physics::accum_type centre(const Physics& physics, const Plane& plane,
                                                              const Staged& staged,
                                                              const typename Physics::point_coeffs& coeffs) {
    return physics.centre_term(plane, staged, coeffs);
  }
};

template <class Physics, class = void>
struct PlaneFeatures {
  static_assert(off_plane_depth<Physics>() == 0,
                "a physics whose off-centre planes read in-plane neighbours declares plane features "
                "(seis/math/plane_features.hpp)");
  using scalar_type = typename Physics::scalar_type;
  using values_type = FieldValues<scalar_type, Physics::num_fields>;
  using features_type = values_type;
  using sum_type = typename Physics::accum_type;
  static constexpr int depth = 0;

  const Physics& physics;
  const typename Physics::point_coeffs& coeffs;

  SEIS_FORCEINLINE static features_type point_features(const Physics&, const values_type& v) {
    return v;
  }
  template <class Plane>
  SEIS_FORCEINLINE static void add_in_plane_features(const Physics&, features_type&, const Plane&) {}
  template <int DZ>
  SEIS_FORCEINLINE void add(int_c<DZ> dz, sum_type& sum, const features_type& f) const {
    sum += physics.plane_term(dz, PointPlane<scalar_type, Physics::num_fields>{f}, coeffs);
  }
  SEIS_FORCEINLINE sum_type term(const sum_type& sum) const { return sum; }
};

template <class Physics>
struct PlaneFeatures<Physics, std::void_t<typename Physics::plane_features>> {
  static_assert(Physics::feature_depth >= off_plane_depth<Physics>(),
                "every plane whose term reads in-plane neighbours gets them through its features");
  using scalar_type = typename Physics::scalar_type;
  using values_type = FieldValues<scalar_type, Physics::num_fields>;
  using features_type = typename Physics::plane_features;
  using sum_type = typename Physics::feature_sum;
  static constexpr int depth = Physics::feature_depth;

  const Physics& physics;
  const typename Physics::point_coeffs& coeffs;

  SEIS_FORCEINLINE static features_type point_features(const Physics& p, const values_type& v) {
    return p.point_features(v);
  }
  template <class Plane>
  SEIS_FORCEINLINE static void add_in_plane_features(const Physics& p, features_type& f,
                                                                const Plane& plane) {
    p.add_in_plane_features(f, plane);
  }
  template <int DZ>
  SEIS_FORCEINLINE void add(int_c<DZ> dz, sum_type& sum, const features_type& f) const {
    physics.add_features(dz, sum, f);
  }
  SEIS_FORCEINLINE typename Physics::accum_type term(const sum_type& sum) const {
    return physics.feature_term(sum, coeffs);
  }
};

}  // namespace seis
