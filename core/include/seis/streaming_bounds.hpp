#pragma once
// Register budgets of the 2.5D streaming kernels (CUDA/HIP __launch_bounds__),
// shared by the Kokkos strategies and their native twins through
// policies/.../launch_budget.hpp (which strategy takes which budget:
// policies/.../strategy_table.hpp).
// Plain preprocessor: no Kokkos, so the native build can include it.
//
// At most MAX_THREADS threads per team and at least MIN_TEAMS teams resident
// per SM. Without bounds the compiler spends registers freely: a 512-thread
// iso team ran alone on an SM (25 % occupancy, 65+ registers), and TTI
// kernels took 120 registers (2 teams of 256, 25 %).
// Single-field physics (iso): 512 threads, 2 teams. Multi-field physics
// (TTI): 256 threads, 3 teams (at most 85 registers) for the kernels that
// gain from it (H100, 900^3: st_reg_shift -12 %, sliding_window -14 %,
// semi_b_a -4 %, semi_2z -3 %); semi_25d and swic ran 10 % and 25 % slower
// with them and go without. sliding_window takes the multi-field budget for
// iso too (its 2-wide x vectors need the registers: iso 1024^3 -37 %), where
// the other iso kernels ran 0-18 % slower with it.

#ifndef SEIS_STREAMING_MAX_THREADS
#define SEIS_STREAMING_MAX_THREADS 512
#endif
#ifndef SEIS_STREAMING_MIN_TEAMS
#define SEIS_STREAMING_MIN_TEAMS 2
#endif
#ifndef SEIS_STREAMING_MULTIFIELD_MAX_THREADS
#define SEIS_STREAMING_MULTIFIELD_MAX_THREADS 256
#endif
#ifndef SEIS_STREAMING_MULTIFIELD_MIN_TEAMS
#define SEIS_STREAMING_MULTIFIELD_MIN_TEAMS 3
#endif

// st_reg_vec (4 x points per thread) for single-field physics: 256 threads,
// 2 teams (at most 128 registers). nvcc 13 for sm_90 gives its native twin
// 114 registers and no spills there; at 3 teams (80 registers) it spilled
// 456 bytes. Not yet timed on a GPU: pick by measurement when one is at hand.
#ifndef SEIS_VECTOR_STREAMING_MAX_THREADS
#define SEIS_VECTOR_STREAMING_MAX_THREADS 256
#endif
#ifndef SEIS_VECTOR_STREAMING_MIN_TEAMS
#define SEIS_VECTOR_STREAMING_MIN_TEAMS 2
#endif

// st_reg_feat (feature queue) for multi-field physics: 256 threads, 2 teams
// (at most 128 registers). At 3 teams (80 registers) nvcc 13 spilled 540/860
// bytes of the TTI kernel and the H200 ran 497 M local loads per 900^3 step;
// at 2 teams it takes 128 registers and spills nothing.
#ifndef SEIS_FEATURE_STREAMING_MULTIFIELD_MIN_TEAMS
#define SEIS_FEATURE_STREAMING_MULTIFIELD_MIN_TEAMS 2
#endif

// The CPML's column kernels (seis/pml.hpp): 256 threads, MIN_TEAMS teams.
// Their loads wait on DRAM, so occupancy matters. nvcc 13 for sm_90 gives
// the z-slab update 96 registers unbounded (2 teams, 25 %), 80 at 3 teams,
// 64 at 4 (the z- and y-slab updates spill 56-68 B a thread there; pass A
// of psi_y takes 54 registers either way). H200, iso-large-gpu CPML
// ms/step, before the specialised column loops: 3.87 at 2 teams, 3.65 at 3,
// 4.42 at 4 (perf/results/h200-2026-11-23/cpml). With them (and XColumns),
// H100, 100 steps: 3.255 and 3.259 at 3 teams, 3.151 and 3.131 at 4, 3.118
// at 4 with XColumns' teams of 256 (perf/results/h100-2026-11-24/cpml3-r2).
#ifndef SEIS_CPML_MAX_THREADS
#define SEIS_CPML_MAX_THREADS 256
#endif
#ifndef SEIS_CPML_MIN_TEAMS
#define SEIS_CPML_MIN_TEAMS 4
#endif
// The x-slabs' kernel (psi_x and the x-slab update, XColumns), which has
// only x to damp, fits 4 teams (64 registers; ptxas -v, nvcc 13, sm_90:
// its scratch form spills 12 B stored / 8 B loaded with bfloat16 memory
// variables, the y- and z-slab updates spill more there): a third more
// warps to wait on DRAM (the x-slab update alone ran at 16 ps per point,
// 34 % warps active, at 3 teams).
#ifndef SEIS_CPML_X_MIN_TEAMS
#define SEIS_CPML_X_MIN_TEAMS 4
#endif
