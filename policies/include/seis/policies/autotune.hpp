#pragma once
// Strategy x block-shape search and its cache.
//
// The search is pure: it asks a timing function for the median step time of
// each candidate ("name:shape") and the spread of its repeats, so it can be
// tested with a mocked table. It first times every strategy at its default
// shape, then every offered shape of the `finalists` fastest strategies, and
// stops early when the time budget is spent (keeping the best so far).
// Candidates the device cannot run (ConfigError) are skipped and listed.
//
// An incumbent (the cached choice being re-tuned) is timed first and kept
// unless a challenger is faster by more than the measured spread of the two:
// a re-tune on a noisy machine does not flip between equals.
//
// Winners are cached in a JSON file keyed by device name, backend, physics
// and grid class.

#include <functional>
#include <string>
#include <vector>

namespace seis {

struct TuneTiming {
  std::string spec;
  double ms_per_step = 0;  // median over repeats; < 0: not runnable here
  double spread_ms = 0;    // interquartile range of the repeats
  std::string note;        // why not runnable
};

// What one candidate's timing function reports.
struct MeasuredStep {
  double median_ms = 0;
  double spread_ms = 0;
};

struct TuneResult {
  std::string best;            // "name:shape"
  double best_ms = 0;
  bool kept_incumbent = false;  // the incumbent won or no challenger beat it by more than the spread
  std::vector<TuneTiming> timings;
  bool budget_exhausted = false;
};

struct TuneCandidates {
  // Per strategy: its default shape first, then its other shapes.
  std::vector<std::vector<std::string>> per_strategy;
};

// time_ms(spec) returns the median ms/step and spread, or throws ConfigError
// if the device cannot run spec. elapsed_s() reports the seconds spent so far
// (budget control). incumbent: "" or the spec to beat.
TuneResult tune_search(const TuneCandidates& candidates,
                       const std::function<MeasuredStep(const std::string&)>& time_ms,
                       const std::function<double()>& elapsed_s, double budget_s, int finalists = 3,
                       const std::string& incumbent = "");

// Bucket of a grid for the cache: each extent rounded to the nearest
// multiple of 64 (at least 64), e.g. 900^3 -> "896x896x896", 1024^3 ->
// "1024x1024x1024": tiles and occupancy differ between such grids, so a
// choice tuned on one is not reused for the other.
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
