// seis: run, tune and list the strategies of seiskokkos.
//
//   seis run SCENARIO.toml [--strategy NAME[:SHAPE]|auto] [--steps N] [--output DIR] [--overwrite]
//   seis tune SCENARIO.toml [--budget SECONDS]
//   seis strategies
//   seis --version
//
// Under mpirun, `seis run` splits the grid over the ranks (one per GPU);
// rank 0 prints and writes what a single-rank run would.

#include "distributed_run.hpp"
#include "progress.hpp"
#include "tuning.hpp"

#include "seis/compat/kokkos_compat.hpp"
#include "seis/errors.hpp"
#include "seis/io/run_output.hpp"
#include "seis/physics/iso.hpp"
#include "seis/physics/plane_terms.hpp"
#include "seis/physics/tti.hpp"
#include "seis/policies/registry.hpp"
#include "seis/policies/stream_probe.hpp"
#include "seis/policies/traits/exec_traits.hpp"
#include "seis/run_plan.hpp"
#include "seis/scenario.hpp"
#include "seis/simulation.hpp"
#include "seis/version.hpp"

#include <CLI/CLI.hpp>
#include <Kokkos_Core.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <string>

namespace {

using namespace seis;
using Traits = ExecTraits<DefaultExec>;

struct RunOptions {
  std::string scenario_path;
  std::string strategy;  // empty: the scenario's
  int steps = 0;         // 0: the scenario's
  std::string output;    // empty: seis-out/<name>
  bool overwrite = false;
  bool quiet = false;
  bool stream = true;
  double tune_budget = 120;
};

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// The lines of every rank's joined warnings, each once, in order of appearance.
std::vector<std::string> distinct_lines(const std::vector<std::string>& joined) {
  std::vector<std::string> out;
  for (const auto& text : joined) {
    std::size_t start = 0;
    for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
      const std::string line = text.substr(start, end - start);
      if (std::find(out.begin(), out.end(), line) == out.end()) out.push_back(line);
    }
  }
  return out;
}

std::string today() {
  char buf[32];
  const std::time_t t = std::time(nullptr);
  std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&t));
  return buf;
}

nlohmann::json device_json() {
  return {{"name", Traits::device_name()},
          {"backend", DefaultExec::name()},
          {"concurrency", DefaultExec().concurrency()},
          {"kokkos", kokkos_version_string()}};
}

