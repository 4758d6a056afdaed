// seis: run, tune and list the strategies of seiskokkos.
//
//   seis run SCENARIO.toml [--strategy NAME[:SHAPE]|auto] [--steps N] [--output DIR] [--overwrite]
//   seis tune SCENARIO.toml [--budget SECONDS]
//   seis check SCENARIO.toml [--strategy ...] [--steps N] [--output DIR]
//   seis strategies
//   seis --version

#include "check.hpp"
#include "kokkos_arguments.hpp"
#include "plan_summary.hpp"
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
#include "seis/snapshot_writer.hpp"
#include "seis/version.hpp"

#include <CLI/CLI.hpp>
#include <Kokkos_Core.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <ctime>
#include <iostream>
#include <memory>
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
  double expected_ms_per_step = 0;  // the tuner's whole-step time, when it chose
  if (spec == "auto") {
    const AutoChoice choice = resolve_auto_strategy<Physics>(plan, opt.tune_budget, !opt.quiet);
    spec = choice.spec;
    chosen_by = choice.reason;
    expected_ms_per_step = choice.ms_per_step;
  }
  const auto strategy = make_strategy<Physics>(spec);

  Simulation<Physics> sim(plan, *strategy);
  if (!opt.quiet) {
    std::fprintf(stderr, "seis: %s, %s physics, grid %d x %d x %d, %d steps, dt %.4g s, strategy %s on %s\n",
                 plan.scenario.name.c_str(), Physics::name(), plan.grid.nx(), plan.grid.ny(), plan.grid.nz(),
                 plan.scenario.steps, plan.dt, strategy->name().c_str(), DefaultExec::name());
    print_parameters(stderr, plan);
    for (const auto& w : plan.warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
    for (const auto& w : sim.warnings()) std::fprintf(stderr, "warning: %s\n", w.c_str());
  }
  std::unique_ptr<SnapshotWriter> snapshots;
  if (plan.snapshots.enabled()) {
    snapshots = std::make_unique<SnapshotWriter>(plan, output_dir);
    sim.observe_steps([&](int step, const auto& p) { (*snapshots)(step, p); });
  }
  ProgressReporter progress(!opt.quiet);
  const RunTiming t = sim.run([&](int s, int n, double sec) { progress(s, n, sec); });

  CopyBandwidth stream;
  if (opt.stream) {
    // The probe allocates two arrays of its own after the run: say so.
    const std::size_t bytes = default_stream_bytes(Traits::is_gpu, Traits::device_memory_bytes());
    if (!opt.quiet)
      std::fprintf(stderr, "measuring the copy bandwidth for the report: 2 arrays of %.3g GB on %s (--no-stream skips it)\n",
                   double(bytes) / 1e9, DefaultExec::name());
    stream = measure_copy_bandwidth(bytes);
  }

  const index_t inner = sim.regions().inner.volume();
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
  report["model"] = parameters_json(plan);
  report["precision"] = sizeof(Scalar) == 4 ? "float32" : "float64";
  report["strategy"] = {{"name", strategy->name()}, {"chosen_by", chosen_by}};
  if (expected_ms_per_step > 0) {
    const double expected_s = expected_ms_per_step * t.steps / 1e3;
    report["strategy"]["expected_wall_s"] = expected_s;
    report["strategy"]["measured_over_expected"] = t.wall_s / expected_s;
  }
  const Box& in = sim.regions().inner;
  report["grid"] = {{"nx", plan.grid.nx()}, {"ny", plan.grid.ny()}, {"nz", plan.grid.nz()},
                    {"hx", plan.grid.hx()}, {"hy", plan.grid.hy()}, {"hz", plan.grid.hz()},
                    {"points", all}, {"pml_thickness", plan.scenario.pml_thickness},
                    {"inner", {in.x0, in.x1, in.y0, in.y1, in.z0, in.z1}}, {"inner_points", inner},
                    {"pml_points", sim.pml_points()}};
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
  for (const auto& w : sim.warnings()) warnings.push_back(w);
  report["warnings"] = warnings;
  if (snapshots) report["snapshots"] = snapshots->finish();

  const auto written = write_run_outputs(output_dir, plan, sim.receivers().traces(), sim.receivers().samples(), report);
  if (!opt.quiet) {
    std::fprintf(stderr, "done: %.3f s wall, stencil %.3f ms/step, %.1f Mpoints/s inner, %.1f GB/s effective",
                 t.wall_s, 1e3 * t.stencil_s / t.steps, inner_rate / 1e6, eff_gbs);
    if (opt.stream) std::fprintf(stderr, " (%.0f%% of %.0f GB/s copy)", 100 * eff_gbs / stream.gbytes_per_s, stream.gbytes_per_s);
    std::fprintf(stderr, "\n");
    for (const auto& w : written) std::fprintf(stderr, "wrote %s\n", w.c_str());
    if (snapshots)
      std::fprintf(stderr, "wrote %d snapshot files in %s\n", snapshots->files_written(), snapshots->directory().c_str());
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
  return plan_run(s, Traits::device_memory_bytes());
}

int cmd_run(const RunOptions& opt) {
  const RunPlan plan = plan_for(opt);
  const std::string out = opt.output.empty() ? "seis-out/" + plan.scenario.name : opt.output;
  check_output_dir(out, opt.overwrite);
  if (plan.scenario.physics == "tti") return run_physics<TtiPhysics<float>>(plan, opt, out);
  return run_physics<IsoPhysics<float>>(plan, opt, out);
}

int cmd_check(const RunOptions& opt) {
  const RunPlan plan = plan_for(opt);
  const std::string spec = opt.strategy.empty() ? plan.scenario.strategy : opt.strategy;
  const std::string out = opt.output.empty() ? "seis-out/" + plan.scenario.name : opt.output;
  if (plan.scenario.physics == "tti") return check_scenario<TtiPhysics<float>>(plan, spec, out);
  return check_scenario<IsoPhysics<float>>(plan, spec, out);
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
  // Kokkos sees only its own options (--kokkos-*), after the command line is
  // parsed, so that `seis --help` is the program's usage; --kokkos-help
  // prints Kokkos' options.
  KokkosArguments kokkos_args(argc, argv);
  if (kokkos_args.help_requested()) {
    Kokkos::initialize(kokkos_args.argc(), kokkos_args.argv());
    Kokkos::finalize();
    return 0;
  }
  CLI::App app{"seiskokkos: seismic wave propagation with high-order stencils (Kokkos " + kokkos_version_string() + ")"};
  app.set_version_flag("--version", std::string("seis ") + SEIS_VERSION_STRING + " (Kokkos " + kokkos_version_string() +
                                        ", " + DefaultExec::name() + ")");
  app.require_subcommand(1);
  app.footer("Kokkos options (--kokkos-num-threads=N, --kokkos-device-id=N, ...) are passed on to Kokkos; "
             "--kokkos-help lists them.");
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
  auto* check = app.add_subcommand(
      "check", "validate a scenario and predict its resolution, dispersion, memory and run time (allocates nothing)");
  check->add_option("scenario", opt.scenario_path, "scenario TOML file")->required();
  check->add_option("--strategy", opt.strategy, "strategy NAME[:SHAPE] or auto (default: the scenario's)");
  check->add_option("--steps", opt.steps, "number of time steps (default: the scenario's)")->check(CLI::PositiveNumber);
  check->add_option("--output", opt.output, "output directory (default: seis-out/<scenario>)");
  bool names_only = false;
  auto* strategies = app.add_subcommand("strategies", "list the strategies and where they run");
  strategies->add_flag("--names", names_only, "only the names of the strategies offered here, one per line");

  try {
    app.parse(kokkos_args.program_argc(), kokkos_args.program_argv());
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  Kokkos::ScopeGuard kokkos(kokkos_args.argc(), kokkos_args.argv());
  return run_reporting_errors("seis", [&] {
    if (run->parsed()) return cmd_run(opt);
    if (tune->parsed()) return cmd_tune(opt);
    if (check->parsed()) return cmd_check(opt);
    return cmd_strategies(names_only);
  });
}
