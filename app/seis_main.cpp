// seis: run, tune and list the strategies of seiskokkos.
//
//   seis run SCENARIO.toml [--strategy NAME[:SHAPE]|auto] [--steps N] [--output DIR] [--overwrite]
//            [--checkpoint-every N] [--device-memory 8GiB]
//   seis resume OUTPUT_DIR
//   seis tune SCENARIO.toml [--budget SECONDS]
//   seis check SCENARIO.toml [--strategy ...] [--steps N] [--output DIR]
//   seis strategies
//   seis --version
//
// Under mpirun, `seis run` splits the grid over the ranks (one per GPU);
// rank 0 prints and writes what a single-rank run would.

#include "check.hpp"
#include "kokkos_arguments.hpp"
#include "plan_summary.hpp"
#include "interrupts.hpp"
#include "run_checkpoints.hpp"
#include "distributed_run.hpp"
#include "out_of_core_run.hpp"
#include "run_report.hpp"
#include "progress.hpp"
#include "tuning.hpp"

#include "seis/compat/kokkos_compat.hpp"
#include "seis/checkpoint.hpp"
#include "seis/errors.hpp"
#include "seis/io/result_set.hpp"
#include "seis/io/run_output.hpp"
#include "seis/io/segy.hpp"
#include "seis/physics/iso.hpp"
#include "seis/physics/physics_list.hpp"
#include "seis/physics/plane_terms.hpp"
#include "seis/physics/tti.hpp"
#include "seis/policies/registry.hpp"
#include "seis/measure/stream_probe.hpp"
#include "seis/policies/traits/exec_traits.hpp"
#include "seis/preflight.hpp"
#include "seis/run_plan.hpp"
#include "seis/scenario.hpp"
#include "seis/simulation.hpp"
#include "seis/snapshot_writer.hpp"
#include "seis/stability_guard.hpp"
#include "seis/version.hpp"

#include <CLI/CLI.hpp>
#include <Kokkos_Core.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

namespace {

using namespace seis;
using Traits = ExecTraits<DefaultExec>;

struct RunOptions {
  std::string scenario_path;
  std::string strategy;  // empty: the scenario's
  std::string device_memory;  // empty: the scenario's
  int steps = 0;         // 0: the scenario's
  std::string output;    // empty: seis-out/<name>
  bool overwrite = false;
  bool quiet = false;
  bool stream = true;
  double tune_budget = 120;
  int checkpoint_every = -1;  // -1: the scenario's [run] checkpoint_every
  std::string cpml_overlap = "ahead";  // a CpmlOverlap name; in-core, one domain
};

// The scenario as given, kept in checkpoints so that `seis resume` rebuilds
// the same run even if the file has changed or gone since.
struct ScenarioSource {
  std::string text, file, stem, base;

