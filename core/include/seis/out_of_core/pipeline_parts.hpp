#pragma once
// The bookkeeping of the out-of-core pipeline (out_of_core_simulation.hpp):
// where an array's planes sit on the host and in a device buffer, and what
// a run measured about its pipeline for the report.

#include "seis/grid.hpp"
#include "seis/out_of_core/chunk_plan.hpp"
#include "seis/out_of_core/skewed_plan.hpp"
#include "seis/pml.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
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

// Where each array of a chunk lives in the host state and in its buffer:
// the first `arrays` (fields at both time levels, `fields` of them change,
// then the model) as whole planes with their halo planes, then psi and xi of
// each axis by the host's CPML layout `host` and the chunk's `chunk` (null:
// no CPML).
inline std::vector<PlaneSpan> chunk_spans(const ZChunk& z, index_t plane, int arrays, int fields,
                                          const CpmlAuxLayout& host, const CpmlAuxLayout* chunk) {
  std::vector<PlaneSpan> spans;
  for (int a = 0; a < arrays; ++a)  // whole planes, halo planes included
    spans.push_back({a, z.ext0 - Grid::radius, z.ext1 + Grid::radius, z.ext0 * plane, 0, plane, a < fields});
  if (!chunk) return spans;
  const CpmlAuxLayout& h = host;
  const CpmlAuxLayout& l = *chunk;
  for (int axis = 0; axis < 3; ++axis)
    for (int side = 0; side < 2; ++side) {
      if (l.depth[axis][side] == 0) continue;
      const index_t host_side = side == 0 ? 0 : index_t(h.depth[axis][0]) * h.across(axis);
      const index_t buffer_side = side == 0 ? 0 : index_t(l.depth[axis][0]) * l.across(axis);
      PlaneSpan s;
      if (axis < 2) {  // x, y: (layer, row) planes stacked along z
        s.plane_elements = axis == 0 ? index_t(l.depth[0][side]) * l.n[1] : index_t(l.n[0]) * l.depth[1][side];
        s.z0 = z.ext0;
        s.z1 = z.ext1;
        s.host_first = host_side + index_t(s.z0) * s.plane_elements;
      } else {  // z: the stored layers
        s.plane_elements = index_t(l.n[0]) * l.n[1];
        s.z0 = l.first[2][side];
        s.z1 = s.z0 + l.depth[2][side];
        s.host_first = host_side + index_t(s.z0 - h.first[2][side]) * s.plane_elements;
      }
      s.buffer_first = buffer_side;
      s.written_back = true;
      for (int var = 0; var < 2; ++var) {  // psi, xi
        s.array = arrays + 3 * var + axis;
        spans.push_back(s);
      }
    }
  return spans;
}

// The span of `spans` over the same array (and the same CPML side) as s, if any.
inline const PlaneSpan* same_array(const std::vector<PlaneSpan>& spans, const PlaneSpan& s) {
  for (const PlaneSpan& o : spans)
    if (o.array == s.array && o.host_first - index_t(o.z0) * o.plane_elements == s.host_first - index_t(s.z0) * s.plane_elements)
      return &o;
  return nullptr;
}

// What a run measured about its pipeline, for the report.
struct OutOfCoreStats {
  std::size_t budget = 0, device_bytes = 0;
  int buffer_planes = 0;  // planes a buffer can hold
  std::string schedule = "halo";  // what the sweeps run: "halo" (chunk_plan.hpp) or "skewed" (skewed_plan.hpp)
  PipelineShape shape;            // of the schedule run (skewed: chunk_planes is the middle chunks' core)
  SkewedShape skewed;             // what time skewing takes and gives at the same buffers
  PipelineShape halo;             // what overlapped halos take and give at the same buffers
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
