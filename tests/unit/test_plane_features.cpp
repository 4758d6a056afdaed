// The plane-feature contract (seis/physics/plane_features.hpp): summing the
// off-centre planes through their features gives what their plane terms give.
#include "catch_compat.hpp"

#include "seis/grid.hpp"
#include "seis/physics/iso.hpp"
#include "seis/physics/plane_features.hpp"
#include "seis/physics/tti.hpp"

#include <cmath>
#include <random>
#include <vector>

using namespace seis;

namespace {

// Random values of F fields on the (2R+1)^3 neighbourhood of a point.
template <int F>
struct Neighbourhood {
  static constexpr int R = stencil_radius, N = 2 * R + 1;
  std::vector<float> v = std::vector<float>(std::size_t(F * N * N * N));
  explicit Neighbourhood(unsigned seed) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> u(-1, 1);
    for (auto& x : v) x = u(gen);
  }
  float at(int f, int di, int dj, int dz) const {
    return v[std::size_t(((f * N + dz + R) * N + dj + R) * N + di + R)];
  }
};

template <int F>
struct PlaneOf {
  const Neighbourhood<F>& n;
  int dz;
  float operator()(int f, int di, int dj) const { return n.at(f, di, dj, dz); }
};

// Model values at the point (TTI reads its tilt from n_x, n_y).
struct PointModel {
  float values[5] = {0.05f, 0.06f, 0.01f, 0.4f, -0.3f};
  float model(int m) const { return values[m]; }
};

// sum over dz != 0 of plane_term, and the same through the features;
// returns {plane terms, features, sum of |plane term| for the tolerance}.
template <class Physics, class Accum, class Part>
void compare(const Physics& physics, unsigned seed, Part part) {
  constexpr int F = Physics::num_fields, R = Physics::radius;
  const Neighbourhood<F> nb(seed);
  const auto coeffs = physics.coeffs(PointModel{});
  using Features = PlaneFeatures<Physics>;
  const Features features{physics, coeffs};
  Accum direct{};
  typename Features::sum_type sum{};
  double scale = 0;
  static_for<-R, R + 1>([&](auto dz) {
    constexpr int DZ = decltype(dz)::value;
    if constexpr (DZ != 0) {
      const PlaneOf<F> plane{nb, DZ};
      const Accum term = physics.plane_term(dz, plane, coeffs);
      direct += term;
      scale += std::abs(double(part(term)));
      FieldValues<float, F> own;
      for (int f = 0; f < F; ++f) own[f] = plane(f, 0, 0);
      auto plane_features = Features::point_features(physics, own);
      if constexpr (DZ >= -Features::depth && DZ <= Features::depth)
        Features::add_in_plane_features(physics, plane_features, plane);
      features.add(dz, sum, plane_features);
    }
  });
  const Accum through_features = features.term(sum);
  // float sums of 8 planes in another order: a few ulps of the magnitudes.
  CHECK(std::abs(double(part(through_features)) - double(part(direct))) <= 1e-6 * scale);
}

}  // namespace

TEST_CASE("iso's plane features give the z arms its plane terms give", "[physics][features]") {
  const IsoPhysics<float> iso(Grid(16, 16, 16, 10.0, 12.0, 8.0, 4));
  for (unsigned seed = 1; seed <= 5; ++seed) compare<IsoPhysics<float>, float>(iso, seed, [](float a) { return a; });
}

TEST_CASE("TTI's plane features give the off-centre terms of Z and H p its plane terms give, for any tilt",
          "[physics][features]") {
  using Tti = TtiPhysics<float>;
  const Tti tti(Grid(16, 16, 16, 10.0, 12.0, 8.0, 4));
  for (unsigned seed = 1; seed <= 5; ++seed) {
    compare<Tti, Tti::accum_type>(tti, seed, [](const Tti::accum_type& a) { return a.z; });
    compare<Tti, Tti::accum_type>(tti, seed, [](const Tti::accum_type& a) { return a.hp; });
  }
}

TEST_CASE("TTI's centre term from the staged D1x of its rows gives its plane term bit for bit",
          "[physics][features]") {
  using Tti = TtiPhysics<float>;
  using Centre = StagedFeatures<Tti>;
  static_assert(Centre::staged == 2 && Centre::staged_reach == 2, "TTI stages D1x p, D1x q two rows out");
  static_assert(StagedFeatures<IsoPhysics<float>>::staged == 0, "iso stages nothing");
  const Tti tti(Grid(16, 16, 16, 10.0, 12.0, 8.0, 4));
  const auto coeffs = tti.coeffs(PointModel{});
  for (unsigned seed = 1; seed <= 5; ++seed) {
    const Neighbourhood<2> nb(seed);
    const PlaneOf<2> plane{nb, 0};
    // The plane seen from (di, dj): staged_at there, and the features a
    // strategy completes there (add_in_plane_features), must give the same
    // bits, since a strategy stages the one inside its tile and the other
    // in the rows outside it.
    auto shifted = [&](int di, int dj) {
      return [&, di, dj](int f, int a, int b) { return plane(f, di + a, dj + b); };
    };
    for (int dj = -Centre::staged_reach; dj <= Centre::staged_reach; ++dj) {
      const auto from_plane = Centre::staged_at(tti, shifted(0, dj));
      Tti::plane_features f = tti.point_features(FieldValues<float, 2>{{plane(0, 0, dj), plane(1, 0, dj)}});
      tti.add_in_plane_features(f, shifted(0, dj));
      const auto from_features = Centre::staged_of(tti, f);
      for (int k = 0; k < Centre::staged; ++k) CHECK(from_plane[k] == from_features[k]);
    }
    auto staged = [&](int k, int di, int dj) { return Centre::staged_at(tti, shifted(di, dj))[k]; };
    const Tti::accum_type direct = tti.plane_term(int_c<0>{}, plane, coeffs);
    const Tti::accum_type through_staged = Centre::centre(tti, plane, staged, coeffs);
    // The same expressions in the same order: bit for bit.
    CHECK(through_staged.z == direct.z);
    CHECK(through_staged.hp == direct.hp);
    // And a term that depends on the staged values: a wrong D1x row changes it.
    auto off_by_one = [&](int k, int di, int dj) { return staged(k, di, dj == 2 ? 1 : dj); };
    CHECK(Centre::centre(tti, plane, off_by_one, coeffs).hp != direct.hp);
  }
}
