#pragma once
// The timing loop of seis-bench for any physics: every strategy spec asked
// for, timed on one grid of random fields, as rows of the report. The
// program (seis_bench.cpp) runs it for the physics of runs; a test runs it
// for its own physics.

#include "bench_report.hpp"

#include "seis/compat/kokkos_compat.hpp"
#include "seis/errors.hpp"
#include "seis/measure/strategy_timer.hpp"
#include "seis/physics/plane_terms.hpp"
#include "seis/policies/registry.hpp"
#include "seis/policies/traits/exec_traits.hpp"
#include "seis/wave_state.hpp"

#include <array>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace seis::bench {

struct Options {
  std::vector<std::string> physics;  // names; default: the first physics of the list
  std::vector<std::string> sizes{"512"};
  std::vector<std::string> strategies{"all"};
  std::string shapes = "all";
  int warmup = 3, repeats = 10;
  double spacing = 10;
  std::string json, csv;
  bool compare_native = false;
  std::size_t stream_bytes = 0;
  // Nsight Compute counters per physics (--counters PHYSICS=FILE), shown
  // beside the rows of the strategies they name.
  std::map<std::string, std::vector<std::pair<std::string, Counters>>> counters;
};

// The counters measured for strategy `name` at `shape` (an entry without a
// shape is the strategy's default shape), if any.
const Counters* counters_for(const Options& o, const std::string& physics, const std::string& name,
                                    const std::string& shape) {
  const auto found = o.counters.find(physics);
  if (found == o.counters.end()) return nullptr;
  for (const auto& [spec, c] : found->second)
    if (spec == name + ":" + shape || (spec == name && shape == strategy_info(name).default_shape)) return &c;
  return nullptr;
}

// The specs to run: every available strategy (or the listed ones) at every
// offered shape (or the default one).
std::vector<std::string> specs(const Options& o) {
  std::vector<std::string> out;
  const bool all = o.strategies.size() == 1 && o.strategies[0] == "all";
  for (const auto& info : strategy_catalogue()) {
    if (!strategy_unavailable_reason(info).empty()) continue;
    if (all) {
      if (o.shapes == "default") out.push_back(info.name + ":" + info.default_shape);
      else
        for (const auto& s : info.shapes) out.push_back(info.name + ":" + s);
    }
  }
  if (!all)
    for (const auto& s : o.strategies) {
      const auto [name, shape] = split_strategy_spec(s);
      const StrategyInfo& info = strategy_info(name);  // unknown names: InputError
      if (!shape.empty()) out.push_back(s);
      else if (o.shapes == "default") out.push_back(name + ":" + info.default_shape);
      else
        for (const auto& sh : info.shapes) out.push_back(name + ":" + sh);
    }
  return out;
}

// What bench_physics does after timing a strategy (nothing by default):
// after(state, physics, box, strategy, name, shape, row), e.g. run the
// native twin (seis_bench.cpp).
struct NothingAfterTiming {
  template <class... Args>
  void operator()(Args&&...) const {}
};

// One row per strategy spec of `o` for Physics on an n[0] x n[1] x n[2]
// grid (random fields and model, the whole interior updated), appended to
// `report`; a spec the device cannot run gets its reason as the status.
template <class Physics, class After = NothingAfterTiming>
void bench_physics(const Options& o, const std::array<int, 3>& n, Report& report, const After& after = {}) {
  using Traits = ExecTraits<DefaultExec>;
  const Grid grid(n[0], n[1], n[2], o.spacing, o.spacing, o.spacing, sizeof(typename Physics::scalar_type));
  const std::size_t need = WaveState<Physics>::bytes_for(grid);
  if (need > Traits::device_memory_bytes())
    throw ConfigError(std::string(Physics::name()) + " grid " + std::to_string(n[0]) + "x" + std::to_string(n[1]) +
                      "x" + std::to_string(n[2]) + " needs " + std::to_string(need / 1000000) + " MB; the device has " +
                      std::to_string(Traits::device_memory_bytes() / 1000000) + " MB");
  WaveState<Physics> state(grid);
  const Physics physics(grid);
  const Box box = grid.interior();
  for (const std::string& spec : specs(o)) {
    // The same fields for every spec, whichever ran before it: the steps of
    // earlier specs would otherwise have grown (or blown up) the values.
    fill_random(state, 2024u);
    Row row;
    const auto [name, shape_text] = split_strategy_spec(spec);
    row.physics = Physics::name();
    row.strategy = name;
    row.shape = shape_text;
    row.nx = n[0];
    row.ny = n[1];
    row.nz = n[2];
    row.bytes_per_point = min_bytes_per_point<Physics>();
    row.flops_per_point = Physics::flops_per_point;
    try {
      const auto op = make_strategy<Physics>(spec);
      const StepTimes t = time_strategy(*op, state, physics, box, o.warmup, o.repeats);
      row.repeats = t.repeats;
      row.median_ms = t.median_ms;
      row.min_ms = t.min_ms;
      row.max_ms = t.max_ms;
      if (const Counters* c = counters_for(o, row.physics, name, shape_text)) {
        row.has_counters = true;
        row.counters = *c;
      }
      after(state, physics, box, *op, name, shape_text, row);
    } catch (const ConfigError& e) {
      row.status = std::string("not runnable: ") + e.what();
    }
    std::fprintf(stderr, "%s %s %dx%dx%d: %s\n", row.physics.c_str(), spec.c_str(), n[0], n[1], n[2],
                 row.status == "ok" ? (std::to_string(row.median_ms) + " ms/step").c_str() : row.status.c_str());
    report.rows.push_back(row);
  }
}

}  // namespace seis::bench
