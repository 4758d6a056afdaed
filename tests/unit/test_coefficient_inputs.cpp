// The coefficient-inputs contract (seis/math/coefficient_inputs.hpp): a
// physics names the model arrays its coeffs() reads, and coeffs() of a
// point whose inputs were copied ahead (ScratchPointOf,
// seis/math/point_memory.hpp) gives the bits it gives from the whole point.
#include "catch_compat.hpp"

#include "seis/grid.hpp"
#include "seis/math/coefficient_inputs.hpp"
#include "seis/math/point_memory.hpp"
#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

using namespace seis;

namespace {

// Copies made at once (the portable "asynchronous" copy), plain stores.
struct PlainCopies {
  template <int N>
  static void async_copy_vector(float* to, const float* from) {
    for (int i = 0; i < N; ++i) to[i] = from[i];
  }
  static void store_streaming(float* p, float v) { *p = v; }
};

// One step's arrays as a kernel sees them (d.next[f][i], d.model[m][i]).
template <int F, int M>
struct StepArrays {
  std::vector<float> next_arrays[F], model_arrays[M];
  float* next[F];
  const float* model[M];
};

// A point's model values (the role of PreloadedPoint).
template <int M>
struct ModelPoint {
  float values[M];
  float model(int m) const { return values[m]; }
};

}  // namespace

TEST_CASE("a physics without coefficient inputs has none, and TTI's are its tilt axis n_x, n_y",
          "[unit][physics][coefficients]") {
  using Tti = TtiPhysics<float>;
  using List = CoefficientModels<Tti>::type;
  static_assert(CoefficientModels<IsoPhysics<float>>::type::size == 0, "iso's coeffs read no model value");
  static_assert(List::size == 2, "TTI's coeffs read n_x and n_y");
  static_assert(model_list_slot(List{}, Tti::nx_model) == 0 && model_list_slot(List{}, Tti::ny_model) == 1,
                "n_x, n_y are inputs, in that order");
  static_assert(model_list_slot(List{}, Tti::v_model) < 0 && model_list_slot(List{}, Tti::a_model) < 0 &&
                    model_list_slot(List{}, Tti::b_model) < 0,
                "V, A, B enter the update only");
  CHECK(List::size == 2);
}

TEST_CASE("TTI's coefficients from inputs copied ahead equal those of the whole point bit for bit",
          "[unit][physics][coefficients]") {
  using Tti = TtiPhysics<float>;
  constexpr int F = Tti::num_fields, M = Tti::num_model;
  using Point = ScratchPointOf<Tti, PlainCopies, false>;
  const Tti tti(Grid(16, 16, 16, 10.0, 12.0, 8.0, 4));
  constexpr int points = 64;
  std::mt19937 gen(7);
  std::uniform_real_distribution<float> u(-1, 1);
  StepArrays<F, M> step;
  for (int f = 0; f < F; ++f) {
    step.next_arrays[f].resize(points);
    for (auto& x : step.next_arrays[f]) x = u(gen);
    step.next[f] = step.next_arrays[f].data();
  }
  for (int m = 0; m < M; ++m) {
    step.model_arrays[m].resize(points);
    for (auto& x : step.model_arrays[m]) x = u(gen);
    step.model[m] = step.model_arrays[m].data();
  }
  // Axes on and beyond the unit circle too (n_z = 0 there).
  step.model_arrays[Tti::nx_model][0] = 1.0f;
  step.model_arrays[Tti::ny_model][0] = 0.0f;
  step.model_arrays[Tti::nx_model][1] = 0.8f;
  step.model_arrays[Tti::ny_model][1] = 0.7f;
  std::vector<float> scratch(std::size_t(points) * Point::stride, std::numeric_limits<float>::quiet_NaN());
  std::vector<typename Tti::point_coeffs> direct;
  for (int i = 0; i < points; ++i) {
    ModelPoint<M> whole;
    for (int m = 0; m < M; ++m) whole.values[m] = step.model_arrays[m][std::size_t(i)];
    direct.push_back(tti.coeffs(whole));
    Point::copy(scratch.data() + i * Point::stride, step, i);
  }
  // The inputs' arrays unknown (NaN) once copied: coeffs() may read them
  // only from the copies, every other model value from the arrays.
  for (auto& x : step.model_arrays[Tti::nx_model]) x = std::numeric_limits<float>::quiet_NaN();
  for (auto& x : step.model_arrays[Tti::ny_model]) x = std::numeric_limits<float>::quiet_NaN();
  for (int i = 0; i < points; ++i) {
    Point point;
    point.aim(step, i, scratch.data() + i * Point::stride);
    const auto through_copies = tti.coeffs(point);
    CHECK(std::memcmp(&direct[std::size_t(i)], &through_copies, sizeof through_copies) == 0);
    CHECK(through_copies.xy2 == direct[std::size_t(i)].xy2);  // (a NaN would fail here too)
    CHECK(point.model(Tti::v_model) == step.model_arrays[Tti::v_model][std::size_t(i)]);
    CHECK(point.model(Tti::b_model) == step.model_arrays[Tti::b_model][std::size_t(i)]);
    CHECK(point.prev(1) == step.next_arrays[1][std::size_t(i)]);
  }
}
