#pragma once
// The time-skewed schedule of OutOfCoreSimulation (skewed_plan.hpp): the
// forward sweep that carries each chunk's lower planes from the buffer
// before. Included by out_of_core_simulation.hpp.

#include "seis/out_of_core/out_of_core_simulation.hpp"

namespace seis {

// f(span) for planes [a, b) of each span of chunk v (of the arrays that
// change only, or all).
template <class Physics>
template <class F_>
void OutOfCoreSimulation<Physics>::for_spans(int v, int a, int b, bool changing_only, F_&& f) {
  for (const PlaneSpan& n : chunks_[std::size_t(v)].spans) {
    if (changing_only && !n.written_back) continue;
    const PlaneSpan s = n.clip(a, b);
    if (s.elements() > 0) f(s);
  }
}

// Levels k and k-1 of chunk v's finished planes from buffer b to the host,
// on the copy instance.
template <class Physics>
void OutOfCoreSimulation<Physics>::store_finished(int v, Buffer& b, int k) {
  const SkewedChunk& c = chunks_[std::size_t(v)].skew;
  const std::array<int, 2> z = skewed_open(c, skewed_done_planes(c, plan_.grid.nz(), k));
  for_spans(v, z[0], z[1], true, [&](const PlaneSpan& s) { buffer_to_host(s, b); });
}

// A skewed sweep (skewed_plan.hpp), forward: visit i computes chunk i in
// buffer i mod 3 after the kR + R planes below its core are copied from
// buffer i-1 (on the default instance, after chunk i-1's compute); chunk
// i+1's core comes from the host meanwhile, chunk i-1's finished planes
// go back. The host holds the whole state at step_ + k at the end. While
// the last chunk computes, the next sweep's first chunk comes in when the
// host already holds its planes (the chunks that finish them were written
// back two visits before), so only a run's first sweep waits for its load,
// and the last chunk's planes go back during the next sweep's first visit
// (store_all writes them when someone may read the host first).
template <class Physics>
void OutOfCoreSimulation<Physics>::skewed_sweep(int k, RunTiming& t, bool reduce) {
  ScopedRegion region("seis::out_of_core_skewed_sweep");
  Kokkos::Timer clock;
  const bool record = stats_.sweeps <= 1;
  if (record) stats_.timeline.clear();
  const int n = int(chunks_.size()), nz = plan_.grid.nz();
  const int base = prefetched_ >= 0 ? prefetched_ : 0;  // chunk 0's buffer
  const auto buffer = [&](int i) -> Buffer& { return buffers_[std::size_t((i + base) % pipeline_buffers)]; };
  const auto load_core = [&](int v, Buffer& to) {  // level 0 (and -1) of its core and the model there
    const SkewedChunk& c = chunks_[std::size_t(v)].skew;
    const std::array<int, 2> z = skewed_open(c, {c.core0, c.core1});
    for_spans(v, z[0], z[1], false, [&](const PlaneSpan& s) { host_to_buffer(s, to); });
  };
  const bool prefetch = n >= 3 && skewed_done_planes(chunks_[std::size_t(n) - 2].skew, nz, k)[0] >= chunks_[0].z.core1;
  // The last chunk's planes go back during the next sweep's first visit
  // when that visit's load does not read them.
  const bool defer = prefetch && skewed_done_planes(chunks_[std::size_t(n) - 1].skew, nz, k)[0] >= chunks_[1].z.core1;
  const auto store_done = [&](int v) { store_finished(v, buffer(v), k); };
  // The planes below chunk v's core from buffer v-1: level 0 sits in the
  // array that held level k there when k is even, else in the other one.
  const auto carry = [&](int v) {
    const Chunk& c = chunks_[std::size_t(v)];
    const std::vector<PlaneSpan>& before = chunks_[std::size_t(v) - 1].spans;
    for_spans(v, c.z.core0 - R * (k + 1), c.z.core0, false, [&](const PlaneSpan& dst) {
      const PlaneSpan* o = same_array(before, dst);
      if (!o) throw std::logic_error("out-of-core: a carried span the chunk before lacks");
      const PlaneSpan src = o->clip(dst.z0, dst.z1);
      if (src.z0 != dst.z0 || src.z1 != dst.z1) throw std::logic_error("out-of-core: carried planes outside the chunk before");
      const int from = dst.array < 2 * F && k % 2 == 1 ? (dst.array + F) % (2 * F) : dst.array;
      buffer_to_buffer(buffer(v), dst, buffer(v - 1), from, src);
    });
  };
  for (Buffer& b : buffers_) b.chunk = -1;
  if (prefetched_ < 0) {
    load_core(0, buffer(0));
    h2d_.fence();
  }
  prefetched_ = -1;
  const int pending = pending_store_;  // the last sweep's last chunk, written back in visit 0
  pending_store_ = -1;
  for (int v = 0; v < n; ++v) {
    OutOfCoreStats::Visit visit;
    visit.chunk = v;
    visit.start = clock.seconds();
    const double h2d_before = stats_.h2d_bytes, d2h_before = stats_.d2h_bytes;
    if (v > 0) store_done(v - 1);
    if (v == 0 && pending >= 0) store_finished(n - 1, buffers_[std::size_t(pending)], pending_steps_);
    if (v + 1 < n || prefetch) load_core((v + 1) % n, buffer(v + 1));  // into chunk v-2's buffer, written back and fenced
    if (v > 0) carry(v);
    Chunk& c = chunks_[std::size_t(v)];
    compute(c, buffer(v), k);
    if (reduce) {
      const std::array<int, 2> done = skewed_done_planes(c.skew, nz, k);
      reduce_planes(c, buffer(v), v, done[0], done[1]);
    }
    finish_visit(visit, clock, h2d_before, d2h_before, t, record);
  }
  if (prefetch) prefetched_ = (base + n) % pipeline_buffers;
  if (defer) {
    pending_store_ = (base + n - 1) % pipeline_buffers;
    pending_steps_ = k;
  } else {
    store_done(n - 1);
    d2h_.fence();
  }
  std::fill(host_step_.begin(), host_step_.end(), step_ + k);
  last_sweep_steps_ = k;
  end_sweep(k, reduce, record, clock);
}

}  // namespace seis
