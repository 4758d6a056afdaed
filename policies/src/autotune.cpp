#include "seis/policies/autotune.hpp"

#include "seis/errors.hpp"
#include "seis/io/atomic_file.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace seis {

TuneResult tune_search(const TuneCandidates& candidates,
                       const std::function<MeasuredStep(const std::string&)>& time_ms,
                       const std::function<double()>& elapsed_s, double budget_s, int finalists,
                       const std::string& incumbent) {
  TuneResult result;
  result.best_ms = -1;
  double best_spread = 0;
  auto try_one = [&](const std::string& spec) -> double {
    for (const auto& t : result.timings)
      if (t.spec == spec) return t.ms_per_step;
    TuneTiming t{spec, -1, 0, ""};
    try {
      const MeasuredStep m = time_ms(spec);
      t.ms_per_step = m.median_ms;
      t.spread_ms = m.spread_ms;
    } catch (const ConfigError& e) {
      t.note = e.what();
    }
    result.timings.push_back(t);
    if (t.ms_per_step < 0) return t.ms_per_step;
    // The incumbent (timed first) yields only to a clear win.
    const bool holding_incumbent = !incumbent.empty() && result.best == incumbent;
    const double margin = holding_incumbent ? std::max(best_spread, t.spread_ms) : 0.0;
    if (result.best_ms < 0 || t.ms_per_step < result.best_ms - margin) {
      result.best_ms = t.ms_per_step;
      result.best = spec;
      best_spread = t.spread_ms;
    }
    return t.ms_per_step;
  };
  if (!incumbent.empty()) try_one(incumbent);
  auto out_of_time = [&]() {
    if (elapsed_s() < budget_s) return false;
    result.budget_exhausted = true;
    return true;
  };

  // Stage 1: every strategy at its default shape; if that one cannot run,
  // its first runnable shape stands for it.
  std::vector<std::pair<double, std::size_t>> ranking;
  for (std::size_t s = 0; s < candidates.per_strategy.size() && !out_of_time(); ++s) {
    for (const auto& spec : candidates.per_strategy[s]) {
      const double ms = try_one(spec);
      if (ms >= 0) {
        ranking.emplace_back(ms, s);
        break;
      }
      if (out_of_time()) break;
    }
  }
  std::sort(ranking.begin(), ranking.end());

  // Stage 2: all shapes of the finalists.
  for (int f = 0; f < finalists && f < int(ranking.size()); ++f) {
    for (const auto& spec : candidates.per_strategy[ranking[std::size_t(f)].second]) {
      if (out_of_time()) break;
      try_one(spec);
    }
  }
  if (result.best.empty()) throw ConfigError("no strategy could run on this device for this grid");
  result.kept_incumbent = !incumbent.empty() && result.best == incumbent;
  return result;
}

std::string grid_class(int nx, int ny, int nz) {
  auto bucket = [](int n) { return std::max(64, (std::max(n, 0) + 32) / 64 * 64); };
  return std::to_string(bucket(nx)) + "x" + std::to_string(bucket(ny)) + "x" + std::to_string(bucket(nz));
}

std::string tune_cache_path() {
  if (const char* p = std::getenv("SEIS_TUNE_CACHE")) return p;
  std::filesystem::path base;
  if (const char* x = std::getenv("XDG_CACHE_HOME")) base = x;
  else if (const char* h = std::getenv("HOME")) base = std::filesystem::path(h) / ".cache";
  else base = std::filesystem::temp_directory_path();
  return (base / "seiskokkos" / "tune.json").string();
}

namespace {
// A cache that cannot be read is only a cache: it is ignored (and replaced
// when the next tuning is stored), with `problem` saying which file and why.
nlohmann::json read_cache(const std::string& path, std::string* problem = nullptr) {
  std::ifstream in(path);
  if (!in) return nlohmann::json::object();
  try {
    nlohmann::json j = nlohmann::json::parse(in);
    if (j.is_object()) return j;
    if (problem) *problem = "tuner cache '" + path + "' is not a JSON object";
  } catch (const nlohmann::json::exception&) {
    if (problem) *problem = "tuner cache '" + path + "' is not valid JSON";
  }
  return nlohmann::json::object();
}
}  // namespace

bool lookup_tuned(const std::string& path, const TuneKey& key, CachedChoice& out, std::string* problem) {
  const nlohmann::json cache = read_cache(path, problem);
  const auto it = cache.find(key.str());
  if (it == cache.end()) return false;
  if (!it->is_object() || !it->contains("strategy") || !(*it)["strategy"].is_string() ||
      !it->value("ms_per_step", nlohmann::json(0.0)).is_number() ||
      !it->value("tuned", nlohmann::json("")).is_string()) {
    if (problem) *problem = "tuner cache '" + path + "' has a damaged entry for " + key.str();
    return false;
  }
  out.spec = (*it)["strategy"].get<std::string>();
  out.ms_per_step = it->value("ms_per_step", 0.0);
  out.when = it->value("tuned", std::string());
  return true;
}

void store_tuned(const std::string& path, const TuneKey& key, const CachedChoice& choice) {
  nlohmann::json cache = read_cache(path);
  cache[key.str()] = {{"strategy", choice.spec}, {"ms_per_step", choice.ms_per_step}, {"tuned", choice.when},
                      {"device", key.device}, {"backend", key.backend}, {"physics", key.physics},
                      {"grid_class", key.grid}};
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  write_file_atomically(path, [&](std::ostream& out) { out << cache.dump(2) << "\n"; });
}

}  // namespace seis
