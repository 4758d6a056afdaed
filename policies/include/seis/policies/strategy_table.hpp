#pragma once
// The one table of strategies (docs/design.md, "Native twins share the
// math"): name, family, what it is, its block shapes, its launch budget and
// where it runs, for the Kokkos registry (registry.cpp: the catalogue,
// make_strategy), `seis strategies`, the tuner, and the native registries
// (perf/native/cuda/registry.cu, perf/native/hip/native_kernels_hip.hip).
// Plain C++, no Kokkos, so that the native builds read it too. A new
// strategy is one row here plus its factory line in its family.

#include "seis/policies/launch_budget.hpp"

#include <cstring>

namespace seis {

enum class StrategyFamily { blocking_3d, register_streaming, semi_stencil, swic, sliding_window, cluster };

// Where a strategy runs besides Kokkos (every backend, or only with
// thread-block clusters): which native twins mirror it.
struct NativeTwins {
  bool cuda_iso = false, cuda_tti = false;  // perf/native/cuda
  bool hip_iso = false;                     // perf/native/hip
};
inline constexpr NativeTwins cuda_twins{true, true, false};
inline constexpr NativeTwins cuda_and_hip_twins{true, true, true};
inline constexpr NativeTwins no_twins{};

struct StrategyRow {
  static constexpr int max_shapes = 10;
  const char* name;
  StrategyFamily family;
  const char* description;
  bool three_d;   // shapes read as DXxDYxDZ (else DXxDY[@ZCHUNK])
  bool cluster;   // needs thread-block cluster launch (CUDA sm_90+), else every backend
  LaunchBudget budget;
  NativeTwins twins;
  const char* default_shape;
  const char* shapes[max_shapes];  // offered to tests and the tuner; the rest nullptr
};

inline constexpr StrategyRow strategy_table[] = {
    {"gmem_3d", StrategyFamily::blocking_3d,
     "3D blocking, every term read from global memory (reference) [semi-stencil seed, Table I]", true, false,
     LaunchBudget::none, cuda_twins, "32x4x4", {"32x4x4", "8x8x8", "64x2x2"}},
    {"smem_3d", StrategyFamily::blocking_3d,
     "3D blocking, tile and halo in team scratch [semi-stencil seed; programming-models seed 'smem']", true, false,
     LaunchBudget::none, cuda_twins, "32x4x4", {"32x4x4", "8x8x8", "16x8x2"}},
    {"st_reg_shift", StrategyFamily::register_streaming,
     "2.5D streaming, z-neighbours in shifting registers [programming-models seed]", false, false,
     LaunchBudget::all_fields, cuda_twins, "32x16@128",
     {"32x16@128", "32x16", "32x8@64", "32x4@64", "64x4@128", "16x8@8"}},
    {"st_reg_fixed", StrategyFamily::register_streaming,
     "2.5D streaming, z-neighbours in fixed (rotating) registers, next halo by async copy "
     "[programming-models seed]",
     false, false, LaunchBudget::all_fields, cuda_twins, "32x8@128",
     {"32x8@128", "32x8@64", "32x16@128", "32x16", "64x8@128", "64x4@128", "32x4@64", "16x16@128", "16x8@8"}},
    {"st_reg_vec", StrategyFamily::register_streaming,
     "2.5D streaming, VEC x points per thread: vector loads/stores, x/y neighbours as vectors from one scratch "
     "plane, z in fixed registers, one barrier per plane [AMD seed; issue 10]",
     false, false, LaunchBudget::vector, cuda_and_hip_twins, "32x8@128",
     {"32x8@128", "32x8@64", "32x8", "32x4@128", "16x16@128", "64x4@128", "16x8@8"}},
    {"st_reg_feat", StrategyFamily::register_streaming,
     "2.5D streaming, a register queue of per-plane features (TTI: s, p and their x/y first derivatives) "
     "computed once per plane, off-centre planes summed from registers, scratch only for the planes z .. z+E "
     "and their staged features (TTI: D1x, for the centre's mixed xy term) [issue 10]",
     false, false, LaunchBudget::features, cuda_and_hip_twins, "32x8@300",
     {"32x8@300", "32x8@128", "32x8", "32x4@64", "32x16@128", "16x16@128", "16x8@8"}},
    {"semi_25d", StrategyFamily::semi_stencil, "2.5D semi-stencil, R+1 planes in scratch [semi-stencil seed III.A]",
     false, false, LaunchBudget::single_field, cuda_twins, "32x16@128",
     {"32x16@128", "32x16", "16x16@128", "16x8", "16x8@8"}},
    {"semi_b", StrategyFamily::semi_stencil,
     "semi-stencil + next plane prefetched into an extra scratch plane [semi-stencil seed III.B]", false, false,
     LaunchBudget::all_fields, cuda_and_hip_twins, "32x16@128", {"32x16@128", "32x16", "16x16@128", "16x8@8"}},
    {"semi_b_a", StrategyFamily::semi_stencil,
     "semi-stencil + prefetch by asynchronous copy (CUDA cp.async) [semi-stencil seed IV.C]", false, false,
     LaunchBudget::all_fields, cuda_twins, "32x16@128", {"32x16@128", "32x16", "16x16@128", "16x16", "16x8@8"}},
    {"semi_2z", StrategyFamily::semi_stencil,
     "semi-stencil with 2z thread folding, two planes per step [semi-stencil seed III.C]", false, false,
     LaunchBudget::all_fields, cuda_twins, "16x16@128", {"16x16@128", "16x16", "32x8@128", "16x8@7"}},
    {"swic", StrategyFamily::swic, "scatter into an output register queue, one plane in scratch [SWiC seed IV]",
     false, false, LaunchBudget::single_field, cuda_twins, "32x8@128",
     {"32x8@128", "32x8", "32x4@128", "32x16@128", "16x8@8"}},
    {"sliding_window", StrategyFamily::sliding_window,
     "one-pass kernel: x in vector registers, y in scratch, z sliding window, streaming stores [AMD seed]", false,
     false, LaunchBudget::wide, cuda_and_hip_twins, "64x4@128", {"64x4@128", "64x4@64", "64x4", "32x8@128", "16x4@8"}},
    {"st_reg_fixed_cluster", StrategyFamily::cluster,
     "st_reg_fixed in thread-block clusters, halos shared through distributed shared memory "
     "[programming-models seed IV.C]",
     false, true, LaunchBudget::all_fields, no_twins, "32x16/1x2", {"32x16/1x2", "32x16/2x1", "32x8/1x4", "16x8@8/2x2"}},
    {"semi_25d_cluster", StrategyFamily::cluster,
     "semi_25d in thread-block clusters, halos shared through distributed shared memory "
     "[programming-models seed IV.C]",
     false, true, LaunchBudget::single_field, no_twins, "32x16/1x2", {"32x16/1x2", "16x16/2x2", "16x8@8/2x1"}},
};

inline constexpr int strategy_count = int(sizeof(strategy_table) / sizeof(strategy_table[0]));

// The row of `name`; nullptr when there is none.
inline const StrategyRow* find_strategy_row(const char* name) {
  if (name == nullptr) return nullptr;
  for (const StrategyRow& row : strategy_table)
    if (std::strcmp(row.name, name) == 0) return &row;
  return nullptr;
}

// The largest block a strategy's kernel takes for a physics of num_fields
// fields (0: unbounded), as its launch budget compiles it.
constexpr int max_team_threads(const StrategyRow& row, int num_fields) {
  return thread_budget(row.budget, num_fields).max_threads;
}

}  // namespace seis