  static ScenarioSource from_file(const std::string& path) {
    const std::filesystem::path p(path);
    return {read_scenario_text(path), path, p.stem().string(), std::filesystem::absolute(p).parent_path().string()};
  }
};

// A checkpoint to continue from.
struct ResumePoint {
  std::string path;
  CheckpointInfo info;
};

namespace fs = std::filesystem;

template <class Physics>
int run_physics(const RunPlan& plan, const RunOptions& opt, const std::string& output_dir, const ScenarioSource& src,
                const ResumePoint* resume) {
  using Scalar = typename Physics::scalar_type;
  // The strategy: command line, scenario, or the tuner's cached choice; a
  // resumed run keeps the one it started with (bitwise the same arithmetic).
  std::string spec = opt.strategy.empty() ? plan.scenario.strategy : opt.strategy;
  std::string chosen_by = opt.strategy.empty() ? "scenario [run].strategy" : "command line --strategy";
  double expected_ms_per_step = 0;  // the tuner's whole-step time, when it chose
  const Subdomain sub = rank_subdomain(plan.scenario);
  check_subdomain_memory(plan, sub, Traits::device_memory_bytes());
  if (resume) {
    chosen_by = resume->info.run.value("chosen_by", std::string()) + "; resumed";
  } else if (spec == "auto") {
    // Rank 0 chooses for its sub-domain (tuning if needed), every rank runs it.
    on_every_rank([&] {
      if (comm::rank() != 0) return;
      RunPlan local = plan;
      local.grid = plan.out_of_core ? out_of_core_tuning_grid(plan) : sub.local_grid(plan.grid);
      const AutoChoice choice = resolve_auto_strategy<Physics>(local, opt.tune_budget, !opt.quiet);
      spec = choice.spec;
      chosen_by = choice.reason;
      expected_ms_per_step = choice.ms_per_step;
    });
    spec = comm::broadcast(spec);
    chosen_by = comm::broadcast(chosen_by);
  }
  const auto strategy = make_strategy<Physics>(spec);
  const int steps = plan.scenario.steps;
  const int checkpoint_every = opt.checkpoint_every >= 0 ? opt.checkpoint_every : plan.scenario.checkpoint_every;
  // What decides the result (hashed into checkpoints), and what resuming needs.
  const std::uint64_t inputs_hash = run_inputs_hash(src.text, plan, {{"steps", steps}, {"strategy", spec}});
  const nlohmann::json resume_data = {{"scenario_text", src.text}, {"scenario_file", src.file},
                                      {"scenario_stem", src.stem}, {"scenario_base", src.base},
                                      {"steps", steps}, {"strategy", spec}, {"chosen_by", chosen_by},
                                      {"checkpoint_every", checkpoint_every}};

  if (plan.out_of_core && comm::size() > 1)
    throw ConfigError("the state does not fit the device budget of " + format_byte_size(double(plan.device_budget)) +
                      " and out-of-core runs use one rank: use more ranks, or one rank with out-of-core");
  // The rest is the same for both placements (Sim: Simulation or
  // OutOfCoreSimulation).
  const auto run_on = [&](auto& sim) -> int {
  using Sim = std::decay_t<decltype(sim)>;
  constexpr bool out_of_core = !std::is_same_v<Sim, Simulation<Physics>>;
  // Each rank checks its own part (its model-file part is in its hash): the
  // ranks agree on a refusal, so it reaches the user as one message.
  if (resume) on_every_rank([&] { load_checkpoint(resume->path, resume->info, sim, inputs_hash); });
  const int first_step = sim.steps_done();
  std::vector<std::string> warnings = plan.warnings;
  for (const auto& w : every_ranks_lines(sim.warnings())) warnings.push_back(w);
  if (plan.scenario.write_segy && segy_available()) {
    const std::string why = segy_unwritable_reason(plan, plan.samples);
    if (!why.empty()) warnings.push_back("no SEG-Y: " + why + "; seismograms.npy holds every sample");
  }
  if constexpr (!out_of_core)
    if (comm::size() > 1 && !opt.quiet)
      std::fprintf(stderr, "seis: %d ranks, sub-domains %s, halo exchange: %s\n", comm::size(), sub.describe().c_str(),
                   sim.halo().transport().c_str());
  if constexpr (out_of_core)
    if (!opt.quiet) print_out_of_core(stderr, sim.stats(), plan);
  if (!opt.quiet) {
    std::fprintf(stderr, "seis: %s, %s physics, grid %d x %d x %d, %d steps, dt %.4g s, strategy %s on %s\n",
                 plan.scenario.name.c_str(), Physics::name(), plan.grid.nx(), plan.grid.ny(), plan.grid.nz(),
                 plan.scenario.steps, plan.dt, strategy->name().c_str(), DefaultExec::name());
    if (resume) std::fprintf(stderr, "seis: resuming at step %d from %s\n", first_step, resume->path.c_str());
    print_parameters(stderr, plan);
    for (const auto& w : warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
  }
  // Snapshots go to a work folder beside the output, and join the result set
  // when it replaces the output folder (a resumed run continues the
  // snapshots its interrupted part left there).
  std::unique_ptr<SnapshotWriter> snapshots;
  if (plan.snapshots.enabled()) {
    on_every_rank([&] {  // rank 0 creates the work folder
      snapshots = std::make_unique<SnapshotWriter>(plan, snapshot_work_dir(output_dir), sim.subdomain());
      if (resume) snapshots->continue_from((fs::path(output_dir) / "snapshots").string());
    });
    const auto observer = [&](int step, const auto& p) { (*snapshots)(step, p); };
    // (out-of-core runs write their chunks back to the host only for the snapshot steps)
    if constexpr (out_of_core) sim.observe_steps(observer, plan.snapshots.every);
    else sim.observe_steps(observer);
  }

  // After each step: the instability guard, interruption, checkpoints.
  // Ctrl-C and SIGTERM end the run gracefully after the step. In a
  // distributed run (the signal may reach one rank only, e.g. a `kill` of one
  // process) the ranks agree on it after every step, so that all of them stop
  // after the same step: one tiny reduction per step.
  InterruptWatch interrupts;
  int stop_signal = 0;
  RunCheckpoints<Sim> checkpoints(sim, inputs_hash, resume_data, output_dir, checkpoint_every);
  int last_checked = first_step;
  const auto after_step = [&](int done) {
    // (out-of-core runs stop here after each sweep of several steps)
    if (stability_check_due(last_checked, done, done == steps)) {
      check_wavefield_max<Physics>(sim.wavefield_max_abs(), done);
      last_checked = done;
    }
    stop_signal = comm::size() > 1 ? int(comm::max(double(interrupts.signal()))) : interrupts.signal();
    if (stop_signal != 0) return false;
    checkpoints.after_step(done, steps);
    return true;
  };
  ProgressReporter progress(!opt.quiet);
  const RunTiming t = sim.run([&](int s, int n, double sec) { progress(s, n, sec); }, steps - first_step, after_step);
  const bool partial = sim.steps_done() < steps;
  nlohmann::json distributed;
  if constexpr (!out_of_core)
    distributed = distributed_report(sim, t, kokkos_device_id(), plan.scenario.decomposition[0] > 0
                                                                    ? "scenario [run].decomposition"
                                                                    : "smallest halo");

  CopyBandwidth stream;
  if (opt.stream && !partial && comm::rank() == 0) {
    // The probe allocates two arrays of its own after the run: say so.
    const std::size_t bytes = default_stream_bytes(Traits::is_gpu, Traits::device_memory_bytes());
    if (!opt.quiet)
      std::fprintf(stderr, "measuring the copy bandwidth for the report: 2 arrays of %.3g GB on %s (--no-stream skips it)\n",
                   double(bytes) / 1e9, DefaultExec::name());
    stream = measure_copy_bandwidth(bytes);
  }

  const index_t inner_points = plan.grid.interior_points() == sim.subdomain().box.volume()
                                   ? sim.regions().inner.volume()
                                   : seven_regions(plan.grid, plan.scenario.pml_thickness).inner.volume();
  const InnerRate rate = inner_rate<Physics>(plan, inner_points, t);
  nlohmann::json report;
  report["seiskokkos"] = SEIS_VERSION_STRING;
  report["date"] = today();
  report["scenario"] = {{"name", plan.scenario.name}, {"file", opt.scenario_path}};
  report["device"] = device_json();
  report["physics"] = Physics::name();
  report["model"] = parameters_json(plan);
  report["precision"] = sizeof(Scalar) == 4 ? "float32" : "float64";
  // The CPML's memory variables as the run kept them ([boundary] pml_memory).
  report["cpml_memory"] = cpml_memory_name(sim.pml().memory_form());
  report["strategy"] = {{"name", strategy->name()}, {"chosen_by", chosen_by}};
  // The tuner timed in-core steps of one buffer's grid: no forecast of an
  // out-of-core step (out_of_core.predicted_ms_per_step is that).
  if (expected_ms_per_step > 0 && !out_of_core) {
    const double expected_s = expected_ms_per_step * t.steps / 1e3;
    report["strategy"]["expected_wall_s"] = expected_s;
    report["strategy"]["measured_over_expected"] = t.wall_s / expected_s;
  }
  report["grid"] = grid_json(plan, rate);
  report["time"] = {{"steps", steps}, {"steps_done", sim.steps_done()}, {"dt", plan.dt},
                    {"dt_cfl_limit", plan.dt_limit}, {"simulated_s", sim.steps_done() * plan.dt}};
  report["partial"] = partial;
  if (resume) report["resumed_from_step"] = first_step;
  if (const nlohmann::json c = checkpoints.report(); !c.is_null()) report["checkpoints"] = c;
  report["timing"] = timing_json(t);
  if constexpr (!out_of_core) report["timing"]["pml_overlap"] = cpml_overlap_name(sim.cpml_overlap());
  report["performance"] = performance_json<Physics>(rate, t, opt.stream && !partial ? &stream : nullptr);
  report["warnings"] = warnings;
  report["ranks"] = comm::size();
  if (!distributed.is_null()) {  // rank 0 of a distributed run
    report["decomposition"] = distributed["decomposition"];
    report["distributed"] = distributed;
  }
  if (snapshots) report["snapshots"] = snapshots->finish();
  report["placement"] = out_of_core ? "out-of-core" : comm::size() > 1 ? "distributed" : "in-core";
  if constexpr (out_of_core) report["out_of_core"] = out_of_core_report(sim.stats(), plan, t);

  // The result set, complete or (interrupted) the samples so far with a
  // checkpoint, replaces the output folder as a whole; rank 0 writes it with
  // every rank's traces.
  sim.receivers().sync();
  const int samples = partial ? sim.receivers().recorded() : sim.receivers().samples();
  const std::vector<float> traces =
      first_samples(gather_traces(sim.owned_receivers(), sim.receivers().traces(), plan.receivers.size(),
                                  sim.receivers().samples()),
                    sim.receivers().samples(), samples);
  // An interrupted run's checkpoint (checked first: never garbage) is saved
  // into the output folder, by every rank in a distributed run, and moves
  // into the result set with the other files.
  std::string last_checkpoint;
  if (partial) {
    on_every_rank([&] {
      if (comm::rank() == 0) fs::create_directories(output_dir);
    });
    last_checkpoint = checkpoints.write_into(output_dir);
  }
  std::vector<std::string> written;
  on_every_rank([&] {
    if (comm::rank() != 0) return;
    replace_result_set(output_dir, [&](const std::string& staging) {
      if (partial) {
        report["checkpoint"] = fs::path(last_checkpoint).filename().string();
        fs::rename(last_checkpoint, fs::path(staging) / report["checkpoint"].get<std::string>());
      }
      for (const auto& f : write_run_outputs(staging, plan, traces, samples, report))
        written.push_back((fs::path(output_dir) / fs::path(f).filename()).string());
      if (partial) written.push_back((fs::path(output_dir) / report["checkpoint"].get<std::string>()).string());
      if (snapshots) snapshots->move_into((fs::path(staging) / "snapshots").string());
    });
  });
  if (partial) {
    const int sig = stop_signal;
    if (comm::rank() == 0)
      std::fprintf(stderr, "seis: interrupted (%s) after step %d of %d: seismograms so far and a checkpoint in %s; "
                 "'seis resume %s' continues\n", sig == SIGINT ? "SIGINT" : "SIGTERM", sim.steps_done(), steps,
                 output_dir.c_str(), output_dir.c_str());
    return 128 + sig;
  }
  if (!opt.quiet) {
    std::fprintf(stderr, "done: %.3f s wall, stencil %.3f ms/step, %.1f Mpoints/s inner, %.1f GB/s effective",
                 t.wall_s, 1e3 * t.stencil_s / t.steps, rate.points_per_s / 1e6, rate.effective_gbytes_per_s);
    if (opt.stream) std::fprintf(stderr, " (%.0f%% of %.0f GB/s copy)", 100 * rate.effective_gbytes_per_s / stream.gbytes_per_s, stream.gbytes_per_s);
    std::fprintf(stderr, "\n");
    if (checkpoints.written() > 0)
      std::fprintf(stderr, "checkpoints: %d, %.3f s each (%.3g GB)\n", checkpoints.written(),
                   checkpoints.seconds_each(), checkpoints.bytes() / 1e9);
    for (const auto& w : written) std::fprintf(stderr, "wrote %s\n", w.c_str());
    if (snapshots)
      std::fprintf(stderr, "wrote %d snapshot files in %s\n", snapshots->files_written(),
                   (fs::path(output_dir) / "snapshots").string().c_str());
  }
  return 0;
  };
  if (plan.out_of_core) {
    OutOfCoreSimulation<Physics> sim(plan, *strategy, plan.scenario.out_of_core, plan.device_budget);
    sim.land_on_multiples_of(checkpoint_every);  // checkpoints fall between sweeps (snapshots: observe_steps)
    return run_on(sim);
  }
  std::unique_ptr<Simulation<Physics>> owned_sim;
  on_every_rank([&] {
    owned_sim = std::make_unique<Simulation<Physics>>(plan, *strategy, sub);
    owned_sim->overlap_cpml(cpml_overlap_named(opt.cpml_overlap));
  });
  return run_on(*owned_sim);
}

// `run`: the plan of what this rank runs; with several ranks, each reads only
// its sub-domain's part of the model files.
RunPlan plan_for(const RunOptions& opt, const ScenarioSource& src, bool run = false) {
  Scenario s = parse_scenario(src.text, src.stem, src.base, src.file);
  if (opt.steps > 0) s.steps = opt.steps;
  if (!opt.device_memory.empty()) s.out_of_core.device_memory = parse_byte_size(opt.device_memory, "--device-memory");
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
  // Distributed runs check the memory of one sub-domain (check_subdomain_memory).
  if (comm::size() > 1 && run)
    return plan_run(s, std::numeric_limits<std::size_t>::max(), 4,
                    [](const Scenario& scenario) { return rank_subdomain(scenario).box; });
  return plan_run(s, comm::size() > 1 ? std::numeric_limits<std::size_t>::max() : Traits::device_memory_bytes());
}

// Everything the run will need and write is checked before the first step:
// host memory beside the device's, the output folder, the space it needs.
int start_run(const RunOptions& opt, const ScenarioSource& src, const std::string& out, bool overwrite,
              const ResumePoint* resume) {
  const RunPlan plan = plan_for(opt, src, true);
  const bool checkpointing = (opt.checkpoint_every >= 0 ? opt.checkpoint_every : plan.scenario.checkpoint_every) > 0;
  // The wavefields live on the host on CPU backends and out-of-core (then a
  // CPU backend also holds the pipeline's buffers there).
  const std::size_t state_on_host = plan.out_of_core ? plan.bytes_needed + (Traits::is_gpu ? 0 : plan.device_budget)
                                    : Traits::is_gpu ? 0 : plan.bytes_needed;
  check_host_memory(plan, checkpointing, state_on_host, host_bytes_available());
  const std::size_t traces = plan.receivers.size() * std::size_t(plan.samples) * sizeof(float);
  // .npy and SEG-Y, headers; while checkpointing, two checkpoints at a time.
  const std::size_t bytes = 2 * traces + plan.receivers.size() * 256 + (1 << 20) +
                            (checkpointing ? 2 * (plan.bytes_needed + traces) : 0);
  check_output_location(out, overwrite, bytes);
  return with_physics(plan.scenario.physics, [&](auto physics) {
    return run_physics<typename decltype(physics)::type>(plan, opt, out, src, resume);
  });
}

int cmd_run(const RunOptions& options) {
  RunOptions opt = options;
  if (comm::rank() != 0) opt.quiet = true;  // rank 0 speaks for all
  const ScenarioSource src = ScenarioSource::from_file(opt.scenario_path);
  const std::string out = opt.output.empty() ? "seis-out/" + parse_scenario(src.text, src.stem, src.base, src.file).name
                                             : opt.output;
  return start_run(opt, src, out, opt.overwrite, nullptr);
}

// Continues the newest checkpoint in `dir` with the scenario text and
// options stored in it; the results replace the folder as a run would.
// A distributed run's checkpoint is resumed by as many ranks as wrote it
// (each reads its own part; the folder must be visible to every rank).
int cmd_resume(const RunOptions& opt, const std::string& dir) {
  const auto found = list_checkpoints(dir);
  if (found.empty()) throw InputError("'" + dir + "' holds no checkpoint (checkpoint-*.seisck) to resume from");
  const std::string& newest = found.back();
  const int ranks = checkpoint_ranks(newest);
  if (ranks != comm::size())
    throw InputError("checkpoint '" + newest + "' was written by " + std::to_string(ranks) + " rank" +
                     (ranks == 1 ? "" : "s") + "; resume it with " +
                     (ranks == 1 ? std::string("one rank (without mpirun)")
                                 : "mpirun -np " + std::to_string(ranks) + " seis resume " + dir));
  ResumePoint resume{newest, {}};
  on_every_rank([&] { resume.info = read_checkpoint_info(checkpoint_file_of(newest, comm::rank())); });
  ScenarioSource src;
  RunOptions o = opt;
  if (comm::rank() != 0) o.quiet = true;  // rank 0 speaks for all
  try {
    const nlohmann::json& r = resume.info.run;
    src = {r.at("scenario_text").get<std::string>(), r.at("scenario_file").get<std::string>(),
           r.at("scenario_stem").get<std::string>(), r.at("scenario_base").get<std::string>()};
    o.scenario_path = src.file;
    o.steps = r.at("steps").get<int>();
    o.strategy = r.at("strategy").get<std::string>();
    if (o.checkpoint_every < 0) o.checkpoint_every = r.at("checkpoint_every").get<int>();
  } catch (const nlohmann::json::exception& e) {
    throw InputError("checkpoint '" + resume.path + "' lacks what resuming needs (" + e.what() + ")");
  }
  return start_run(o, src, dir, true, &resume);
}

int cmd_check(const RunOptions& opt) {
  const RunPlan plan = plan_for(opt, ScenarioSource::from_file(opt.scenario_path));
  const std::string spec = opt.strategy.empty() ? plan.scenario.strategy : opt.strategy;
  const std::string out = opt.output.empty() ? "seis-out/" + plan.scenario.name : opt.output;
  return with_physics(plan.scenario.physics, [&](auto physics) {
    return check_scenario<typename decltype(physics)::type>(plan, spec, out);
  });
}

int cmd_tune(const RunOptions& opt) {
  const RunPlan plan = plan_for(opt, ScenarioSource::from_file(opt.scenario_path));
  const AutoChoice choice = with_physics(plan.scenario.physics, [&](auto physics) {
    return tune_and_store<typename decltype(physics)::type>(plan, opt.tune_budget, true);
  });
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

// A command-line error message on one line, with absurdly long values (a
// 300-digit number) shortened.
std::string one_line(const std::string& message) {
  std::string out, word;
  auto flush = [&] {
    out += word.size() > 40 ? word.substr(0, 20) + "...(" + std::to_string(word.size()) + " characters)" : word;
    word.clear();
  };
  for (char c : message) {
    if (c == '\n' || c == '\r' || c == ' ' || c == '\t') {
      flush();
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      word += c;
    }
  }
  flush();
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  comm::Session mpi(argc, argv);
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
  // Counts and seconds with short messages (CLI11's number checks print the
  // whole double range).
  const CLI::Range step_count(1, 2147483647);
  const CLI::Range step_interval(0, 2147483647);
  const CLI::Validator positive_seconds(
      [](std::string& text) {
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        if (end == text.c_str() || *end != '\0' || !std::isfinite(v) || !(v > 0))
          return std::string("must be a positive number of seconds, got '" + text + "'");
        return std::string();
      },
      "SECONDS");
  auto* run = app.add_subcommand("run", "run a scenario");
  run->add_option("scenario", opt.scenario_path, "scenario TOML file")->required();
  run->add_option("--strategy", opt.strategy, "strategy NAME[:SHAPE] or auto (default: the scenario's)");
  run->add_option("--steps", opt.steps, "number of time steps (default: the scenario's)")->check(step_count);
  run->add_option("--output", opt.output, "output directory (default: seis-out/<scenario>)");
  run->add_flag("--overwrite", opt.overwrite, "replace results already in the output directory");
  run->add_flag("--quiet", opt.quiet, "no progress or summary on stderr");
  run->add_flag("!--no-stream", opt.stream, "skip the copy-bandwidth probe of the run report");
  run->add_option("--tune-budget", opt.tune_budget, "seconds the tuner may spend when --strategy auto finds no cache")
      ->check(positive_seconds);
  run->add_option("--device-memory", opt.device_memory,
                  "device memory the run may use, e.g. 8GiB (units B, KiB, MiB, GiB, TiB); a larger state runs "
                  "out-of-core (default: the scenario's [run] device_memory, else what the device has free)");
  run->add_option("--cpml-overlap", opt.cpml_overlap,
                  "where the CPML slabs run in a one-domain step: off (after the inner region), beside (a second "
                  "instance, concurrently), ahead (a second instance served first where the device can; default)")
      ->check(CLI::IsMember({"off", "beside", "ahead"}));
  run->add_option("--checkpoint-every", opt.checkpoint_every,
                  "write a checkpoint into the output folder every N steps (0: none; default: the scenario's)")
      ->check(step_interval);
  std::string resume_dir;
  auto* resume = app.add_subcommand("resume", "continue an interrupted run from the checkpoint in its output folder");
  resume->add_option("output", resume_dir, "output folder of the interrupted run")->required();
  resume->add_option("--checkpoint-every", opt.checkpoint_every, "steps between checkpoints (default: as before)")
      ->check(step_interval);
  resume->add_flag("--quiet", opt.quiet, "no progress or summary on stderr");
  resume->add_flag("!--no-stream", opt.stream, "skip the copy-bandwidth probe of the run report");
  auto* tune = app.add_subcommand("tune", "find the fastest strategy and block shape for a scenario on this device");
  tune->add_option("scenario", opt.scenario_path, "scenario TOML file")->required();
  tune->add_option("--budget", opt.tune_budget, "seconds the search may spend (default 120)")->check(positive_seconds);
  auto* check = app.add_subcommand(
      "check", "validate a scenario and predict its resolution, dispersion, memory and run time (allocates nothing)");
  check->add_option("scenario", opt.scenario_path, "scenario TOML file")->required();
  check->add_option("--strategy", opt.strategy, "strategy NAME[:SHAPE] or auto (default: the scenario's)");
  check->add_option("--steps", opt.steps, "number of time steps (default: the scenario's)")->check(step_count);
  check->add_option("--device-memory", opt.device_memory, "device memory the run may use, e.g. 8GiB");
  check->add_option("--output", opt.output, "output directory (default: seis-out/<scenario>)");
  bool names_only = false;
  auto* strategies = app.add_subcommand("strategies", "list the strategies and where they run");
  strategies->add_flag("--names", names_only, "only the names of the strategies offered here, one per line");

  try {
    app.parse(kokkos_args.program_argc(), kokkos_args.program_argv());
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version
  } catch (const CLI::ParseError& e) {
    // Like every input error: one line (from rank 0), exit 2 (README).
    if (comm::rank() != 0) return 2;
    std::string what = one_line(e.what());
    if (argc > 1 && argv[1][0] != '-') {
      try {
        app.get_subcommand(argv[1]);
      } catch (const CLI::OptionNotFound&) {
        what = "unknown command '" + one_line(argv[1]) + "'; the commands are run, resume, tune, check, strategies";
      }
    }
    std::fprintf(stderr, "seis: error: %s (seis --help lists the options)\n", what.c_str());
    return 2;
  }
  // One GPU per rank: Kokkos 4 picks local rank % device count from the
  // launcher's environment when asked to (an explicit device id wins).
  if (comm::size() > 1) setenv("KOKKOS_MAP_DEVICE_ID_BY", "mpi_rank", 0);
  Kokkos::ScopeGuard kokkos(kokkos_args.argc(), kokkos_args.argv());
  // Every rank reaches the same errors (or agrees on a rank's own: on_every_rank); rank 0 reports them.
  return run_reporting_errors("seis", [&] {
    try {
      if (run->parsed()) return cmd_run(opt);
      if (resume->parsed()) return cmd_resume(opt, resume_dir);
      if (tune->parsed()) return cmd_tune(opt);
      if (check->parsed()) return cmd_check(opt);
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
