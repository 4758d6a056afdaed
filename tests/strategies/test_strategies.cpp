// Every strategy x every block shape it offers agrees with gmem_3d, for the
// physics of runs, on the default execution space and (GPU builds) the host
// one (the checks, for any physics and space: cross_strategy.hpp).
#include "cross_strategy.hpp"

#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"

#include <cmath>

using namespace seis;

// A random TTI model point: V as any physics, eps in [0, 0.2), delta in
// [0, eps), any axis, pre-scaled as the TTI model builder does.
namespace seis::test {
template <>
struct RandomModel<TtiPhysics<float>> {
  template <class Uniform>
  std::array<double, 5> operator()(Uniform& u) const {
    const double V = 0.04 + 0.06 * u();
    const double eps = 0.2 * u(), delta = eps * u();
    const double theta = M_PI / 2 * u(), phi = 2 * M_PI * u();
    return std::array<double, 5>{{V, (1 + 2 * delta) * V, 2 * (eps - delta) * V, std::sin(theta) * std::cos(phi),
                                  std::sin(theta) * std::sin(phi)}};
  }
};
}  // namespace seis::test

// One line per physics: a new physics joins by adding its type here.
TEMPLATE_PRODUCT_TEST_CASE("every strategy and block shape agrees with gmem_3d after 50 steps", "[strategies]",
                           (SEIS_TEST_SPACES), (IsoPhysics<float>, TtiPhysics<float>)) {
  using P = typename TestType::type;
  using Exec = typename TestType::exec;
  REQUIRE(test::check_against_reference<P, Exec>(37, 29, 23) >= 30);
  REQUIRE(test::check_against_reference<P, Exec>(67, 41, 35) >= 30);
}

TEMPLATE_PRODUCT_TEST_CASE("strategies leave every point outside their box untouched", "[strategies]",
                           (SEIS_TEST_SPACES), (IsoPhysics<float>)) {
  test::check_only_box_written<typename TestType::type, typename TestType::exec>();
}

TEST_CASE("block shapes beyond the device's limits are refused with a clear error", "[strategies]") {
  using P = IsoPhysics<float>;
  REQUIRE_THROWS_AS(make_strategy<P>("semi_b_a:64x64"), ConfigError);
  try {
    make_strategy<P>("semi_b_a:64x64");
  } catch (const ConfigError& e) {
    const std::string msg = e.what();
    REQUIRE(msg.find("semi_b_a with block 64x64") != std::string::npos);
  }
  REQUIRE_THROWS_AS(make_strategy<P>("nonesuch"), InputError);
}

// Distributed runs compute the inner region of a sub-domain as a halo-free
// core and a shell of up to six boxes (seis/distributed/): each point must
// get bitwise the value it gets when the region is one box.
TEMPLATE_PRODUCT_TEST_CASE("every strategy gives a point the same value whichever box computes it", "[strategies]",
                           (SEIS_TEST_SPACES), (IsoPhysics<float>, TtiPhysics<float>)) {
  test::check_same_value_whichever_box<typename TestType::type, typename TestType::exec>();
}
