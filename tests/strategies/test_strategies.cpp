// Every strategy x every block shape it offers agrees with gmem_3d.
#include "catch_compat.hpp"
#include "test_support.hpp"

#include "seis/errors.hpp"
#include "seis/norms.hpp"
#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"
#include "seis/policies/registry.hpp"
#include "seis/wave_state.hpp"

#include "seis/regions.hpp"

#include <cstring>
#include <random>

using namespace seis;

namespace {

// Random wavefields (whole padded box) and a random, stable, variable model
// over the interior: V in [0.04, 0.1) with unit spacing (V * 19.5 < 4, the
// CFL bound); for TTI eps in [0, 0.2), delta in [0, eps), any axis.
template <class Physics>
void randomise(WaveState<Physics>& s, unsigned seed) {
  using Scalar = typename Physics::scalar_type;
  const Grid& g = s.grid();
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(0, 1);
  const std::size_t n = std::size_t(g.storage_size());
  for (int f = 0; f < Physics::num_fields; ++f)
    for (auto* field : {&s.current(f), &s.previous(f)}) {
      std::vector<Scalar> v(n);
      for (auto& x : v) x = Scalar(2 * u(gen) - 1);
      test::from_host(*field, v);
    }
  std::vector<std::vector<Scalar>> m(Physics::num_model, std::vector<Scalar>(n, Scalar(0)));
  for (int z = 0; z < g.nz(); ++z)
    for (int y = 0; y < g.ny(); ++y)
      for (int x = 0; x < g.nx(); ++x) {
        const std::size_t i = std::size_t(g.index(x, y, z));
        const double V = 0.04 + 0.06 * u(gen);
        m[0][i] = Scalar(V);
        if constexpr (Physics::num_model == 5) {
          const double eps = 0.2 * u(gen), delta = eps * u(gen);
          const double theta = M_PI / 2 * u(gen), phi = 2 * M_PI * u(gen);
          m[1][i] = Scalar((1 + 2 * delta) * V);
          m[2][i] = Scalar(2 * (eps - delta) * V);
          m[3][i] = Scalar(std::sin(theta) * std::cos(phi));
          m[4][i] = Scalar(std::sin(theta) * std::sin(phi));
        }
      }
  for (int k = 0; k < Physics::num_model; ++k) test::from_host(s.model(k), m[std::size_t(k)]);
}

template <class Physics>
void advance(const StencilOperator<Physics>& op, WaveState<Physics>& s, const Box& box, int steps) {
  const Physics physics(s.grid());
  for (int t = 0; t < steps; ++t) {
    op.apply(s.step_data(physics), box);
    s.advance();
  }
  Kokkos::fence();
}

template <class Physics>
void check_against_reference(int nx, int ny, int nz) {
  const Grid g(nx, ny, nz, 1, 1, 1, sizeof(typename Physics::scalar_type));
  // A box that starts off the origin and off any vector boundary, as the
  // inner region of a run with absorbing layers does.
  const Box box{3, nx - 2, 2, ny - 3, 1, nz - 2};
  const int steps = 50;
  WaveState<Physics> ref(g);
  randomise(ref, 7);
  advance(*make_strategy<Physics>("gmem_3d"), ref, box, steps);

  int checked = 0;
  for (const auto& info : strategy_catalogue()) {
    if (!strategy_unavailable_reason(info).empty()) {
      WARN(info.name << " not offered on this backend: " << strategy_unavailable_reason(info));
      continue;
    }
    for (const auto& shape : info.shapes) {
      const std::string spec = info.name + ":" + shape;
      std::unique_ptr<StencilOperator<Physics>> op;
      try {
        op = make_strategy<Physics>(spec);
      } catch (const ConfigError& e) {
        WARN(spec << " (" << Physics::name() << ") not offered on this device: " << e.what());
        continue;
      }
      WaveState<Physics> s(g);
      randomise(s, 7);
      advance(*op, s, box, steps);
      for (int f = 0; f < Physics::num_fields; ++f) {
        const double rel = relative_l2(s.current(f), ref.current(f));
        INFO(spec << " " << Physics::name() << " " << nx << "x" << ny << "x" << nz << " field " << f
                  << ": relative L2 " << rel);
        REQUIRE(rel <= 1e-5);
      }
      ++checked;
    }
  }
  REQUIRE(checked >= 30);
}

}  // namespace

// One line per physics: a new physics joins by adding its type here.
TEMPLATE_TEST_CASE("every strategy and block shape agrees with gmem_3d after 50 steps", "[strategies]",
                   IsoPhysics<float>,
                   TtiPhysics<float>) {
  check_against_reference<TestType>(37, 29, 23);
  check_against_reference<TestType>(67, 41, 35);
}

TEST_CASE("strategies leave every point outside their box untouched", "[strategies]") {
  using P = IsoPhysics<float>;
  const Grid g(40, 30, 20, 1, 1, 1, 4);
  const Box box{5, 33, 4, 25, 3, 17};
  for (const auto& info : strategy_catalogue()) {
    if (!strategy_unavailable_reason(info).empty()) continue;
    WaveState<P> s(g);
    randomise(s, 11);
    const auto before = test::to_host(s.previous(0));
    make_strategy<P>(info.name)->apply(s.step_data(P(g)), box);
    const auto after = test::to_host(s.previous(0));
    std::size_t changed_outside = 0, changed_inside = 0;
    for (int z = -4; z < g.nz() + 4; ++z)
      for (int y = -4; y < g.ny() + 4; ++y)
        for (int x = -4; x < g.nx() + 4; ++x) {
          const std::size_t i = std::size_t(g.index(x, y, z));
          const bool changed = before[i] != after[i];
          (box.contains(x, y, z) ? changed_inside : changed_outside) += changed;
        }
    INFO(info.name);
    REQUIRE(changed_outside == 0);
    REQUIRE(changed_inside > std::size_t(box.volume() * 9 / 10));
  }
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
TEMPLATE_TEST_CASE("every strategy gives a point the same value whichever box computes it", "[strategies]",
                   IsoPhysics<float>, TtiPhysics<float>) {
  using P = TestType;
  const Grid g(45, 38, 33, 1, 1, 1, 4);
  const Box whole{3, 42, 2, 35, 1, 31};
  // A core cut 4 points in from some faces, as a sub-domain with neighbours there has.
  const Box core{3, 38, 6, 35, 5, 27};
  for (const auto& info : strategy_catalogue()) {
    if (!strategy_unavailable_reason(info).empty()) continue;
    const auto op = make_strategy<P>(info.name);
    WaveState<P> one(g), split(g);
    randomise(one, 5);
    randomise(split, 5);
    op->apply(one.step_data(P(g)), whole);
    op->apply(split.step_data(P(g)), core);
    for (const Box& b : shell_around(whole, core))
      if (!b.empty()) op->apply(split.step_data(P(g)), b);
    Kokkos::fence();
    for (int f = 0; f < P::num_fields; ++f) {
      const auto a = test::to_host(one.previous(f)), b = test::to_host(split.previous(f));
      std::size_t differ = 0;
      for (std::size_t i = 0; i < a.size(); ++i) differ += std::memcmp(&a[i], &b[i], sizeof(a[i])) != 0;
      INFO(info.name << " (" << P::name() << ") field " << f);
      REQUIRE(differ == 0);
    }
  }
}
