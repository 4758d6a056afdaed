#include "bench_report.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>
#include <stdexcept>

namespace seis::bench {

namespace {
std::string num(double v, const char* fmt = "%.6g") {
  char b[64];
  std::snprintf(b, sizeof b, fmt, v);
  return b;
}
}  // namespace

double Row::native_ratio() const {
  if (native.pair_ratios.empty()) return median_ms / native.median_ms;
  std::vector<double> r = native.pair_ratios;
  std::sort(r.begin(), r.end());
  return r[r.size() / 2];
}

double Row::native_ratio_min() const {
  return native.pair_ratios.empty() ? native_ratio()
                                    : *std::min_element(native.pair_ratios.begin(), native.pair_ratios.end());
}

double Row::native_ratio_max() const {
  return native.pair_ratios.empty() ? native_ratio()
                                    : *std::max_element(native.pair_ratios.begin(), native.pair_ratios.end());
}

std::vector<std::pair<std::string, Counters>> read_counters_csv(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  std::vector<std::string> head;
  auto cells = [](const std::string& l) {
    std::vector<std::string> out;
    std::stringstream s(l);
    std::string c;
    while (std::getline(s, c, ',')) out.push_back(c);
    return out;
  };
  if (!std::getline(in, line) || (head = cells(line)).empty() || head[0] != "spec")
    throw std::runtime_error("not a counters CSV of perf/ncu_strategies.sh (its first column must be 'spec')");
  std::map<std::string, std::size_t> column;
  for (std::size_t k = 0; k < head.size(); ++k) column[head[k]] = k;
  for (const char* need : {"inst_per_point", "dram_bytes_per_point", "registers", "local_ld", "local_st"})
    if (!column.count(need)) throw std::runtime_error(std::string("counters CSV lacks the column '") + need + "'");
  std::vector<std::pair<std::string, Counters>> out;
  while (std::getline(in, line)) {
    const auto c = cells(line);
    if (c.size() != head.size()) continue;
    try {
      Counters k;
      k.inst_per_point = std::stod(c[column["inst_per_point"]]);
      k.dram_bytes_per_point = std::stod(c[column["dram_bytes_per_point"]]);
      k.registers = std::stoi(c[column["registers"]]);
      k.local_loads = std::stod(c[column["local_ld"]]);
      k.local_stores = std::stod(c[column["local_st"]]);
      out.emplace_back(c[0], k);
    } catch (const std::exception&) {
      throw std::runtime_error("counters CSV: cannot read the line '" + line + "'");
    }
  }
  return out;
}

nlohmann::json to_json(const Report& r) {
  nlohmann::json j;
  j["seiskokkos"] = r.version;
  j["date"] = r.date;
  j["command"] = r.command;
  j["device"] = r.device;
  j["backend"] = r.backend;
  j["stream_copy"] = {{"gbytes_per_s", r.copy_gbytes_per_s}, {"array_bytes", r.copy_bytes},
                      {"method", r.copy_method}, {"counts", "bytes read + bytes written"}};
  // The roofline's peaks: the measured copy bandwidth above and the FP32
  // peak from the device's properties (null where unknown).
  j["fp32_peak"] = {{"gflops", r.fp32_peak_gflops > 0 ? nlohmann::json(r.fp32_peak_gflops) : nlohmann::json()},
                    {"basis", r.fp32_peak_basis}};
  nlohmann::json rows = nlohmann::json::array();
  for (const Row& x : r.rows) {
    nlohmann::json row = {{"physics", x.physics}, {"strategy", x.strategy}, {"shape", x.shape},
                          {"status", x.status}, {"nx", x.nx}, {"ny", x.ny}, {"nz", x.nz},
                          {"points", x.points()}, {"bytes_per_point", x.bytes_per_point},
                          {"flops_per_point", x.flops_per_point}};
    if (x.status == "ok") {
      row["repeats"] = x.repeats;
      row["median_ms"] = x.median_ms;
      row["min_ms"] = x.min_ms;
      row["max_ms"] = x.max_ms;
      row["gpts_per_s"] = x.gpts_per_s();
      row["effective_gbytes_per_s"] = x.effective_gbytes_per_s();
      row["fraction_of_copy"] = x.fraction_of_copy(r.copy_gbytes_per_s);
      row["gflops_per_s"] = x.gflops_per_s();
      if (x.has_native)
        row["native"] = {{"kernel", x.native.kernel},
                         {"median_ms", x.native.median_ms},
                         {"kokkos_over_native", x.native_ratio()},
                         {"kokkos_over_native_min", x.native_ratio_min()},
                         {"kokkos_over_native_max", x.native_ratio_max()},
                         {"pair_ratios", x.native.pair_ratios},
                         {"kokkos_ms", x.native.kokkos_ms},
                         {"native_ms", x.native.native_ms},
                         {"kokkos_block_median_ms", x.native.kokkos_block_median_ms},
                         {"rel_l2_vs_kokkos", x.native.rel_l2}};
      if (x.has_counters)
        row["counters"] = {{"inst_per_point", x.counters.inst_per_point},
                           {"dram_bytes_per_point", x.counters.dram_bytes_per_point},
                           {"registers", x.counters.registers},
                           {"local_load_instructions", x.counters.local_loads},
                           {"local_store_instructions", x.counters.local_stores}};
    }
    rows.push_back(row);
  }
  j["results"] = rows;
  return j;
}

std::string to_csv(const Report& r) {
  std::ostringstream s;
  s << "physics,strategy,shape,nx,ny,nz,status,median_ms,min_ms,max_ms,gpts_per_s,bytes_per_point,"
       "effective_gbytes_per_s,copy_gbytes_per_s,fraction_of_copy,gflops_per_s,native_median_ms,"
       "kokkos_over_native,native_rel_l2,kokkos_over_native_min,kokkos_over_native_max\n";
  for (const Row& x : r.rows) {
    s << x.physics << ',' << x.strategy << ',' << x.shape << ',' << x.nx << ',' << x.ny << ',' << x.nz << ','
      << '"' << x.status << '"';
    if (x.status == "ok") {
      s << ',' << num(x.median_ms) << ',' << num(x.min_ms) << ',' << num(x.max_ms) << ',' << num(x.gpts_per_s())
        << ',' << x.bytes_per_point << ',' << num(x.effective_gbytes_per_s()) << ',' << num(r.copy_gbytes_per_s)
        << ',' << num(x.fraction_of_copy(r.copy_gbytes_per_s)) << ',' << num(x.gflops_per_s());
      if (x.has_native)
        s << ',' << num(x.native.median_ms) << ',' << num(x.native_ratio()) << ',' << num(x.native.rel_l2) << ','
          << num(x.native_ratio_min()) << ',' << num(x.native_ratio_max());
      else
        s << ",,,,,";
    } else {
      s << std::string(9 + 5, ',');  // the 9 timing columns and the 5 native ones, empty
    }
    s << '\n';
  }
  return s.str();
}

std::string to_table(const Report& r) {
  std::ostringstream s;
  s << "seis-bench " << r.version << " on " << r.device << " (" << r.backend << "), " << r.date << "\n";
  s << "copy bandwidth (read+write): " << num(r.copy_gbytes_per_s, "%.4g") << " GB/s (" << r.copy_method << ", "
    << r.copy_bytes / 1000000 << " MB arrays)\n";
  s << "FP32 peak: "
    << (r.fp32_peak_gflops > 0 ? num(r.fp32_peak_gflops, "%.4g") + " GFLOP/s (" + r.fp32_peak_basis + ")"
                               : "unknown (" + r.fp32_peak_basis + ")")
    << "\n";
  s << "physics strategy              shape        grid            ms/step   Gpts/s    GB/s  %copy";
  bool native = false, counters = false;
  for (const Row& x : r.rows) native |= x.has_native, counters |= x.has_counters;
  if (native) s << "  native_ms  kokkos/native  (pairs min..max)";
  if (counters) s << "  inst/pt  regs  spill ld/st";
  s << "\n";
  for (const Row& x : r.rows) {
    char line[256];
    const std::string grid = std::to_string(x.nx) + "x" + std::to_string(x.ny) + "x" + std::to_string(x.nz);
    if (x.status != "ok") {
      std::snprintf(line, sizeof line, "%-7s %-21s %-12s %-14s  %s\n", x.physics.c_str(), x.strategy.c_str(),
                    x.shape.c_str(), grid.c_str(), x.status.c_str());
      s << line;
      continue;
    }
    // Significant digits, not fixed decimals: CPU rates are small.
    std::snprintf(line, sizeof line, "%-7s %-21s %-12s %-14s %9.4g %8.4g %7.4g %5.1f%%", x.physics.c_str(),
                  x.strategy.c_str(), x.shape.c_str(), grid.c_str(), x.median_ms, x.gpts_per_s(),
                  x.effective_gbytes_per_s(), 100 * x.fraction_of_copy(r.copy_gbytes_per_s));
    s << line;
    if (x.has_native) {
      std::snprintf(line, sizeof line, "  %9.3f  %13.3f  (%6.3f..%6.3f)", x.native.median_ms, x.native_ratio(),
                    x.native_ratio_min(), x.native_ratio_max());
      s << line;
    } else if (native) {
      s << std::string(44, ' ');
    }
    if (x.has_counters) {
      std::snprintf(line, sizeof line, "  %7.1f  %4d  %.3g/%.3g", x.counters.inst_per_point, x.counters.registers,
                    x.counters.local_loads, x.counters.local_stores);
      s << line;
    }
    s << "\n";
  }
  return s.str();
}

}  // namespace seis::bench
