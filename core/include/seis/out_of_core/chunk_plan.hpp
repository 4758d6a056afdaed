#pragma once
// How an out-of-core run cuts the grid (out-of-core-pacc-stencil.md §4.3,
// §5.2): z-chunks of `chunk_planes` planes, each visited once per sweep and
// advanced k = steps_per_visit steps on a device buffer that also holds
// R k planes of halo on each side (each step computes only the planes the
// chunk's own planes depend on: planes_computed_at_step). Three buffers form
// the pipeline: host->device of the next chunk, compute of this one,
// device->host of the previous one. Sweeps alternate their direction, so
// the chunks a sweep visits last stay on the device for the next sweep,
// which visits them first.
//
// Plain arithmetic on sizes: the planner (run_plan.cpp) uses it to decide
// whether a budget can work at all, the simulation to size its buffers.

#include "seis/cpml_memory.hpp"
#include "seis/grid.hpp"
#include "seis/pml.hpp"
#include "seis/scenario.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>
#include <vector>

namespace seis {

// One chunk, global z: the planes it owns [core0, core1) and the planes its
// buffer holds [ext0, ext1) (the core plus its halo, cut to the grid).
struct ZChunk {
  int core0 = 0, core1 = 0, ext0 = 0, ext1 = 0;
  int planes() const { return ext1 - ext0; }
};

constexpr int pipeline_buffers = 3;

// Device bytes of one buffer of `planes` planes: every field at both time
// levels and the model (arrays of them), with the CPML memory variables of
// such a slice (in the form pml_memory keeps them: cpml_memory_value_bytes):
// psi and xi of x and y over its planes, and of z over the layers of a z
// slab it can reach (both slabs only when it spans the inner region).
inline std::size_t buffer_bytes(const Grid& global, int arrays, int pml_thickness, CpmlMemory pml_memory, int planes) {
  const Grid slice(global.nx(), global.ny(), planes, global.hx(), global.hy(), global.hz(), global.scalar_bytes());
  std::size_t bytes = std::size_t(arrays) * (slice.storage_bytes() + Grid::alignment_bytes);
  if (pml_thickness <= 0) return bytes;
  const std::size_t L = std::size_t(pml_thickness) + 4, nx = std::size_t(global.nx()), ny = std::size_t(global.ny());
  const std::size_t layers = std::min(std::size_t(planes) + 4, L) * (planes > global.nz() - 2 * pml_thickness ? 2 : 1);
  const std::size_t elements = 2 * (2 * L * ny * std::size_t(planes) + 2 * nx * L * std::size_t(planes) + layers * nx * ny);
  return bytes + elements * std::size_t(cpml_memory_value_bytes(pml_memory, global.scalar_bytes()));
}

// Device bytes the pipeline needs besides its buffers (receiver buffers,
// coefficient arrays, allocator slack).
inline std::size_t pipeline_reserve_bytes(const Grid& global, std::size_t receivers) {
  return receivers * sizeof(float) * 1024 + 64 * std::size_t(global.nx() + global.ny() + global.nz()) + (256u << 10);
}

// The most planes a buffer may hold within `budget` (0 when not even one).
inline int max_buffer_planes(const Grid& global, int arrays, int pml_thickness, CpmlMemory pml_memory,
                             std::size_t budget, std::size_t reserve) {
  if (budget <= reserve) return 0;
  const std::size_t per_buffer = (budget - reserve) / pipeline_buffers;
  int lo = 0, hi = global.nz();
  while (lo < hi) {
    const int mid = lo + (hi - lo + 1) / 2;
    if (buffer_bytes(global, arrays, pml_thickness, pml_memory, mid) <= per_buffer) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

// The planes one buffer holds within a device budget: the one count the
// planner, the tuner's grid and the simulation share (`arrays`: fields at
// both time levels and the model).
inline int buffer_planes_within(std::size_t budget, const Grid& global, int arrays, int pml_thickness,
                                CpmlMemory pml_memory, std::size_t receivers) {
  return max_buffer_planes(global, arrays, pml_thickness, pml_memory, budget, pipeline_reserve_bytes(global, receivers));
}

// The fewest planes a buffer needs for chunks of one plane and k steps per
// visit (its halo of R k planes each side), or the whole grid.
inline int smallest_buffer_planes(int nz, int steps_per_visit = 1) {
  return std::min(nz, 1 + 2 * Grid::radius * steps_per_visit);
}

// The smallest budget that runs: one core plane, one step per visit.
inline std::size_t smallest_out_of_core_budget(const Grid& global, int arrays, int pml_thickness,
                                               CpmlMemory pml_memory, std::size_t reserve) {
  return pipeline_buffers * buffer_bytes(global, arrays, pml_thickness, pml_memory, smallest_buffer_planes(global.nz())) +
         reserve;
}

// Chunks of `chunk_planes` owned planes (the last may be shorter) with halos
// of R k planes.
inline std::vector<ZChunk> z_chunks(int nz, int chunk_planes, int steps_per_visit) {
  std::vector<ZChunk> chunks;
  const int halo = Grid::radius * steps_per_visit;
  for (int z = 0; z < nz; z += chunk_planes) {
    ZChunk c;
    c.core0 = z;
    c.core1 = std::min(nz, z + chunk_planes);
    c.ext0 = std::max(0, c.core0 - halo);
    c.ext1 = std::min(nz, c.core1 + halo);
    chunks.push_back(c);
  }
  return chunks;
}

inline int widest_chunk(const std::vector<ZChunk>& chunks) {
  int planes = 0;
  for (const ZChunk& c : chunks) planes = std::max(planes, c.planes());
  return planes;
}

// The CPML's first derivative reads 2 planes each side (pml.hpp: psi from
// p, then D1 psi from psi, within one step).
constexpr int cpml_derivative_reach = 2;

// The global planes step j of a k-step visit computes, within the buffer:
// those the chunk's own planes at the end depend on (R planes beyond them,
// the stencil's reach, for each step still to come), and the CPML's reach
// beyond: D1 psi reads psi of this step there, and psi there needs p only
// within the planes exact after step j-1. Nearer the buffer's edges nothing
// is computed (the planes left there are never read).
inline std::array<int, 2> planes_computed_at_step(const ZChunk& c, int steps_per_visit, int j) {
  const int reach = Grid::radius * (steps_per_visit - 1 - j) + cpml_derivative_reach;
  return {std::max(c.ext0, c.core0 - reach), std::min(c.ext1, c.core1 + reach)};
}

// Planes a visit computes over its k steps.
inline double planes_computed_per_visit(const ZChunk& c, int steps_per_visit) {
  double planes = 0;
  for (int j = 0; j < steps_per_visit; ++j) {
    const std::array<int, 2> z = planes_computed_at_step(c, steps_per_visit, j);
    planes += z[1] - z[0];
  }
  return planes;
}

// Measured rates the choice of k and the chunk height rests on.
struct PipelineRates {
  double seconds_per_plane = 0;  // compute of one plane, one step (inner + CPML)
  double h2d_bytes_per_s = 0, d2h_bytes_per_s = 0, both_bytes_per_s = 0;  // pinned copies
  double d2d_bytes_per_s = 0;  // region sharing's copies between buffers (0: not counted)
};

struct PipelineShape {
  int steps_per_visit = 1, chunk_planes = 1;
  double predicted_s_per_step = std::numeric_limits<double>::infinity();
};

// Steps of the next sweep, from step `step` with `left` to run: at most
// k = steps_per_visit, ending on the next multiple of each of `land_on` (or
// at the end), and the sweeps up to there as even as their number allows
// (64 steps at k = 19: 16 each, not 19, 19, 19, 7). A sweep moves the same
// bytes whatever its length, so the count stays ceil(segment / k); shorter
// sweeps compute fewer halo planes, and the last one is no longer a short
// one that pays a whole sweep's copies for a few steps.
inline int next_sweep_steps(int left, const std::vector<int>& land_on, int step, int steps_per_visit) {
  int segment = left;
  for (int every : land_on) segment = std::min(segment, every - step % every);
  const int sweeps = (segment + steps_per_visit - 1) / steps_per_visit;
  return (segment + sweeps - 1) / sweeps;
}

// Chunk of visit i in a sweep of n chunks (sweeps alternate direction).
inline int chunk_of_visit(int i, int n, bool forward) { return forward ? i : n - 1 - i; }

// Whether visit i writes the chunk of visit i-1 back to the host: only when
// a later load of this sweep needs its buffer. The last pipeline_buffers
// chunks of a sweep stay on the device and start the next (reversed) one.
inline bool stores_previous(int i, int n) { return i >= 1 && i + pipeline_buffers - 1 < n; }

// Planes of [a, b) outside [c, d).
inline int planes_outside(int a, int b, int c, int d) {
  return std::max(0, std::min(b, c) - a) + std::max(0, b - std::max(a, d));
}

// Predicted time of one step in steady state for k steps per visit and
// chunks of `core` planes. A sweep (the model takes the forward one; the
// reversed one mirrors it) finds its first pipeline_buffers chunks on the
// device, where the previous sweep left them: they bring from the host only
// the written-back planes of their buffer that none of them owns (the first
// chunk's before its compute, not overlapped). Every other visit takes the
// longest of its compute (with the planes the next chunk shares with this
// one, copied between buffers on the same instance first), its copy in (the
// next chunk's planes beyond this one's buffer), its copy out (the previous
// chunk, when its buffer is needed again) and both copies together. The
// bytes of a plane include the CPML memory variables of its x and y slabs.
inline double predict_seconds_per_step(const PipelineRates& r, int nz, double in_bytes_per_plane,
                                       double out_bytes_per_plane, int k, int core) {
  const std::vector<ZChunk> chunks = z_chunks(nz, core, k);
  const int n = int(chunks.size());
  const int resident = std::min(n, pipeline_buffers);
  const int owned0 = chunks.front().core0, owned1 = chunks[std::size_t(resident) - 1].core1;
  const auto refresh_bytes = [&](const ZChunk& c) {  // a resident chunk's halo from the host
    return planes_outside(std::max(0, c.ext0 - Grid::radius), std::min(nz, c.ext1 + Grid::radius), owned0, owned1) *
           out_bytes_per_plane;
  };
  double sweep = refresh_bytes(chunks.front()) / r.h2d_bytes_per_s;
  for (int i = 0; i < n; ++i) {
    const ZChunk& c = chunks[std::size_t(i)];
    double in = 0, shared = 0;
    if (i + 1 < n) {
      const ZChunk& next = chunks[std::size_t(i) + 1];
      in = i + 1 < resident ? refresh_bytes(next) : (next.ext1 - c.ext1) * in_bytes_per_plane;
      if (i + 1 >= resident) shared = std::max(0, c.ext1 - next.ext0) * in_bytes_per_plane;
    }
    const double out =
        stores_previous(i, n) ? (chunks[std::size_t(i) - 1].core1 - chunks[std::size_t(i) - 1].core0) * out_bytes_per_plane : 0;
    const double compute = planes_computed_per_visit(c, k) * r.seconds_per_plane +
                           (r.d2d_bytes_per_s > 0 ? shared / r.d2d_bytes_per_s : 0);
    sweep += std::max({compute, in / r.h2d_bytes_per_s, out / r.d2h_bytes_per_s, (in + out) / r.both_bytes_per_s});
  }
  return sweep / k;
}

// Predicted time of one step of a run of `steps` steps: its sweeps as
// next_sweep_steps makes them (ceil(steps / k) sweeps of even length), each
// as long as the steady state's at its length. A sweep costs its copies
// whatever its length, so a short run wants k near a divisor of its steps.
inline double predict_run_seconds_per_step(const PipelineRates& r, int nz, double in_bytes_per_plane,
                                           double out_bytes_per_plane, int k, int core, int steps) {
  const int sweeps = (steps + k - 1) / k, even = (steps + sweeps - 1) / sweeps;
  return sweeps * even * predict_seconds_per_step(r, nz, in_bytes_per_plane, out_bytes_per_plane, even, core) / steps;
}

// The fastest k and chunk height that fit buffers of `max_planes` planes
// (`steps_per_visit`, `chunk_planes` > 0 fix them) for a run of `steps`
// steps (0: a long one, the steady state).
inline PipelineShape choose_pipeline_shape(const PipelineRates& r, int nz, int max_planes, double in_bytes_per_plane,
                                           double out_bytes_per_plane, int steps_per_visit, int chunk_planes,
                                           int steps = 0) {
  PipelineShape best;
  for (int k = 1; k <= 64; ++k) {
    if (steps_per_visit > 0 && k != steps_per_visit) continue;
    const int core = chunk_planes > 0 ? chunk_planes : std::min(max_planes - 2 * Grid::radius * k, nz);
    if (core < 1 || widest_chunk(z_chunks(nz, core, k)) > max_planes) continue;
    const double t = steps > 0 ? predict_run_seconds_per_step(r, nz, in_bytes_per_plane, out_bytes_per_plane, k, core, steps)
                               : predict_seconds_per_step(r, nz, in_bytes_per_plane, out_bytes_per_plane, k, core);
    if (t < best.predicted_s_per_step) best = {k, core, t};
  }
  return best;
}

}  // namespace seis