template <class Physics>
int run_physics(const RunPlan& plan, const RunOptions& opt, const std::string& output_dir) {
  using Scalar = typename Physics::scalar_type;
  // The strategy: command line, scenario, or the tuner's cached choice.
  std::string spec = opt.strategy.empty() ? plan.scenario.strategy : opt.strategy;
  std::string chosen_by = opt.strategy.empty() ? "scenario [run].strategy" : "command line --strategy";
  const Subdomain sub = rank_subdomain(plan, Traits::device_memory_bytes());
  if (spec == "auto") {
    // Rank 0 chooses for its sub-domain (tuning if needed), every rank runs it.
    on_every_rank([&] {
      if (comm::rank() != 0) return;
      RunPlan local = plan;
      local.grid = sub.local_grid(plan.grid);
      const AutoChoice choice = resolve_auto_strategy<Physics>(local, opt.tune_budget, !opt.quiet);
      spec = choice.spec;
      chosen_by = choice.reason;
    });
    spec = comm::broadcast(spec);
    chosen_by = comm::broadcast(chosen_by);
  }
  const auto strategy = make_strategy<Physics>(spec);

  std::unique_ptr<Simulation<Physics>> owned_sim;
  on_every_rank([&] { owned_sim = std::make_unique<Simulation<Physics>>(plan, *strategy, sub); });
  Simulation<Physics>& sim = *owned_sim;
  const std::vector<std::string> rank_warnings = comm::gather(join_lines(sim.warnings()));
  if (comm::size() > 1 && !opt.quiet)
    std::fprintf(stderr, "seis: %d ranks, sub-domains %s, halo exchange: %s\n", comm::size(), sub.describe().c_str(),
                 sim.halo().transport().c_str());
  if (!opt.quiet) {
    std::fprintf(stderr, "seis: %s, %s physics, grid %d x %d x %d, %d steps, dt %.4g s, strategy %s on %s\n",
                 plan.scenario.name.c_str(), Physics::name(), plan.grid.nx(), plan.grid.ny(), plan.grid.nz(),
                 plan.scenario.steps, plan.dt, strategy->name().c_str(), DefaultExec::name());
    for (const auto& w : plan.warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
    for (const auto& w : distinct_lines(rank_warnings)) std::fprintf(stderr, "warning: %s\n", w.c_str());
  }
  ProgressReporter progress(!opt.quiet);
  const RunTiming t = sim.run([&](int s, int n, double sec) { progress(s, n, sec); });
  const std::vector<float> traces =
      gather_traces(sim.owned_receivers(), sim.receivers().traces(), plan.receivers.size(), sim.receivers().samples());
  const nlohmann::json distributed = distributed_report(sim, t, kokkos_device_id(), plan.scenario.decomposition[0] > 0
                                                                                       ? "scenario [run].decomposition"
                                                                                       : "smallest halo");

  CopyBandwidth stream;
  if (opt.stream && comm::rank() == 0) stream = measure_copy_bandwidth(default_stream_bytes(Traits::is_gpu, Traits::device_memory_bytes()));

  const index_t inner = plan.grid.interior_points() == sim.subdomain().box.volume()
                            ? sim.regions().inner.volume()
                            : seven_regions(plan.grid, plan.scenario.pml_thickness).inner.volume();
  const index_t all = plan.grid.interior_points();
  const int bpp = min_bytes_per_point<Physics>();
  const double inner_rate = t.stencil_s > 0 ? double(inner) * t.steps / t.stencil_s : 0;
  const double eff_gbs = inner_rate * bpp / 1e9;
  nlohmann::json report;
  report["seiskokkos"] = SEIS_VERSION_STRING;
  report["date"] = today();
  report["scenario"] = {{"name", plan.scenario.name}, {"file", opt.scenario_path}};
  report["device"] = device_json();
  report["physics"] = Physics::name();
  report["precision"] = sizeof(Scalar) == 4 ? "float32" : "float64";
  report["strategy"] = {{"name", strategy->name()}, {"chosen_by", chosen_by}};
  const Box in = seven_regions(plan.grid, plan.scenario.pml_thickness).inner;
  report["grid"] = {{"nx", plan.grid.nx()}, {"ny", plan.grid.ny()}, {"nz", plan.grid.nz()},
                    {"hx", plan.grid.hx()}, {"hy", plan.grid.hy()}, {"hz", plan.grid.hz()},
                    {"points", all}, {"pml_thickness", plan.scenario.pml_thickness},
                    {"inner", {in.x0, in.x1, in.y0, in.y1, in.z0, in.z1}}, {"inner_points", inner},
                    {"pml_points", all - inner}};
  report["time"] = {{"steps", t.steps}, {"dt", plan.dt}, {"dt_cfl_limit", plan.dt_limit},
                    {"simulated_s", t.steps * plan.dt}};
  report["timing"] = {{"wall_s", t.wall_s}, {"stencil_s", t.stencil_s}, {"pml_s", t.pml_s},
                      {"other_s", t.other_s}, {"ms_per_step", 1e3 * t.wall_s / t.steps},
                      {"stencil_ms_per_step", 1e3 * t.stencil_s / t.steps},
                      {"pml_ms_per_step", 1e3 * t.pml_s / t.steps}};
  nlohmann::json perf = {{"mpoints_per_s", double(all) * t.steps / t.wall_s / 1e6},
                         {"inner_mpoints_per_s", inner_rate / 1e6},
                         {"bytes_per_point", bpp},
                         {"effective_gbytes_per_s", eff_gbs},
                         {"flops_per_point", Physics::flops_per_point},
                         {"inner_gflops_per_s", inner_rate * Physics::flops_per_point / 1e9}};
  if (opt.stream) {
    perf["stream_copy_gbytes_per_s"] = stream.gbytes_per_s;
    perf["stream_copy_method"] = stream.method;
    perf["fraction_of_stream"] = eff_gbs / stream.gbytes_per_s;
  }
  report["performance"] = perf;
  nlohmann::json warnings = plan.warnings;
  for (const auto& w : distinct_lines(rank_warnings)) warnings.push_back(w);
  report["warnings"] = warnings;
  report["ranks"] = comm::size();
  if (!distributed.is_null()) {  // rank 0 of a distributed run
    report["decomposition"] = distributed["decomposition"];
    report["distributed"] = distributed;
  }

  std::vector<std::string> written;
  on_every_rank([&] {
    if (comm::rank() == 0) written = write_run_outputs(output_dir, plan, traces, sim.receivers().samples(), report);
  });
  if (!opt.quiet) {
    std::fprintf(stderr, "done: %.3f s wall, stencil %.3f ms/step, %.1f Mpoints/s inner, %.1f GB/s effective",
                 t.wall_s, 1e3 * t.stencil_s / t.steps, inner_rate / 1e6, eff_gbs);
    if (opt.stream) std::fprintf(stderr, " (%.0f%% of %.0f GB/s copy)", 100 * eff_gbs / stream.gbytes_per_s, stream.gbytes_per_s);
    std::fprintf(stderr, "\n");
    for (const auto& w : written) std::fprintf(stderr, "wrote %s\n", w.c_str());
  }
  return 0;
}

RunPlan plan_for(const RunOptions& opt) {
  Scenario s = load_scenario(opt.scenario_path);
  if (opt.steps > 0) s.steps = opt.steps;
  if (!opt.strategy.empty() && opt.strategy != "auto") {
    // Unknown names and malformed shapes are input errors: report them now.
    const auto [name, shape] = split_strategy_spec(opt.strategy);
    const StrategyInfo& info = strategy_info(name);
    if (!shape.empty()) BlockShape::parse(shape, info.three_d);
  }
  if (opt.strategy.empty() && s.strategy != "auto") {
    const auto [name, shape] = split_strategy_spec(s.strategy);
    const StrategyInfo& info = strategy_info(name);
    if (!shape.empty()) BlockShape::parse(shape, info.three_d);
  }
  // Distributed runs check the memory of one sub-domain (rank_subdomain).
  return plan_run(s, comm::size() > 1 ? std::numeric_limits<std::size_t>::max() : Traits::device_memory_bytes());
}

int cmd_run(const RunOptions& options) {
  RunOptions opt = options;
  if (comm::rank() != 0) opt.quiet = true;  // rank 0 speaks for all
  const RunPlan plan = plan_for(opt);
  const std::string out = opt.output.empty() ? "seis-out/" + plan.scenario.name : opt.output;
  check_output_dir(out, opt.overwrite);
  if (plan.scenario.physics == "tti") return run_physics<TtiPhysics<float>>(plan, opt, out);
  return run_physics<IsoPhysics<float>>(plan, opt, out);
}

int cmd_tune(const RunOptions& opt) {
  const RunPlan plan = plan_for(opt);
  AutoChoice choice = plan.scenario.physics == "tti" ? tune_and_store<TtiPhysics<float>>(plan, opt.tune_budget, true)
                                                     : tune_and_store<IsoPhysics<float>>(plan, opt.tune_budget, true);
  std::printf("%s\n", choice.spec.c_str());
  return 0;
}

int cmd_strategies(bool names_only) {
  if (names_only) {
    for (const auto& info : strategy_catalogue())
      if (strategy_unavailable_reason(info).empty()) std::printf("%s\n", info.name.c_str());
    return 0;
  }
  std::printf("strategies on %s (%s):\n", DefaultExec::name(), Traits::device_name().c_str());
  for (const auto& info : strategy_catalogue()) {
    const std::string why = strategy_unavailable_reason(info);
    std::printf("  %-22s %s\n", info.name.c_str(), info.description.c_str());
    std::string shapes;
    for (const auto& s : info.shapes) shapes += (shapes.empty() ? "" : ", ") + s;
    std::printf("  %-22s shapes: %s (default %s)%s\n", "", shapes.c_str(), info.default_shape.c_str(),
                info.three_d ? ", DXxDYxDZ" : ", DXxDY[@ZCHUNK]");
    if (!why.empty()) std::printf("  %-22s not offered here: %s\n", "", why.c_str());
  }
  std::printf("  %-22s tune strategy and shape for the scenario on this device (cached)\n", "auto");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  comm::Session mpi(argc, argv);
  // One GPU per rank: Kokkos 4 picks local rank % device count from the
  // launcher's environment when asked to (an explicit device id wins).
  if (comm::size() > 1) setenv("KOKKOS_MAP_DEVICE_ID_BY", "mpi_rank", 0);
  Kokkos::ScopeGuard kokkos(argc, argv);
  CLI::App app{"seiskokkos: seismic wave propagation with high-order stencils (Kokkos " + kokkos_version_string() + ")"};
  app.set_version_flag("--version", std::string("seis ") + SEIS_VERSION_STRING + " (Kokkos " + kokkos_version_string() +
                                        ", " + DefaultExec::name() + ")");
  app.require_subcommand(1);
  RunOptions opt;
  auto* run = app.add_subcommand("run", "run a scenario");
  run->add_option("scenario", opt.scenario_path, "scenario TOML file")->required();
  run->add_option("--strategy", opt.strategy, "strategy NAME[:SHAPE] or auto (default: the scenario's)");
  run->add_option("--steps", opt.steps, "number of time steps (default: the scenario's)")->check(CLI::PositiveNumber);
  run->add_option("--output", opt.output, "output directory (default: seis-out/<scenario>)");
  run->add_flag("--overwrite", opt.overwrite, "replace results already in the output directory");
  run->add_flag("--quiet", opt.quiet, "no progress or summary on stderr");
  run->add_flag("!--no-stream", opt.stream, "skip the copy-bandwidth probe of the run report");
  run->add_option("--tune-budget", opt.tune_budget, "seconds the tuner may spend when --strategy auto finds no cache");
  auto* tune = app.add_subcommand("tune", "find the fastest strategy and block shape for a scenario on this device");
  tune->add_option("scenario", opt.scenario_path, "scenario TOML file")->required();
  tune->add_option("--budget", opt.tune_budget, "seconds the search may spend (default 120)");
  bool names_only = false;
  auto* strategies = app.add_subcommand("strategies", "list the strategies and where they run");
  strategies->add_flag("--names", names_only, "only the names of the strategies offered here, one per line");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (comm::rank() != 0) return e.get_exit_code();
    return app.exit(e);
  }
  // Every rank reaches the same errors (or agrees on a rank's own: on_every_rank); rank 0 reports them.
  return run_reporting_errors("seis", [&] {
    try {
      if (run->parsed()) return cmd_run(opt);
      if (tune->parsed()) return cmd_tune(opt);
      return cmd_strategies(names_only);
    } catch (const std::exception& e) {
      // An error of this rank alone once the ranks depend on each other
      // (the others would wait for it): say which rank, stop them all.
      if (comm::size() == 1 || !comm::talking() || comm::error_agreed()) throw;
      std::fprintf(stderr, "seis: error: rank %d: %s\n", comm::rank(), e.what());
      comm::abort(error_status(std::current_exception()));
    }
  }, comm::rank() == 0);
}
