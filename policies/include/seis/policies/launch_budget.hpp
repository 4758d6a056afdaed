#pragma once
// The register budget a strategy's kernel is compiled with (CUDA/HIP
// __launch_bounds__), by physics: the numbers are seis/streaming_bounds.hpp
// (why each, measured); which strategy takes which budget is the strategy
// table (strategy_table.hpp). Plain C++, no Kokkos: the Kokkos strategies
// (Kokkos::LaunchBounds), the native twins (__launch_bounds__), their
// registries (largest block accepted) and the tuner read the same numbers.

#include "seis/streaming_bounds.hpp"

namespace seis {

enum class LaunchBudget {
  none,          // no bounds (3D blocking)
  single_field,  // bounds for single-field physics only (TTI ran slower with them)
  all_fields,    // the single- or multi-field budget, by physics
  wide,          // the multi-field budget for every physics (x vectors need the registers)
  vector,        // st_reg_vec's own budget for single-field physics, the multi-field one otherwise
  features,      // the single-field budget, or st_reg_feat's own for multi-field physics
};

struct ThreadBudget {
  int max_threads;  // per team (block); 0: unbounded
  int min_teams;    // resident per SM
};

constexpr ThreadBudget thread_budget(LaunchBudget budget, int num_fields) {
  const bool single = num_fields == 1;
  switch (budget) {
    case LaunchBudget::none: return {0, 0};
    case LaunchBudget::single_field:
      return single ? ThreadBudget{SEIS_STREAMING_MAX_THREADS, SEIS_STREAMING_MIN_TEAMS} : ThreadBudget{0, 0};
    case LaunchBudget::all_fields:
      return single ? ThreadBudget{SEIS_STREAMING_MAX_THREADS, SEIS_STREAMING_MIN_TEAMS}
                    : ThreadBudget{SEIS_STREAMING_MULTIFIELD_MAX_THREADS, SEIS_STREAMING_MULTIFIELD_MIN_TEAMS};
    case LaunchBudget::wide:
      return {SEIS_STREAMING_MULTIFIELD_MAX_THREADS, SEIS_STREAMING_MULTIFIELD_MIN_TEAMS};
    case LaunchBudget::features:
      return single ? ThreadBudget{SEIS_STREAMING_MAX_THREADS, SEIS_STREAMING_MIN_TEAMS}
                    : ThreadBudget{SEIS_STREAMING_MULTIFIELD_MAX_THREADS, SEIS_FEATURE_STREAMING_MULTIFIELD_MIN_TEAMS};
    case LaunchBudget::vector:
      return single ? ThreadBudget{SEIS_VECTOR_STREAMING_MAX_THREADS, SEIS_VECTOR_STREAMING_MIN_TEAMS}
                    : ThreadBudget{SEIS_STREAMING_MULTIFIELD_MAX_THREADS, SEIS_STREAMING_MULTIFIELD_MIN_TEAMS};
  }
  return {0, 0};
}

}  // namespace seis
