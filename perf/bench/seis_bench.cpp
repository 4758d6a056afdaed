// seis-bench: physics x strategy x block shape x grid size on the current
// backend. Median ms/step after warm-up, Gpts/s, effective GB/s from the
// minimal bytes per point (physics.md §7) and the fraction of the copy
// bandwidth measured by the same program in the same run. --compare-native
// times each strategy in turns with its native CUDA twin on the same data.
//
//   seis-bench --physics iso,tti --sizes 512,1024 [--strategies all|NAME[:SHAPE],...]
//              [--shapes all|default] [--warmup 3] [--repeats 10]
//              [--json FILE] [--csv FILE] [--compare-native]

#include "bench_physics.hpp"
#include "bench_report.hpp"

#include "seis/compat/kokkos_compat.hpp"
#include "seis/errors.hpp"
#include "seis/norms.hpp"
#include "seis/physics/physics_list.hpp"
#include "seis/policies/registry.hpp"
#include "seis/measure/strategy_timer.hpp"
#include "seis/measure/stream_probe.hpp"
#include "seis/policies/traits/exec_traits.hpp"
#include "seis/version.hpp"

#if defined(SEIS_BENCH_NATIVE_CUDA)
#include "native_kernels.hpp"
#endif

#include <CLI/CLI.hpp>
#include <Kokkos_Core.hpp>

#include <cstdio>
#include <ctime>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using namespace seis;
using bench::Options;
using Traits = ExecTraits<DefaultExec>;

// --counters PHYSICS=FILE, read before anything is allocated.
void read_counters(const std::vector<std::string>& args, Options& o) {
  for (const auto& a : args) {
    const auto eq = a.find('=');
    const std::string physics = a.substr(0, eq == std::string::npos ? 0 : eq), file = eq == std::string::npos ? a : a.substr(eq + 1);
    if (!is_physics_name(physics))
      throw InputError("--counters takes PHYSICS=FILE with PHYSICS " + physics_names() + ", got '" + a + "'");
    std::ifstream in(file);
    if (!in) throw InputError("--counters: cannot read '" + file + "'");
    std::stringstream text;
    text << in.rdbuf();
    try {
      o.counters[physics] = bench::read_counters_csv(text.str());
    } catch (const std::runtime_error& e) {
      throw InputError("--counters '" + file + "': " + e.what());
    }
  }
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, sep))
    if (!item.empty()) out.push_back(item);
  return out;
}

std::array<int, 3> parse_size(const std::string& s) {
  const auto parts = split(s, 'x');
  try {
    if (parts.size() == 1) {
      const int n = std::stoi(parts[0]);
      if (n > 0) return {n, n, n};
    } else if (parts.size() == 3) {
      const std::array<int, 3> d{std::stoi(parts[0]), std::stoi(parts[1]), std::stoi(parts[2])};
      if (d[0] > 0 && d[1] > 0 && d[2] > 0) return d;
    }
  } catch (const std::exception&) {
  }
  throw InputError("size '" + s + "' is not N or NXxNYxNZ with positive numbers");
}

#if defined(SEIS_BENCH_NATIVE_CUDA)
native::Shape native_shape(const BlockShape& s) { return {s.dx, s.dy, s.dz, s.zchunk}; }
native::Box native_box(const Box& b) { return {b.x0, b.x1, b.y0, b.y1, b.z0, b.z1}; }
void* native_stream() { return Kokkos::Cuda().cuda_stream(); }

// The native twins of a physics: perf/native/ mirrors iso and TTI by hand,
// so only those two have any (KernelInfo says which kernel has which); a
// physics without twins gets no native column.
template <class Physics>
struct NativeTwin {
  static bool exists(const native::KernelInfo&) { return false; }
  static int launch(const std::string&, const StepData<Physics>&, const Box&, const BlockShape&) { return -1; }
};

