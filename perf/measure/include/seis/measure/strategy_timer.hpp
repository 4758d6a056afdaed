#pragma once
// Timing one strategy on one box: warm-up, then the median of repeated steps,
// each fenced. Used by the tuner and the benchmark driver. Inputs are random
// (never zeros: they hide unwritten outputs and can run faster).

#include "seis/compat/kokkos_compat.hpp"
#include "seis/stencil_operator.hpp"
#include "seis/wave_state.hpp"

#include <Kokkos_Core.hpp>
#include <Kokkos_Random.hpp>

#include <algorithm>
#include <vector>

namespace seis {

// Random values in [lo, hi) over the whole padded box of a field.
template <class Scalar>
void fill_random(const Field<Scalar>& f, unsigned seed, double lo, double hi) {
  Kokkos::Random_XorShift64_Pool<DefaultExec> pool(seed);
  Kokkos::fill_random(f.flat(), pool, Scalar(lo), Scalar(hi));
}

// Both time levels of every wavefield in [-1, 1).
template <class Physics, class MemSpace>
void fill_random_fields(WaveState<Physics, MemSpace>& state, unsigned seed) {
  for (int f = 0; f < Physics::num_fields; ++f) {
    fill_random(state.current(f), seed + 2 * f, -1.0, 1.0);
    fill_random(state.previous(f), seed + 2 * f + 1, -1.0, 1.0);
  }
  fence("seis::fill_random");
}

// Wavefields in [-1, 1), model arrays in [0, 0.1) (V = v^2 dt^2 / h^2-scaled
// values of a stable run are of that order; TTI axis components stay < 1).
template <class Physics>
void fill_random(WaveState<Physics>& state, unsigned seed) {
  fill_random_fields(state, seed);
  for (int m = 0; m < Physics::num_model; ++m) fill_random(state.model(m), seed + 100 + m, 0.0, 0.1);
  fence("seis::fill_random");
}

struct StepTimes {
  double median_ms = 0, min_ms = 0, max_ms = 0;
  double q1_ms = 0, q3_ms = 0;  // quartiles: q3 - q1 is the spread the tuner uses
  int repeats = 0;
};

// Median, quartiles and extremes of a set of step times.
inline StepTimes summarise_steps(std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  StepTimes s;
  s.repeats = int(ms.size());
  if (ms.empty()) return s;
  auto at = [&](double q) { return ms[std::size_t(q * double(ms.size() - 1) + 0.5)]; };
  s.median_ms = ms[ms.size() / 2];
  s.q1_ms = at(0.25);
  s.q3_ms = at(0.75);
  s.min_ms = ms.front();
  s.max_ms = ms.back();
  return s;
}

// One step step(data), fenced before and after, in ms; then the time levels
// swap as a run would.
template <class Physics, class Step>
double timed_step(WaveState<Physics>& state, const Physics& physics, const Step& step) {
  const auto d = state.step_data(physics);
  fence("seis::time_steps");
  Kokkos::Timer t;
  step(d);
  fence("seis::time_steps");
  const double ms = t.seconds() * 1e3;
  state.advance();
  return ms;
}

// Times `repeats` single steps step(data) (after `warmup`), each fenced,
// swapping time levels as a run would.
template <class Physics, class Step>
StepTimes time_steps(WaveState<Physics>& state, const Physics& physics, int warmup, int repeats, const Step& step) {
  std::vector<double> ms;
  for (int r = -warmup; r < repeats; ++r) {
    const double t = timed_step(state, physics, step);
    if (r >= 0) ms.push_back(t);
  }
  return summarise_steps(ms);
}

// Two steppers timed in turns on one state: pairs A B, B A, A B, ... each
// step timed alone. A slow spell of the device (clocks, another process)
// then falls on both rather than on whichever ran in it, and each stepper
// runs on both time levels equally: a kernel timed in a block before its
// twin's block varied by 10 % between H200 runs (one run: 22.0 to 26.1 ms
// within its 6 repeats, the next 22.03 to 22.05 on the same code and data).
struct PairedTimes {
  StepTimes a, b;
  std::vector<double> a_ms, b_ms;  // timed steps, pair by pair

  std::vector<double> ratios() const {  // a_ms[i] / b_ms[i]
    std::vector<double> r;
    for (std::size_t i = 0; i < a_ms.size(); ++i) r.push_back(a_ms[i] / b_ms[i]);
    return r;
  }
};

template <class Physics, class StepA, class StepB>
PairedTimes time_paired(WaveState<Physics>& state, const Physics& physics, int warmup, int repeats, const StepA& step_a,
                        const StepB& step_b) {
  PairedTimes p;
  for (int r = -warmup; r < repeats; ++r) {
    double a = 0, b = 0;
    if ((r + warmup) % 2 == 0) {
      a = timed_step(state, physics, step_a);
      b = timed_step(state, physics, step_b);
    } else {
      b = timed_step(state, physics, step_b);
      a = timed_step(state, physics, step_a);
    }
    if (r < 0) continue;
    p.a_ms.push_back(a);
    p.b_ms.push_back(b);
  }
  p.a = summarise_steps(p.a_ms);
  p.b = summarise_steps(p.b_ms);
  return p;
}

template <class Physics>
StepTimes time_strategy(const StencilOperator<Physics>& op, WaveState<Physics>& state, const Physics& physics,
                        const Box& box, int warmup, int repeats) {
  return time_steps(state, physics, warmup, repeats, [&](const StepData<Physics>& d) { op.apply(d, box); });
}

}  // namespace seis
