#pragma once
// `seis check`: what a validated plan predicts about a run before anything is
// allocated: resolution, Courant number, numerical dispersion (physics.md
// §4), memory.

#include "seis/dispersion.hpp"
#include "seis/run_plan.hpp"

#include <cstddef>

namespace seis {

struct RunCheck {
  double fmax = 0;                   // highest significant source frequency: 2.5 f0 (Ricker)
  double h = 0;                      // the coarsest spacing, where the analysis is made
  double points_per_wavelength = 0;  // vmin / (fmax h)
  double courant = 0;                // vmax_eff dt / h_min
  double cfl_fraction = 0;           // dt / CFL limit
  // Phase velocity errors at fmax along the coarsest axis and the diagonal,
  // in the slowest (fewest points per wavelength) and the fastest medium
  // (largest Courant number).
  PhaseError slow_axis, slow_diagonal, fast_axis, fast_diagonal;
  double worst_error = 0;            // largest |total| of the four
  double farthest_receiver_m = 0;    // from the source
  double farthest_wavelengths = 0;   // that distance in wavelengths vmin / fmax
  std::size_t device_bytes = 0;      // fields, model, CPML, trace buffer
  std::size_t host_bytes = 0;        // model files on the grid, traces
};

RunCheck check_run(const RunPlan& plan);

}  // namespace seis