template <>
struct NativeTwin<IsoPhysics<float>> {
  static bool exists(const native::KernelInfo& k) { return k.iso; }
  static int launch(const std::string& name, const StepData<IsoPhysics<float>>& d, const Box& b, const BlockShape& s) {
    return native::launch_iso(name.c_str(), native::to_native(d.grid), native_box(b), {d.cur[0], d.next[0], d.model[0]},
                              native_shape(s), native_stream());
  }
};

template <>
struct NativeTwin<TtiPhysics<float>> {
  static bool exists(const native::KernelInfo& k) { return k.tti; }
  static int launch(const std::string& name, const StepData<TtiPhysics<float>>& d, const Box& b, const BlockShape& s) {
    return native::launch_tti(name.c_str(), native::to_native(d.grid), native_box(b),
                              {d.cur[0], d.cur[1], d.next[0], d.next[1], d.model[0], d.model[1], d.model[2],
                               d.model[3], d.model[4]},
                              native_shape(s), native_stream());
  }
};

// Runs strategy and native kernel one step each from the same state, then
// times them in turns on the same fields (time_paired: Kokkos, native,
// native, Kokkos, ...), so the ratio compares steps taken side by side on
// the same buffers; fills row.native and puts the Kokkos figures of that run
// in the row. What bench_physics does after timing a strategy with
// --compare-native.
template <class Physics>
void compare_native(WaveState<Physics>& state, const Physics& physics, const Box& box, const StencilOperator<Physics>& op,
                    const std::string& name, const std::string& shape_text, bench::Row& row, const Options& o) {
  const BlockShape shape = BlockShape::parse(shape_text, strategy_info(name).three_d);
  const native::KernelInfo* info = native::find_kernel(name.c_str());
  if (!info || !NativeTwin<Physics>::exists(*info)) return;
  using Field_t = typename WaveState<Physics>::field_type;
  std::vector<Field_t> saved, kokkos;
  for (int f = 0; f < Physics::num_fields; ++f) {
    saved.emplace_back("saved", state.grid());
    kokkos.emplace_back("kokkos_result", state.grid());
    Kokkos::deep_copy(saved.back().flat(), state.previous(f).flat());
  }
  const auto d = state.step_data(physics);
  op.apply(d, box);
  for (int f = 0; f < Physics::num_fields; ++f) {
    Kokkos::deep_copy(kokkos[std::size_t(f)].flat(), state.previous(f).flat());
    Kokkos::deep_copy(state.previous(f).flat(), saved[std::size_t(f)].flat());
  }
  const int rc = NativeTwin<Physics>::launch(name, d, box, shape);
  fence("seis::bench_native");
  if (rc != 0) {
    row.native.kernel = name + " failed: " + native::error_string(rc);
    return;
  }
  double worst = 0;
  for (int f = 0; f < Physics::num_fields; ++f)
    worst = std::max(worst, relative_l2(state.previous(f), kokkos[std::size_t(f)]));
  const PairedTimes t = time_paired(
      state, physics, o.warmup, o.repeats, [&](const StepData<Physics>& sd) { op.apply(sd, box); },
      [&](const StepData<Physics>& sd) {
        if (const int e = NativeTwin<Physics>::launch(name, sd, box, shape))
          throw std::runtime_error(native::error_string(e));
      });
  row.native.kokkos_block_median_ms = row.median_ms;
  row.repeats = t.a.repeats;
  row.median_ms = t.a.median_ms;
  row.min_ms = t.a.min_ms;
  row.max_ms = t.a.max_ms;
  row.has_native = true;
  row.native.kernel = name;
  row.native.median_ms = t.b.median_ms;
  row.native.rel_l2 = worst;
  row.native.pair_ratios = t.ratios();
  row.native.kokkos_ms = t.a_ms;
  row.native.native_ms = t.b_ms;
}
#endif

