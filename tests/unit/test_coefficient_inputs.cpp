// The coefficient-inputs contract (seis/math/coefficient_inputs.hpp): a
// physics names the model arrays its coeffs() reads, and coeffs() made from
// those values alone (loaded early, the point's other model values unknown)
// gives the bits it gives from the whole point.
#include "catch_compat.hpp"

#include "seis/grid.hpp"
#include "seis/math/coefficient_inputs.hpp"
#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

using namespace seis;

namespace {

// A point's model values (the role of PreloadedPoint).
template <int M>
struct ModelPoint {
  float values[M];
  float model(int m) const { return values[m]; }
};

// Model arrays as a step hands them to a kernel (d.model[m][i]).
template <int M>
struct ModelArrays {
  std::vector<float> arrays[M];
  const float* model[M];
};

}  // namespace

TEST_CASE("a physics without coefficient inputs has none, and TTI's are its tilt axis n_x, n_y",
          "[unit][physics][coefficients]") {
  using Tti = TtiPhysics<float>;
  using Inputs = CoefficientInputs<Tti>;
  static_assert(CoefficientInputs<IsoPhysics<float>>::count == 0, "iso's coeffs read no model value");
  static_assert(Inputs::count == 2, "TTI's coeffs read n_x and n_y");
  static_assert(Inputs::holds(Tti::nx_model) && Inputs::holds(Tti::ny_model), "n_x, n_y are inputs");
  static_assert(!Inputs::holds(Tti::v_model) && !Inputs::holds(Tti::a_model) && !Inputs::holds(Tti::b_model),
                "V, A, B enter the update only");
  CHECK(Inputs::count == 2);
}

TEST_CASE("TTI's coefficients from its early-loaded inputs equal those of the whole point bit for bit",
          "[unit][physics][coefficients]") {
  using Tti = TtiPhysics<float>;
  constexpr int M = Tti::num_model;
  using Inputs = CoefficientInputs<Tti>;
  const Tti tti(Grid(16, 16, 16, 10.0, 12.0, 8.0, 4));
  constexpr int points = 64;
  std::mt19937 gen(7);
  std::uniform_real_distribution<float> u(-1, 1);
  ModelArrays<M> step;
  for (int m = 0; m < M; ++m) {
    step.arrays[m].resize(points);
    for (auto& x : step.arrays[m]) x = u(gen);
    step.model[m] = step.arrays[m].data();
  }
  // Axes on and beyond the unit circle too (n_z = 0 there).
  step.arrays[Tti::nx_model][0] = 1.0f;
  step.arrays[Tti::ny_model][0] = 0.0f;
  step.arrays[Tti::nx_model][1] = 0.8f;
  step.arrays[Tti::ny_model][1] = 0.7f;
  // The point's own model values all unknown (NaN): coeffs() may read only
  // its inputs, and those only from what load() fetched at the point.
  ModelPoint<M> unknown;
  for (auto& x : unknown.values) x = std::numeric_limits<float>::quiet_NaN();
  for (int i = 0; i < points; ++i) {
    ModelPoint<M> whole;
    for (int m = 0; m < M; ++m) whole.values[m] = step.arrays[m][std::size_t(i)];
    Inputs early;
    early.load(step, i);
    const auto direct = tti.coeffs(whole);
    const auto through_inputs = tti.coeffs(WithCoefficientInputs<ModelPoint<M>, Inputs>{unknown, early});
    CHECK(std::memcmp(&direct, &through_inputs, sizeof direct) == 0);
    CHECK(through_inputs.xy2 == direct.xy2);  // (a NaN would fail here too)
  }
}

TEST_CASE("the other model values come from the point", "[unit][physics][coefficients]") {
  using Tti = TtiPhysics<float>;
  using Inputs = CoefficientInputs<Tti>;
  ModelPoint<Tti::num_model> point{{1, 2, 3, 4, 5}};
  Inputs early;
  early.values[0] = 40;  // n_x
  early.values[1] = 50;  // n_y
  const WithCoefficientInputs<ModelPoint<Tti::num_model>, Inputs> mem{point, early};
  CHECK(mem.model(Tti::v_model) == 1);
  CHECK(mem.model(Tti::a_model) == 2);
  CHECK(mem.model(Tti::b_model) == 3);
  CHECK(mem.model(Tti::nx_model) == 40);
  CHECK(mem.model(Tti::ny_model) == 50);
}
