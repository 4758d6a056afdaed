#pragma once
// Strategy x block-shape search and its cache.
//
// The search is pure: it asks a timing function for the time of each
// candidate ("name:shape"), so it can be tested with a mocked table. It first
// times every strategy at its default shape, then every offered shape of the
// `finalists` fastest strategies, and stops early when the time budget is
// spent (keeping the best so far). Candidates the device cannot run
// (ConfigError) are skipped and listed.
//
// Winners are cached in a JSON file keyed by device name, backend, physics
// and grid class.

#include <functional>
#include <string>
#include <vector>

namespace seis {

struct TuneTiming {
  std::string spec;
  double ms_per_step = 0;  // < 0: not runnable here
  std::string note;        // why not runnable
};

struct TuneResult {
  std::string best;            // "name:shape"
  double best_ms = 0;
  std::vector<TuneTiming> timings;
  bool budget_exhausted = false;
};

struct TuneCandidates {
  // Per strategy: its default shape first, then its other shapes.
  std::vector<std::vector<std::string>> per_strategy;
};

// time_ms(spec) returns ms/step, or throws ConfigError if the device cannot
// run spec. elapsed_s() reports the seconds spent so far (budget control).
TuneResult tune_search(const TuneCandidates& candidates, const std::function<double(const std::string&)>& time_ms,
                       const std::function<double()>& elapsed_s, double budget_s, int finalists = 3);

// Bucket of a grid for the cache: each extent rounded to the nearest power
// of two, e.g. "512x512x512".
std::string grid_class(int nx, int ny, int nz);

struct TuneKey {
  std::string device, backend, physics, grid;
  std::string str() const { return device + " | " + backend + " | " + physics + " | " + grid; }
};

struct CachedChoice {
  std::string spec;
  double ms_per_step = 0;
  std::string when;  // ISO date of tuning
};

// Path: $SEIS_TUNE_CACHE, else $XDG_CACHE_HOME/seiskokkos/tune.json, else
// ~/.cache/seiskokkos/tune.json.
std::string tune_cache_path();
// False when there is no usable entry; `problem` (if given) then says when
// the file or the entry is damaged, naming the file.
bool lookup_tuned(const std::string& path, const TuneKey& key, CachedChoice& out, std::string* problem = nullptr);
void store_tuned(const std::string& path, const TuneKey& key, const CachedChoice& choice);

}  // namespace seis
