#pragma once
// Time skewing for the out-of-core pipeline (issue 12; the executor is
// OutOfCoreSimulation's skewed sweep): a forward sweep's
// chunk v advances k steps over planes that shift down by R a step,
//
//   step j writes level j+1 on [core0 - (j+1) R, core1 - (j+1) R)
//
// (from the grid's bottom face for the first chunk, to its top face for the
// last), so every plane is computed once per level, by one chunk: no halo is
// computed twice. What step j reads below core0 - j R -- level j on R planes
// and level j-1 under its own planes -- chunk v-1 computed and left in the
// two time-level arrays (with the shift of R per step, its later steps write
// only below what chunk v still reads; the unit test replays the schedule
// plane by plane and checks it), so a visit's buffer is its new planes and
// the kR + R planes carried from the visit before: window
// [core0 - kR - R, core1), where the halo scheme needs core +- kR.
//
// A visit brings its core planes at level 0 (and -1: the previous time
// level) and writes back [core0 - kR, core1 - kR) at levels k and k-1, which
// no later chunk changes. The CPML's psi_x and psi_y depend only on their
// plane; psi_z, advanced in place along the z-slab's columns, does not
// tolerate a slab split between chunks at a level, so the first chunk covers
// the bottom slab and the last chunk the top one at every level.

#include "seis/grid.hpp"
#include "seis/out_of_core/chunk_plan.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <vector>

