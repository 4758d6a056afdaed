#pragma once
// The bookkeeping of the out-of-core pipeline (out_of_core_simulation.hpp):
// where an array's planes sit on the host and in a device buffer, and what
// a run measured about its pipeline for the report.

#include "seis/grid.hpp"
#include "seis/out_of_core/chunk_plan.hpp"
#include "seis/out_of_core/skewed_plan.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace seis {

// One array's planes in a chunk's buffer: global planes [z0, z1), plane z at
// host element host_first + (z - z0) * plane_elements and buffer element
// buffer_first + (z - z0) * plane_elements.
struct PlaneSpan {
  int array = 0;  // which array (OutOfCoreSimulation's numbering)
  int z0 = 0, z1 = 0;
  index_t host_first = 0, buffer_first = 0, plane_elements = 0;
  bool written_back = false;  // changes with time (fields, CPML memory)

  // The part over global planes [a, b) (empty: z0 == z1).
  PlaneSpan clip(int a, int b) const {
    PlaneSpan s = *this;
    s.z0 = std::max(z0, a);
    s.z1 = std::max(s.z0, std::min(z1, b));
    s.host_first += (s.z0 - z0) * plane_elements;
    s.buffer_first += (s.z0 - z0) * plane_elements;
    return s;
  }
  index_t elements() const { return index_t(z1 - z0) * plane_elements; }
};

// What a run measured about its pipeline, for the report.
struct OutOfCoreStats {
  std::size_t budget = 0, device_bytes = 0;
  int buffer_planes = 0;  // planes a buffer can hold
  PipelineShape shape;
  SkewedShape skewed;  // what time skewing would take and give at the same buffers (not run yet)
  int halo_planes = 0, chunks = 0, sweeps = 0;  // sweeps alternate direction, the first forward
  int chunks_kept = 0;  // loads that found their chunk still on the device (from the sweep before)
  PipelineRates rates;
  double h2d_bytes = 0, d2h_bytes = 0, d2d_bytes = 0;  // moved so far
  double planes_computed = 0;                          // plane-steps, halos included
  double sweep_s = 0;                                  // wall time of the sweeps
  double visit_compute_alone_s = 0;  // one visit of a middle chunk, no copies running (measured at the start)
  struct Visit {
    int chunk = 0;
    double start = 0, compute_end = 0, h2d_end = 0, d2h_end = 0;  // s since the sweep began
    double queued = 0;  // when the host had queued the copies and the compute
    double h2d_bytes = 0, d2h_bytes = 0;
  };
  std::vector<Visit> timeline;  // the second sweep (the first in steady state), else the first
  double timeline_sweep_s = 0;   // that sweep's wall time (its reduction included)
  int timeline_steps = 0;        // and its steps
};

}  // namespace seis
