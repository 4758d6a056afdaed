#pragma once
// The cross-strategy checks, for any physics and execution space: every
// strategy x every block shape it offers agrees with gmem_3d, and gives a
// point the same value whichever box computes it. test_strategies.cpp runs
// them for the physics of runs, test_user_defined_physics.cpp for a physics
// of the tests, each on the spaces of exec_spaces.hpp (the strategies of a
// space other than the library's default are compiled there:
// registry_definitions.hpp).

#include "catch_compat.hpp"
#include "exec_spaces.hpp"
#include "test_support.hpp"

#include "seis/errors.hpp"
#include "seis/norms.hpp"
#include "seis/policies/registry_definitions.hpp"
#include "seis/regions.hpp"
#include "seis/wave_state.hpp"

#include <array>
#include <cstring>
#include <random>
#include <vector>

namespace seis::test {

// The model values at one point of a random, stable, variable model with
// unit spacing: V = v^2 dt^2 in [0.04, 0.1) (V * 19.5 < 4, the 8th-order
// CFL bound, and V * 12 < 4, the 7-point one). A physics with more model
// arrays than V specialises this (test_strategies.cpp: TTI).
template <class Physics>
struct RandomModel {
  static_assert(Physics::num_model == 1, "a physics with more model arrays than V specialises RandomModel");
  template <class Uniform>
  std::array<double, 1> operator()(Uniform& u) const {
    return std::array<double, 1>{{0.04 + 0.06 * u()}};
  }
};

// Random wavefields in [-1, 1) (whole padded box) and a RandomModel over the
// interior (0 in the halo).
template <class Physics, class MemSpace>
void randomise(WaveState<Physics, MemSpace>& s, unsigned seed) {
  using Scalar = typename Physics::scalar_type;
  const Grid& g = s.grid();
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> dist(0, 1);
  auto u = [&] { return dist(gen); };
  const std::size_t n = std::size_t(g.storage_size());
  for (int f = 0; f < Physics::num_fields; ++f)
    for (auto* field : {&s.current(f), &s.previous(f)}) {
      std::vector<Scalar> v(n);
      for (auto& x : v) x = Scalar(2 * u() - 1);
      from_host(*field, v);
    }
  std::vector<std::vector<Scalar>> m(Physics::num_model, std::vector<Scalar>(n, Scalar(0)));
  for (int z = 0; z < g.nz(); ++z)
    for (int y = 0; y < g.ny(); ++y)
      for (int x = 0; x < g.nx(); ++x) {
        const std::size_t i = std::size_t(g.index(x, y, z));
        const auto values = RandomModel<Physics>{}(u);
        for (int k = 0; k < Physics::num_model; ++k) m[std::size_t(k)][i] = Scalar(values[std::size_t(k)]);
      }
  for (int k = 0; k < Physics::num_model; ++k) from_host(s.model(k), m[std::size_t(k)]);
}

template <class Physics, class MemSpace>
void advance(const StencilOperator<Physics>& op, WaveState<Physics, MemSpace>& s, const Box& box, int steps) {
  const Physics physics(s.grid());
  for (int t = 0; t < steps; ++t) {
    op.apply(s.step_data(physics), box);
    s.advance();
  }
  Kokkos::fence();
}

// Every strategy at every offered shape Exec runs, 50 steps on an
// nx x ny x nz grid from the same random state, against gmem_3d: relative
// L2 of every field <= 1e-5 (float; the strategies sum the same terms in
// other orders, and 50 steps of rounding stay orders of magnitude below).
// Returns how many specs were checked.
template <class Physics, class Exec>
int check_against_reference(int nx, int ny, int nz) {
  using State = WaveState<Physics, MemOf<Exec>>;
  const Grid g(nx, ny, nz, 1, 1, 1, sizeof(typename Physics::scalar_type));
  // A box that starts off the origin and off any vector boundary, as the
  // inner region of a run with absorbing layers does.
  const Box box{3, nx - 2, 2, ny - 3, 1, nz - 2};
  const int steps = 50;
  State ref(g);
  randomise(ref, 7);
  advance(*make_strategy<Physics, Exec>("gmem_3d"), ref, box, steps);

  int checked = 0;
  for (const auto& info : strategy_catalogue()) {
    const std::string why_not = strategy_unavailable_reason<Exec>(info);
    if (!why_not.empty()) {
      WARN(info.name << " not offered on " << Exec::name() << ": " << why_not);
      continue;
    }
    for (const auto& shape : info.shapes) {
      const std::string spec = info.name + ":" + shape;
      std::unique_ptr<StencilOperator<Physics>> op;
      try {
        op = make_strategy<Physics, Exec>(spec);
      } catch (const ConfigError& e) {
        WARN(spec << " (" << Physics::name() << ") not offered on " << Exec::name() << ": " << e.what());
        continue;
      }
      State s(g);
      randomise(s, 7);
      advance(*op, s, box, steps);
      for (int f = 0; f < Physics::num_fields; ++f) {
        const double rel = relative_l2(s.current(f), ref.current(f));
        INFO(spec << " " << Physics::name() << " on " << Exec::name() << " " << nx << "x" << ny << "x" << nz
                  << " field " << f << ": relative L2 " << rel);
        REQUIRE(rel <= 1e-5);
      }
      ++checked;
    }
  }
  return checked;
}

// Every strategy (default shape) writes every point of its box, one step, and
// nothing outside it (halo included).
template <class P, class Exec>
void check_only_box_written() {
  const Grid g(40, 30, 20, 1, 1, 1, sizeof(typename P::scalar_type));
  const Box box{5, 33, 4, 25, 3, 17};
  for (const auto& info : strategy_catalogue()) {
    if (!strategy_unavailable_reason<Exec>(info).empty()) continue;
    WaveState<P, MemOf<Exec>> s(g);
    randomise(s, 11);
    const auto before = to_host(s.previous(0));
    make_strategy<P, Exec>(info.name)->apply(s.step_data(P(g)), box);
    const auto after = to_host(s.previous(0));
    std::size_t changed_outside = 0, changed_inside = 0;
    for (int z = -Grid::radius; z < g.nz() + Grid::radius; ++z)
      for (int y = -Grid::radius; y < g.ny() + Grid::radius; ++y)
        for (int x = -Grid::radius; x < g.nx() + Grid::radius; ++x) {
          const std::size_t i = std::size_t(g.index(x, y, z));
          const bool changed = before[i] != after[i];
          (box.contains(x, y, z) ? changed_inside : changed_outside) += changed;
        }
    INFO(info.name << " on " << Exec::name());
    REQUIRE(changed_outside == 0);
    REQUIRE(changed_inside > std::size_t(box.volume() * 9 / 10));
  }
}

// Distributed runs compute the inner region of a sub-domain as a halo-free
// core and a shell of up to six boxes (seis/distributed/): each point must
// get bitwise the value it gets when the region is one box, with every
// strategy (default shape).
template <class Physics, class Exec>
void check_same_value_whichever_box() {
  using P = Physics;
  const Grid g(45, 38, 33, 1, 1, 1, sizeof(typename P::scalar_type));
  const Box whole{3, 42, 2, 35, 1, 31};
  // A core cut 4 points in from some faces, as a sub-domain with neighbours there has.
  const Box core{3, 38, 6, 35, 5, 27};
  for (const auto& info : strategy_catalogue()) {
    if (!strategy_unavailable_reason<Exec>(info).empty()) continue;
    const auto op = make_strategy<P, Exec>(info.name);
    WaveState<P, MemOf<Exec>> one(g), split(g);
    randomise(one, 5);
    randomise(split, 5);
    op->apply(one.step_data(P(g)), whole);
    op->apply(split.step_data(P(g)), core);
    for (const Box& b : shell_around(whole, core))
      if (!b.empty()) op->apply(split.step_data(P(g)), b);
    Kokkos::fence();
    for (int f = 0; f < P::num_fields; ++f) {
      const auto a = to_host(one.previous(f)), b = to_host(split.previous(f));
      std::size_t differ = 0;
      for (std::size_t i = 0; i < a.size(); ++i) differ += std::memcmp(&a[i], &b[i], sizeof(a[i])) != 0;
      INFO(info.name << " (" << P::name() << ") on " << Exec::name() << " field " << f);
      REQUIRE(differ == 0);
    }
  }
}

}  // namespace seis::test
