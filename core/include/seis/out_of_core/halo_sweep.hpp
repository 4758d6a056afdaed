#pragma once
// The overlapped-halo schedule of OutOfCoreSimulation (chunk_plan.hpp):
// loads that share planes between buffers, write-backs, the choice of
// buffer, and the alternating sweep. Included by out_of_core_simulation.hpp.

#include "seis/out_of_core/out_of_core_simulation.hpp"

namespace seis {

// The planes chunk c computes right (its own; beyond the grid's faces the
// padding, which never changes).
template <class Physics>
std::array<int, 2> OutOfCoreSimulation<Physics>::own_planes(const ZChunk& c) const {
  return {c.core0 == 0 ? -R : c.core0, c.core1 == plan_.grid.nz() ? plan_.grid.nz() + R : c.core1};
}

// The planes of span s that buffer b holds valid for a chunk starting at
// step_ (empty when none): the model is valid once loaded; the arrays that
// change, at b's step, over the whole buffer or the chunk's own planes.
template <class Physics>
std::array<int, 2> OutOfCoreSimulation<Physics>::valid_planes(const Buffer& b, const PlaneSpan& s) const {
  if (b.chunk < 0) return {0, 0};
  if (!s.written_back) return {s.z0, s.z1};
  if (b.step != step_) return {0, 0};
  return b.whole ? std::array<int, 2>{s.z0, s.z1} : own_planes(chunks_[std::size_t(b.chunk)].z);
}

// Planes [a, b) of a changing array from the host: their chunks must have
// been written back at step_ (none is on its way out).
template <class Physics>
void OutOfCoreSimulation<Physics>::require_host_holds(int a, int b) const {
  for (std::size_t d = 0; d < chunks_.size(); ++d) {
    const std::array<int, 2> own = own_planes(chunks_[d].z);
    if (std::max(a, own[0]) < std::min(b, own[1]) && host_step_[d] != step_)
      throw std::logic_error("out-of-core: planes of chunk " + std::to_string(d) + " from the host, which holds step " +
                             std::to_string(host_step_[d]) + " of them, not " + std::to_string(step_));
  }
}

// Chunk v into buffer `to` at step_: the planes `to` already holds stay,
// the planes another buffer holds valid are copied on the device (on the
// default instance, so before anything queued after them computes), the
// rest comes from the host on the copy instance.
template <class Physics>
void OutOfCoreSimulation<Physics>::load(int v, Buffer& to) {
  const Chunk& c = chunks_[std::size_t(v)];
  if (to.chunk >= 0 && to.chunk != v && host_step_[std::size_t(to.chunk)] != to.step)
    throw std::logic_error("out-of-core: a buffer reused before its chunk was written back");
  if (to.chunk == v) ++stats_.chunks_kept;
  std::vector<PlaneSpan> from_host;
  for (const PlaneSpan& n : c.spans) {
    std::vector<std::array<int, 2>> missing{{n.z0, n.z1}};
    const auto take = [&](const std::array<int, 2>& valid, const std::function<void(const PlaneSpan&)>& copy_piece) {
      std::vector<std::array<int, 2>> left;
      for (const auto& m : missing) {
        const int a = std::max(m[0], valid[0]), b = std::min(m[1], valid[1]);
        if (a >= b) {
          left.push_back(m);
          continue;
        }
        if (copy_piece) copy_piece(n.clip(a, b));
        if (m[0] < a) left.push_back({m[0], a});
        if (b < m[1]) left.push_back({b, m[1]});
      }
      missing = std::move(left);
    };
    if (to.chunk == v) take(valid_planes(to, n), nullptr);
    for (Buffer& from : buffers_) {
      if (&from == &to || from.chunk < 0) continue;
      const PlaneSpan* o = same_array(chunks_[std::size_t(from.chunk)].spans, n);
      if (!o) continue;
      const std::array<int, 2> valid = valid_planes(from, *o);
      take({std::max(valid[0], o->z0), std::min(valid[1], o->z1)}, [&](const PlaneSpan& dst) {
        const PlaneSpan src = o->clip(dst.z0, dst.z1);
        buffer_to_buffer(to, dst, from, n.array, src);
      });
    }
    for (const auto& m : missing) {
      if (n.written_back) require_host_holds(m[0], m[1]);
      from_host.push_back(n.clip(m[0], m[1]));
    }
  }
  for (const PlaneSpan& rest : from_host) host_to_buffer(rest, to);
  to.chunk = v;
  to.step = step_;
  to.whole = true;
}

// Chunk v's own planes of the changing arrays to the host, on the copy
// instance.
template <class Physics>
void OutOfCoreSimulation<Physics>::store(int v, Buffer& b) {
  const Chunk& c = chunks_[std::size_t(v)];
  for (const PlaneSpan& span : c.spans) {
    if (!span.written_back) continue;
    const PlaneSpan s = span.clip(c.z.core0, c.z.core1);
    if (s.elements() > 0) buffer_to_host(s, b);
  }
  host_step_[std::size_t(v)] = b.step;
}

// The buffer that holds chunk v, else one neither `busy` uses: an empty
// one, else one whose chunk the host holds, else one written back now.
template <class Physics>
auto OutOfCoreSimulation<Physics>::buffer_for(int v, const Buffer* busy0, const Buffer* busy1) -> Buffer& {
  for (Buffer& b : buffers_)
    if (b.chunk == v) return b;
  Buffer* pick = nullptr;
  const auto rank = [&](const Buffer& b) { return b.chunk < 0 ? 0 : host_step_[std::size_t(b.chunk)] == b.step ? 1 : 2; };
  for (Buffer& b : buffers_)
    if (&b != busy0 && &b != busy1 && (!pick || rank(b) < rank(*pick))) pick = &b;
  if (!pick) throw std::logic_error("out-of-core: no free buffer");
  if (rank(*pick) == 2) {
    store(pick->chunk, *pick);
    d2h_.fence();
  }
  return *pick;
}

template <class Physics>
void OutOfCoreSimulation<Physics>::halo_sweep(int k, RunTiming& t, bool reduce) {
  ScopedRegion region("seis::out_of_core_sweep");
  Kokkos::Timer clock;
  const bool record = stats_.sweeps <= 1;  // the first sweep, then the first steady one
  if (record) stats_.timeline.clear();
  const int n = int(chunks_.size());
  const bool forward = stats_.sweeps % 2 == 0;
  const auto chunk = [&](int i) { return chunk_of_visit(i, n, forward); };
  Buffer* cur = &buffer_for(chunk(0), nullptr, nullptr);
  Buffer* prev = nullptr;
  load(chunk(0), *cur);
  h2d_.fence();
  for (int i = 0; i < n; ++i) {
    const int v = chunk(i);
    OutOfCoreStats::Visit visit;
    visit.chunk = v;
    visit.start = clock.seconds();
    const double h2d_before = stats_.h2d_bytes, d2h_before = stats_.d2h_bytes;
    // Both copies are queued before the compute: its launches may block
    // the host (they would hold back the copy queued after them).
    if (stores_previous(i, n)) store(chunk(i - 1), *prev);
    Buffer* next = i + 1 < n ? &buffer_for(chunk(i + 1), cur, prev) : nullptr;
    if (next) load(chunk(i + 1), *next);
    compute(chunks_[std::size_t(v)], *cur, k);
    cur->step = step_ + k;
    cur->whole = false;
    if (reduce) reduce_planes(chunks_[std::size_t(v)], *cur, v, chunks_[std::size_t(v)].z.core0, chunks_[std::size_t(v)].z.core1);
    finish_visit(visit, clock, h2d_before, d2h_before, t, record);
    prev = cur;
    cur = next;
  }
  end_sweep(k, reduce, record, clock);
}

}  // namespace seis