std::string command_line(int argc, char** argv) {
  std::string c;
  for (int i = 0; i < argc; ++i) c += (i ? " " : "") + std::string(argv[i]);
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string command = command_line(argc, argv);
  Kokkos::ScopeGuard kokkos(argc, argv);
  CLI::App app{"seis-bench: strategy x block shape x grid size on " + std::string(DefaultExec::name())};
  Options o;
  std::string physics = physics_descriptions().front().name, sizes = "512", strategies = "all";
  app.add_option("--physics", physics, "comma list of " + physics_names());
  app.add_option("--sizes", sizes, "comma list of N or NXxNYxNZ (interior points; the whole interior is updated)");
  app.add_option("--strategies", strategies, "all, or comma list of NAME or NAME:SHAPE");
  app.add_option("--shapes", o.shapes, "all (every offered shape) or default")->check(CLI::IsMember({"all", "default"}));
  app.add_option("--warmup", o.warmup, "untimed steps first")->check(CLI::NonNegativeNumber);
  app.add_option("--repeats", o.repeats, "timed steps (median reported)")->check(CLI::PositiveNumber);
  app.add_option("--spacing", o.spacing, "grid spacing in m")->check(CLI::PositiveNumber);
  app.add_option("--json", o.json, "write the report as JSON");
  app.add_option("--csv", o.csv, "write the rows as CSV");
  app.add_option("--stream-bytes", o.stream_bytes, "bytes per array of the copy probe (default: 1 GiB on GPUs)");
  app.add_flag("--compare-native", o.compare_native, "run each strategy beside its native CUDA twin");
  std::vector<std::string> counter_files;
  app.add_option("--counters", counter_files,
                 "PHYSICS=FILE: show the Nsight Compute counters of perf/ncu_strategies.sh's CSV beside each strategy");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  return run_reporting_errors("seis-bench", [&] {
    o.physics = split(physics, ',');
    o.sizes = split(sizes, ',');
    o.strategies = split(strategies, ',');
    read_counters(counter_files, o);
    for (const auto& p : o.physics)
      physics_description(p);  // unknown names fail here, before any allocation
#if !defined(SEIS_BENCH_NATIVE_CUDA)
    if (o.compare_native) throw InputError("--compare-native needs a CUDA build with the native kernels (SEIS_NATIVE_CUDA)");
#endif
    std::vector<std::array<int, 3>> dims;
    for (const auto& s : o.sizes) dims.push_back(parse_size(s));
    bench::specs(o);  // unknown strategy names fail here, before any allocation

    bench::Report report;
    report.version = SEIS_VERSION_STRING;
    char date[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
    report.date = date;
    report.command = command;
    report.device = Traits::device_name();
    report.backend = std::string(DefaultExec::name()) + ", Kokkos " + kokkos_version_string();
    const std::size_t bytes =
        o.stream_bytes > 0 ? o.stream_bytes : default_stream_bytes(Traits::is_gpu, Traits::device_memory_bytes());
    const CopyBandwidth copy = measure_copy_bandwidth(bytes);
    report.copy_gbytes_per_s = copy.gbytes_per_s;
    report.copy_bytes = copy.bytes;
    report.copy_method = copy.method;
    const DevicePeak peak = Traits::fp32_peak();
    report.fp32_peak_gflops = peak.fp32_gflops;
    report.fp32_peak_basis = peak.basis;
    for (const auto& p : o.physics)
      for (const auto& n : dims) {
        with_physics(p, [&](auto physics) {
          using P = typename decltype(physics)::type;
#if defined(SEIS_BENCH_NATIVE_CUDA)
          if (o.compare_native)
            return bench::bench_physics<P>(o, n, report, [&](auto&... timed) { compare_native(timed..., o); });
#endif
          bench::bench_physics<P>(o, n, report);
        });
      }
    std::printf("%s", bench::to_table(report).c_str());
    if (!o.json.empty()) std::ofstream(o.json) << bench::to_json(report).dump(2) << "\n";
    if (!o.csv.empty()) std::ofstream(o.csv) << bench::to_csv(report);
    return 0;
  });
}
