#pragma once
// `seis tune` and `--strategy auto`: time candidates on what a run executes
// (inner region by the strategy, CPML slabs, source, receivers: whole steps
// of the scenario's own simulation, its model and wavefields of random
// values), cache the winner per device/backend/physics/grid class.

#include "seis/errors.hpp"
#include "seis/policies/autotune.hpp"
#include "seis/policies/block_shape.hpp"
#include "seis/policies/registry.hpp"
#include "seis/measure/strategy_timer.hpp"
#include "seis/policies/traits/exec_traits.hpp"
#include "seis/run_plan.hpp"
#include "seis/simulation.hpp"

#include <Kokkos_Core.hpp>

#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

namespace seis {

struct AutoChoice {
  std::string spec;
  std::string reason;
  double ms_per_step = 0;  // whole step as the tuner measured it (expected run time)
};

// Steps timed per candidate after the warm-up: the median is what counts,
// the interquartile range is the spread a challenger must beat.
constexpr int tune_warmup_steps = 2;
constexpr int tune_timed_steps = 7;

inline TuneKey tune_key(const RunPlan& plan, const char* physics) {
  return {ExecTraits<DefaultExec>::device_name(), DefaultExec::name(), physics,
          grid_class(plan.grid.nx(), plan.grid.ny(), plan.grid.nz())};
}

inline TuneCandidates tune_candidates() {
  TuneCandidates c;
  for (const auto& info : strategy_catalogue()) {
    if (!strategy_unavailable_reason(info).empty()) continue;
    std::vector<std::string> specs{info.name + ":" + info.default_shape};
    for (const auto& s : info.shapes)
      if (s != info.default_shape) specs.push_back(info.name + ":" + s);
    c.per_strategy.push_back(specs);
  }
  return c;
}

// Median and spread of whole steps of `sim` with the strategy `spec`.
template <class Physics>
MeasuredStep time_whole_steps(Simulation<Physics>& sim, const std::string& spec) {
  const auto op = make_strategy<Physics>(spec);
  sim.use_strategy(*op);
  std::vector<double> ms;
  for (int r = -tune_warmup_steps; r < tune_timed_steps; ++r) {
    Kokkos::Timer t;
    sim.run(nullptr, 1);
    if (r >= 0) ms.push_back(t.seconds() * 1e3);
  }
  const StepTimes s = summarise_steps(ms);
  return {s.median_ms, s.q3_ms - s.q1_ms};
}

template <class Physics>
AutoChoice tune_and_store(const RunPlan& plan, double budget_s, bool verbose) {
  const TuneKey key = tune_key(plan, Physics::name());
  CachedChoice cached;
  const TuneCandidates candidates = tune_candidates();
  // The cached choice defends its place, if this build still offers it.
  std::string incumbent;
  if (lookup_tuned(tune_cache_path(), key, cached))
    for (const auto& specs : candidates.per_strategy)
      for (const auto& spec : specs)
        if (spec == cached.spec) incumbent = spec;
  const auto reference = make_strategy<Physics>("gmem_3d");
  Simulation<Physics> sim(plan, *reference);
  fill_random_fields(sim.state(), 1234u);
  Kokkos::Timer clock;
  auto time_ms = [&](const std::string& spec) {
    const MeasuredStep m = time_whole_steps(sim, spec);
    if (verbose)
      std::fprintf(stderr, "tune: %-28s %9.3f ms/step (spread %.3f)%s\n", spec.c_str(), m.median_ms, m.spread_ms,
                   spec == incumbent ? " [cached choice]" : "");
    return m;
  };
  const TuneResult r = tune_search(candidates, time_ms, [&] { return clock.seconds(); }, budget_s, 3,
                                   incumbent);
  if (verbose)
    for (const auto& t : r.timings)
      if (t.ms_per_step < 0) std::fprintf(stderr, "tune: %-28s not runnable: %s\n", t.spec.c_str(), t.note.c_str());
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  store_tuned(tune_cache_path(), key, {r.best, r.best_ms, date});
  if (verbose)
    std::fprintf(stderr, "tune: best %s (%.3f ms/step)%s%s; cached in %s\n", r.best.c_str(), r.best_ms,
                 r.kept_incumbent ? " [cached choice kept: no challenger beat it by more than the spread]" : "",
                 r.budget_exhausted ? " [time budget reached]" : "", tune_cache_path().c_str());
  return {r.best,
          "auto: tuned now (" + std::to_string(r.timings.size()) + " candidates, fastest " +
              std::to_string(r.best_ms) + " ms/step)",
          r.best_ms};
}

template <class Physics>
AutoChoice resolve_auto_strategy(const RunPlan& plan, double budget_s, bool verbose) {
  const TuneKey key = tune_key(plan, Physics::name());
  CachedChoice cached;
  std::string problem;
  if (lookup_tuned(tune_cache_path(), key, cached, &problem)) {
    try {  // a cached name or shape this build does not know is damage too
      const auto [name, shape] = split_strategy_spec(cached.spec);
      const StrategyInfo& info = strategy_info(name);
      if (!shape.empty()) BlockShape::parse(shape, info.three_d);
      return {cached.spec,
              "auto: cached tuning of " + cached.when + " for " + key.str() + " (" +
                  std::to_string(cached.ms_per_step) + " ms/step)",
              cached.ms_per_step};
    } catch (const InputError& e) {
      problem = "tuner cache '" + tune_cache_path() + "' names '" + cached.spec + "': " + e.what();
    }
  }
  if (!problem.empty()) std::fprintf(stderr, "warning: %s; tuning again and replacing the entry\n", problem.c_str());
  return tune_and_store<Physics>(plan, budget_s, verbose);
}

}  // namespace seis