namespace seis {

// One chunk of a skewed sweep: its core [core0, core1) (level 0 in, from the
// host) and whether it is the first or last one (computes to a grid face).
struct SkewedChunk {
  int core0 = 0, core1 = 0;
  bool first = false, last = false;
};

// Global planes step j (0-based) of chunk c writes level j+1 on.
inline std::array<int, 2> skewed_planes_at_step(const SkewedChunk& c, int nz, int j) {
  const int shift = Grid::radius * (j + 1);
  return {c.first ? 0 : c.core0 - shift, c.last ? nz : c.core1 - shift};
}

// Global planes where chunk c holds level j as it wrote it (j = 0: its core,
// as loaded): a receiver there is recorded at step j by c and no other.
inline std::array<int, 2> skewed_level_planes(const SkewedChunk& c, int nz, int j) {
  return j == 0 ? std::array<int, 2>{c.first ? 0 : c.core0, c.last ? nz : c.core1} : skewed_planes_at_step(c, nz, j - 1);
}

// Planes z, opened beyond the grid's faces for the first and last chunk
// (whose arrays reach the padding and psi_z's ghost layers there).
inline std::array<int, 2> skewed_open(const SkewedChunk& c, std::array<int, 2> z) {
  constexpr int beyond = 1 << 28;
  if (c.first) z[0] = -beyond;
  if (c.last) z[1] = beyond;
  return z;
}

// Planes a visit writes back at levels k and k-1 (final for this sweep).
inline std::array<int, 2> skewed_done_planes(const SkewedChunk& c, int nz, int k) {
  return skewed_planes_at_step(c, nz, k - 1);
}

// Planes the visit's buffer holds: the carry from the chunk before and its core.
inline std::array<int, 2> skewed_window(const SkewedChunk& c, int k) {
  return {c.first ? 0 : std::max(0, c.core0 - Grid::radius * (k + 1)), c.core1};
}

// Planes of the CPML's z-slab at each face with psi_z's 2 ghost layers and
// the stencil's reach beyond (the first and last chunk keep them whole).
inline int skewed_slab_reach(int pml_thickness) { return pml_thickness > 0 ? pml_thickness + 2 + Grid::radius : 0; }

// Chunks for k steps per visit in buffers of `max_planes` planes: the first
// as tall as a buffer (it carries nothing; with `core` given, as `core` or
// as little more as its slab needs), the middle ones even and at most
// `core` (default and most: max_planes - kR - R), the last one tall enough to
// hold the top slab at every level. Empty when no such cut exists. (A chunk
// may be thinner than R: what its successor reads below it then comes from
// further back, still in the carried planes.)
inline std::vector<SkewedChunk> skewed_chunks(int nz, int max_planes, int k, int pml_thickness, int core = 0) {
  const int R = Grid::radius, slab = skewed_slab_reach(pml_thickness);
  const int widest = max_planes - R * (k + 1);
  const bool given = core > 0;
  if (!given) core = widest;
  if (!given && nz <= max_planes) return {{0, nz, true, true}};  // the grid fits one buffer
  const int tail = std::max(std::min(core, nz), slab + R);  // the last core: its slab and reach
  const int head = given ? std::min({max_planes, nz - tail, std::max(core, R * k + slab)}) : std::min(max_planes, nz - tail);
  if (core < 1 || core > widest || tail > widest || head < R * k + slab) return {};
  std::vector<SkewedChunk> chunks{{0, head, true, false}};
  const int middle = nz - tail - head, m = (middle + core - 1) / core;
  for (int i = 0; i < m; ++i)  // even middle chunks
    chunks.push_back({chunks.back().core1, head + int(static_cast<long long>(middle) * (i + 1) / m), false, false});
  chunks.push_back({nz - tail, nz, false, true});
  return chunks;
}

// Planes a visit computes over its k steps.
inline double skewed_planes_per_visit(const SkewedChunk& c, int nz, int k) {
  double planes = 0;
  for (int j = 0; j < k; ++j) {
    const std::array<int, 2> z = skewed_planes_at_step(c, nz, j);
    planes += z[1] - z[0];
  }
  return planes;
}

// Predicted time of one step in steady state (PipelineRates as measured for
// the halo scheme): sweeps follow one another forward, so the next sweep's
// first chunk loads while this one's last visits run. Each visit takes the
// longest of its compute (the carry copied between buffers first), the next
// chunk's core in, the previous chunk's finished planes out, and both
// copies together.
inline double predict_skewed_seconds_per_step(const PipelineRates& r, int nz, double in_bytes_per_plane,
                                              double out_bytes_per_plane, int k,
                                              const std::vector<SkewedChunk>& chunks) {
  const int n = int(chunks.size());
  if (n == 1) return skewed_planes_per_visit(chunks[0], nz, k) * r.seconds_per_plane / k;
  double sweep = 0;
  for (int i = 0; i < n; ++i) {
    const SkewedChunk& c = chunks[std::size_t(i)];
    const SkewedChunk& next = chunks[std::size_t((i + 1) % n)];
    const std::array<int, 2> done = skewed_done_planes(chunks[std::size_t((i + n - 1) % n)], nz, k);
    const double in = double(next.core1 - next.core0) * in_bytes_per_plane;
    const double out = double(done[1] - done[0]) * out_bytes_per_plane;
    const std::array<int, 2> w = skewed_window(c, k);
    const double carry = c.first ? 0 : double(c.core0 - w[0]) * in_bytes_per_plane;
    const double compute =
        skewed_planes_per_visit(c, nz, k) * r.seconds_per_plane + (r.d2d_bytes_per_s > 0 ? carry / r.d2d_bytes_per_s : 0);
    sweep += std::max({compute, in / r.h2d_bytes_per_s, out / r.d2h_bytes_per_s, (in + out) / r.both_bytes_per_s});
  }
  return sweep / k;
}

// The fastest k (and its chunks) for buffers of `max_planes` planes
// (`steps_per_visit`, `chunk_planes` > 0 fix them).
struct SkewedShape {
  int steps_per_visit = 0, chunk_planes = 0, chunks = 0;
  double predicted_s_per_step = std::numeric_limits<double>::infinity();
};
inline SkewedShape choose_skewed_shape(const PipelineRates& r, int nz, int max_planes, int pml_thickness,
                                       double in_bytes_per_plane, double out_bytes_per_plane, int steps_per_visit = 0,
                                       int chunk_planes = 0) {
  SkewedShape best;
  for (int k = 1; k <= 256; ++k) {
    if (steps_per_visit > 0 && k != steps_per_visit) continue;
    const std::vector<SkewedChunk> chunks = skewed_chunks(nz, max_planes, k, pml_thickness, chunk_planes);
    if (chunks.empty()) continue;
    const double t = predict_skewed_seconds_per_step(r, nz, in_bytes_per_plane, out_bytes_per_plane, k, chunks);
    if (t < best.predicted_s_per_step)
      best = {k, chunk_planes > 0 ? chunk_planes : max_planes - Grid::radius * (k + 1), int(chunks.size()), t};
  }
  return best;
}

}  // namespace seis
