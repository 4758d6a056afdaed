#pragma once
// The rows and reports of seis-bench: the arithmetic of the metrics
// (physics.md §7) and their JSON and CSV forms.

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace seis::bench {

// The native twin timed in turns with the Kokkos strategy (time_paired):
// the row's Kokkos figures then come from the same run.
struct NativeTiming {
  std::string kernel;
  double median_ms = 0;
  double rel_l2 = 0;  // native result vs Kokkos result, same input
  // Kokkos ms / native ms of each pair of adjacent steps: their median is
  // the row's ratio, min and max its spread (none: ratio of the medians).
  std::vector<double> pair_ratios;
  std::vector<double> kokkos_ms, native_ms;  // the timed steps, pair by pair
  double kokkos_block_median_ms = 0;         // the strategy's own run of steps before the pairs
};

// Hardware counters of one kernel per strategy, measured once with Nsight
// Compute (perf/ncu_strategies.sh writes them): where a strategy spends.
struct Counters {
  double inst_per_point = 0;       // thread instructions per updated point
  double dram_bytes_per_point = 0;
  int registers = 0;               // per thread
  double local_loads = 0, local_stores = 0;  // spill instructions (warp level) in the profiled step
};

// The counters of perf/ncu_strategies.sh's CSV by its first column, the
// strategy as profiled ("NAME" for its default shape, or "NAME:SHAPE").
// Throws std::runtime_error on a file it cannot read.
std::vector<std::pair<std::string, Counters>> read_counters_csv(const std::string& text);

struct Row {
  std::string physics, strategy, shape, status = "ok";
  int nx = 0, ny = 0, nz = 0;
  int repeats = 0;
  double median_ms = 0, min_ms = 0, max_ms = 0;
  int bytes_per_point = 0;
  int flops_per_point = 0;
  bool has_native = false;
  NativeTiming native;
  bool has_counters = false;
  Counters counters;

  // Derived (physics.md §7): N updated points per step.
  double points() const { return double(nx) * ny * nz; }
  double gpts_per_s() const { return points() / (median_ms * 1e-3) / 1e9; }
  double effective_gbytes_per_s() const { return points() * bytes_per_point / (median_ms * 1e-3) / 1e9; }
  double fraction_of_copy(double copy_gbytes_per_s) const { return effective_gbytes_per_s() / copy_gbytes_per_s; }
  double gflops_per_s() const { return points() * flops_per_point / (median_ms * 1e-3) / 1e9; }
  // Kokkos / native, > 1: Kokkos slower. The median over the pairs of steps
  // where there are pairs, else the ratio of the medians.
  double native_ratio() const;
  double native_ratio_min() const;
  double native_ratio_max() const;
};

struct Report {
  std::string version, date, command, device, backend;
  double copy_gbytes_per_s = 0;
  std::size_t copy_bytes = 0;
  std::string copy_method;
  double fp32_peak_gflops = 0;  // from the device's properties; 0: unknown
  std::string fp32_peak_basis;
  std::vector<Row> rows;
};

nlohmann::json to_json(const Report& r);
std::string to_csv(const Report& r);
std::string to_table(const Report& r);  // what the program prints

}  // namespace seis::bench
