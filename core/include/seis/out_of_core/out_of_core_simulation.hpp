#pragma once
// The out-of-core placement (design.md "One step, three placements";
// out-of-core-pacc-stencil.md): the whole state (fields at both time levels,
// model, CPML memory variables) lives in host memory the device copies from
// fastest (pinned on GPUs), and z-chunks stream through three device buffers.
//
// Two schedules (run.out_of_core.schedule; by default the faster the model
// predicts from the rates measured at the start): time skewing
// (skewed_plan.hpp, skewed_sweep.hpp), where each plane is computed once per
// level, and overlapped halos (chunk_plan.hpp, halo_sweep.hpp), described
// here. A halo sweep visits every chunk once and advances it k steps: its buffer holds
// the chunk and R k planes of halo on each side, and step j updates only
// the planes the chunk's own planes depend on after the last step, R planes
// more per step still to come and the CPML's derivative reach beyond
// (planes_computed_at_step). Whatever a step computes wrongly near the edge
// of that region spreads at most R planes a step -- the stencil reads R
// planes, the CPML's psi 2 and D1 psi 2 more -- so after k steps the chunk's
// own planes are exactly the in-core values: every point sees the same
// arithmetic in the same order, as in a distributed sub-domain, and the
// seismograms are bitwise equal.
//
// Pipeline (PACC Fig. 5, Algorithm 1): while chunk v computes on the default
// instance, chunk v+1 arrives on a copy instance and chunk v-1 leaves on
// another. Region sharing (§5.2): the planes chunk v+1 shares with chunk v
// are copied on the device from v's buffer (before v computes) instead of
// crossing the link again, so each chunk brings only its new planes. The
// host arrays are copied from directly (direct mapping, §5.1).
//
// Sweeps alternate direction (0..n-1, then n-1..0): a chunk leaves the
// device only when a later load of the sweep needs its buffer, so the last
// three chunks of a sweep stay there and are the first three of the next.
// A buffer knows which chunk it holds and at which step its planes are
// valid (the whole buffer once loaded, the chunk's own planes once
// computed); a load takes each plane from the buffer it is going into, from
// another buffer holding it valid at the sweep's step, or from the host,
// which must hold it at that step (checked). The host state is complete
// whenever someone may read it: state(), the observer, the end of run().

#include "seis/compat/kokkos_compat.hpp"
#include "seis/distributed/subdomain.hpp"
#include "seis/model_builder.hpp"
#include "seis/out_of_core/chunk_plan.hpp"
#include "seis/out_of_core/pipeline_parts.hpp"
#include "seis/out_of_core/skewed_plan.hpp"
#include "seis/pml.hpp"
#include "seis/receivers.hpp"
#include "seis/regions.hpp"
#include "seis/run_plan.hpp"
#include "seis/simulation.hpp"
#include "seis/source.hpp"
#include "seis/stability_guard.hpp"
#include "seis/stencil_operator.hpp"
#include "seis/wave_state.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace seis {

// dst[i] = src[i] for i < n on the default instance, by the SMs: a copy
// engine may be busy with an out-of-core run's bulk copies.
template <class Value>
void copy_on_device(Value* dst, const Value* src, index_t n) {
  Kokkos::parallel_for("seis::out_of_core_share", Kokkos::RangePolicy<DefaultExec, LightWeightLaunch>(0, n),
                       KOKKOS_LAMBDA(index_t i) { dst[i] = src[i]; });
}
// The same for n values of `bytes` bytes each (2, 4 or 8), copied as they
// are (a float's bits, a bfloat16 memory variable's).
inline void copy_on_device(unsigned char* dst, const unsigned char* src, index_t n, int bytes) {
  const auto as = [&](auto word) {
    using W = decltype(word);
    copy_on_device(reinterpret_cast<W*>(dst), reinterpret_cast<const W*>(src), n);
  };
  if (bytes == 2) as(std::uint16_t());
  else if (bytes == 4) as(std::uint32_t());
  else if (bytes == 8) as(std::uint64_t());
  else throw std::logic_error("out-of-core: values of " + std::to_string(bytes) + " bytes");
}

template <class Physics>
class OutOfCoreSimulation {
 public:
  using physics_type = Physics;
  using scalar_type = typename Physics::scalar_type;
  using HostState = WaveState<Physics, PinnedHostSpace>;
  using HostField = Field<scalar_type, PinnedHostSpace>;
  using Progress = std::function<void(int, int, double)>;
  using StepObserver = std::function<void(int, const HostField&)>;
  using AfterStep = std::function<bool(int)>;
  static constexpr int R = Grid::radius;
  static constexpr int F = Physics::num_fields;
  static constexpr int M = Physics::num_model;
  static constexpr int state_arrays = 2 * F + M;

  OutOfCoreSimulation(const RunPlan& plan, const StencilOperator<Physics>& strategy, const OutOfCoreSettings& settings,
                      std::size_t budget)
      : plan_(plan), strategy_(&strategy), physics_(plan.grid), whole_(Subdomain::whole(plan.grid.nx(), plan.grid.ny(), plan.grid.nz())),
        regions_(seven_regions(plan.grid, plan.scenario.pml_thickness)), host_(plan.grid),
        host_pml_(plan.grid, cpml_parameters(plan), whole_),
        receivers_(plan.grid, plan.receivers, plan.samples), ricker_{plan.scenario.f0, plan.t0, plan.scenario.amplitude},
        h2d_(side_instance(DefaultExec())), d2h_(side_instance(DefaultExec())) {
    ScopedRegion region("seis::out_of_core_setup");
    stats_.budget = budget;
    stats_.buffer_planes =
        buffer_planes_within(budget, plan.grid, state_arrays, plan.scenario.pml_thickness, plan.scenario.pml_memory,
                             plan.receivers.size());
    if (stats_.buffer_planes < smallest_buffer_planes(plan.grid.nz()))
      throw std::logic_error("out-of-core budget below the smallest workable one (the plan checks it)");
    for (std::size_t r = 0; r < plan.receivers.size(); ++r) owned_receivers_.push_back(int(r));
    build_model_in_pieces();
    for (auto& b : buffers_) b.state = WaveState<Physics>(z_slice(0, stats_.buffer_planes).local_grid(plan.grid));
    stats_.rates = measure_rates();
    choose_shape(settings);
    make_chunks();
    time_one_visit();
  }

  // Runs `steps` steps (default: the scenario's) from steps_done(); the
  // observer and after_step see the state after each sweep.
  RunTiming run(const Progress& progress = nullptr, int steps = -1, const AfterStep& after_step = nullptr) {
    ScopedRegion region("seis::time_loop");
    if (steps < 0) steps = plan_.scenario.steps;
    hand_traces_to_chunks();
    RunTiming t;
    Kokkos::Timer wall;
    int done = 0;
    while (done < steps) {
      const int k = next_sweep_steps(steps - done, land_on_, step_, stats_.shape.steps_per_visit);
      // The guard reads the device reductions when the app checks (the same rule).
      const bool reduce = stability_check_due(step_, step_ + k, done + k == steps);
      sweep(k, t, reduce);
      step_ += k;
      done += k;
      Kokkos::Timer other;
      collect_traces();
      if (observer_ && step_ % observe_every_ == 0) {
        store_all();
        observer_(step_, host_.current(Physics::pressure_field));
      }
      t.other_s += other.seconds();
      if (progress) progress(done, steps, wall.seconds());
      if (after_step && !after_step(step_)) break;
    }
    store_all();
    t.wall_s = wall.seconds();
    t.steps = done;
    return t;
  }

  // Sweeps end on every multiple of `every` (checkpoints, snapshots).
  void land_on_multiples_of(int every) {
    if (every > 0) land_on_.push_back(every);
  }
  // The observer sees the host state after each sweep that ends on a
  // multiple of `every` (sweeps land on them; every = 1: after each sweep,
  // whatever its length).
  void observe_steps(StepObserver observer, int every = 1) {
    observer_ = std::move(observer);
    observe_every_ = std::max(1, every);
    if (observe_every_ > 1) land_on_multiples_of(observe_every_);
  }

  const RunPlan& plan() const { return plan_; }
  // The host state, complete; the caller may change it, so the device
  // copies are forgotten (the next sweep loads everything).
  HostState& state() {
    forget_device();
    return host_;
  }
  const Regions& regions() const { return regions_; }
  const Subdomain& subdomain() const { return whole_; }
  const std::vector<int>& owned_receivers() const { return owned_receivers_; }
  ReceiverRecorder<scalar_type>& receivers() { return receivers_; }
  const ReceiverRecorder<scalar_type>& receivers() const { return receivers_; }
  const Cpml<scalar_type, PinnedHostSpace>& pml() const { return host_pml_; }
  void set_steps_done(int steps) {
    forget_device();
    step_ = steps;
    std::fill(host_step_.begin(), host_step_.end(), steps);
  }
  int steps_done() const { return step_; }
  const std::vector<std::string>& warnings() const { return warnings_; }
  // Largest |value| of the wavefields now: reduced on the device during the
  // last sweep when it crossed a multiple of stability_check_every or ended
  // the run, else read from the host.
  double wavefield_max_abs() {
    if (reduced_at_step_ == step_) return reduced_max_;
    store_all();
    return seis::wavefield_max_abs(host_);
  }
  const OutOfCoreStats& stats() const { return stats_; }

 private:
  using memory_view = typename Cpml<scalar_type>::memory_view;
  struct Buffer {
    WaveState<Physics> state;
    std::array<memory_view, 3> psi, xi;  // CPML memory variables of the chunk it holds, as stored
    int chunk = -1;      // the chunk it holds (-1: none)
    int step = -1;       // the step its valid planes are at
    bool whole = false;  // all its planes valid (loaded, not yet computed); else the chunk's own
  };
  struct Chunk {
    ZChunk z;
    Grid grid;  // the buffer's planes as a local grid
    Regions regions;
    Cpml<scalar_type> pml;
    ReceiverRecorder<scalar_type> receivers;
    std::vector<int> receiver_ids;
    index_t source_index = -1;
    int source_z = 0;  // local
    std::vector<PlaneSpan> spans;
    SkewedChunk skew;  // its cut in a skewed sweep (z: core and window)
  };

  // The global grid's planes [z0, z1) as a sub-domain with no neighbours.
  Subdomain z_slice(int z0, int z1) const {
    Subdomain s = whole_;
    s.box.z0 = z0;
    s.box.z1 = z1;
    return s;
  }

  // The model, evaluated on the device a buffer's worth of planes at a time
  // (at global coordinates: bitwise the in-core model) and kept on the host.
  void build_model_in_pieces() {
    const int nz = plan_.grid.nz();
    for (int z0 = 0; z0 < nz; z0 += stats_.buffer_planes) {
      const int z1 = std::min(nz, z0 + stats_.buffer_planes);
      const Subdomain piece = z_slice(z0, z1);
      WaveState<Physics> part(piece.local_grid(plan_.grid));
      std::vector<std::string> warnings;
      build_model(part, plan_, warnings, piece);
      for (const auto& w : warnings)
        if (std::find(warnings_.begin(), warnings_.end(), w) == warnings_.end()) warnings_.push_back(w);
      const index_t plane = plan_.grid.stride_z();
      for (int m = 0; m < M; ++m)
        copy(DefaultExec(), host_view(host_.model(m).data() + (z0 + R) * plane, (z1 - z0) * plane),
             device_view(part.model(m).data() + R * plane, (z1 - z0) * plane));
      fence("seis::out_of_core_model");
    }
  }

  using host_view_t = Kokkos::View<scalar_type*, PinnedHostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  using device_view_t = Kokkos::View<scalar_type*, DefaultMem, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  static host_view_t host_view(scalar_type* p, index_t n) { return host_view_t(p, std::size_t(n)); }
  static device_view_t device_view(scalar_type* p, index_t n) { return device_view_t(p, std::size_t(n)); }
  using host_bytes_t = Kokkos::View<unsigned char*, PinnedHostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  using device_bytes_t = Kokkos::View<unsigned char*, DefaultMem, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  // Span s of the host's array and of buffer b's, as bytes.
  host_bytes_t host_span(const PlaneSpan& s) {
    const int e = value_bytes(s.array);
    return host_bytes_t(host_data(s.array) + s.host_first * e, std::size_t(s.elements() * e));
  }
  device_bytes_t buffer_span(Buffer& b, const PlaneSpan& s) {
    const int e = value_bytes(s.array);
    return device_bytes_t(buffer_data(b, s.array) + s.buffer_first * e, std::size_t(s.elements() * e));
  }
  // The bytes a copy of span s moves (each copy below counts them so).
  double span_bytes(const PlaneSpan& s) const { return double(s.elements()) * value_bytes(s.array); }
  // Span dst of buffer `to` from span src of array `from_array` of buffer
  // `from` (the same planes), on the default instance.
  void buffer_to_buffer(Buffer& to, const PlaneSpan& dst, Buffer& from, int from_array, const PlaneSpan& src) {
    const int e = value_bytes(dst.array);
    copy_on_device(buffer_data(to, dst.array) + dst.buffer_first * e, buffer_data(from, from_array) + src.buffer_first * e,
                   dst.elements(), e);
    stats_.d2d_bytes += span_bytes(dst);
  }
  // Span s of buffer b to the host, on the copy instance.
  void buffer_to_host(const PlaneSpan& s, Buffer& b) {
    copy(d2h_, host_span(s), buffer_span(b, s));
    stats_.d2h_bytes += span_bytes(s);
  }
  // Span s of the host into buffer b, on the other copy instance.
  void host_to_buffer(const PlaneSpan& s, Buffer& b) {
    copy(h2d_, buffer_span(b, s), host_span(s));
    stats_.h2d_bytes += span_bytes(s);
  }
  template <class Dst, class Src>
  static void copy(const DefaultExec& exec, const Dst& dst, const Src& src) {
    if (dst.extent(0) > 0) Kokkos::deep_copy(exec, dst, src);
  }

  // Array `a` (< state_arrays) of the host state and of buffer b: fields
  // at t, at t-1, the model.
  scalar_type* host_array(int a) {
    if (a < F) return host_.current(a).data();
    if (a < 2 * F) return host_.previous(a - F).data();
    return host_.model(a - 2 * F).data();
  }
  scalar_type* buffer_array(Buffer& b, int a) {
    if (a < F) return b.state.current(a).data();
    if (a < 2 * F) return b.state.previous(a - F).data();
    return b.state.model(a - 2 * F).data();
  }
  // Any array's bytes: those of the state, then psi and xi of each axis as
  // the CPML stores them (bfloat16 or scalar_type: value_bytes(a) a value),
  // which the chunks copy as they are.
  int value_bytes(int a) const { return a < state_arrays ? int(sizeof(scalar_type)) : host_pml_.bytes_per_value(); }
  unsigned char* host_data(int a) {
    if (a < state_arrays) return reinterpret_cast<unsigned char*>(host_array(a));
    return host_pml_.memory_variables()[std::size_t(a - state_arrays)].data();
  }
  unsigned char* buffer_data(Buffer& b, int a) {
    if (a < state_arrays) return reinterpret_cast<unsigned char*>(buffer_array(b, a));
    const int k = a - state_arrays;
    return k < 3 ? b.psi[std::size_t(k)].data() : b.xi[std::size_t(k - 3)].data();
  }

  // Defined in calibration.hpp.
  PipelineRates measure_rates();
  void time_one_visit();

  // Bytes of one plane each way: the arrays, and the CPML memory variables
  // (psi, xi) of the x and y slabs, which both directions carry per plane
  // too (about 6 % of an iso plane at 1536^2 with a 32-point CPML).
  double cpml_bytes_per_plane() const {
    const CpmlAuxLayout& h = host_pml_.layout();
    const double x = double(h.depth[0][0] + h.depth[0][1]) * h.n[1], y = double(h.n[0]) * (h.depth[1][0] + h.depth[1][1]);
    return host_pml_.enabled() ? 2 * (x + y) * host_pml_.bytes_per_value() : 0;
  }
  double in_bytes_per_plane() const {
    return double(state_arrays) * plan_.grid.stride_z() * sizeof(scalar_type) + cpml_bytes_per_plane();
  }
  double out_bytes_per_plane() const {
    return double(2 * F) * plan_.grid.stride_z() * sizeof(scalar_type) + cpml_bytes_per_plane();
  }

  void choose_shape(const OutOfCoreSettings& settings) {
    stats_.shape = choose_pipeline_shape(stats_.rates, plan_.grid.nz(), stats_.buffer_planes, in_bytes_per_plane(),
                                         out_bytes_per_plane(), settings.steps_per_visit, settings.chunk_planes,
                                         plan_.scenario.steps);
    if (!(stats_.shape.predicted_s_per_step < 1e300))
      throw std::logic_error("no out-of-core pipeline shape fits (the plan checks it)");
    stats_.halo_planes = R * stats_.shape.steps_per_visit;
    stats_.halo = stats_.shape;
    stats_.skewed = choose_skewed_shape(stats_.rates, plan_.grid.nz(), stats_.buffer_planes, plan_.scenario.pml_thickness,
                                        in_bytes_per_plane(), out_bytes_per_plane(), settings.steps_per_visit,
                                        settings.chunk_planes);
    using Schedule = OutOfCoreSettings::Schedule;
    const bool fits = stats_.skewed.predicted_s_per_step < 1e300;
    if (settings.schedule == Schedule::skewed && !fits)
      throw std::logic_error("out-of-core: no skewed cut fits these buffers (the plan checks it)");
    skewed_ = settings.schedule == Schedule::skewed ||
              (settings.schedule == Schedule::automatic && fits &&
               stats_.skewed.predicted_s_per_step < stats_.shape.predicted_s_per_step);
    if (skewed_) {
      skewed_core_ = settings.chunk_planes;
      stats_.schedule = "skewed";
      stats_.shape = {stats_.skewed.steps_per_visit, stats_.skewed.chunk_planes, stats_.skewed.predicted_s_per_step};
      stats_.halo_planes = R * (stats_.shape.steps_per_visit + 1);  // carried from the chunk before
    }
  }

  void make_chunks() {
    const Grid& g = plan_.grid;
    const int nz = g.nz();
    std::array<index_t, 3> pool{0, 0, 0};
    const int K = stats_.shape.steps_per_visit;
    std::vector<SkewedChunk> skew;
    std::vector<ZChunk> cuts;
    if (skewed_) {
      skew = skewed_chunks(nz, stats_.buffer_planes, K, plan_.scenario.pml_thickness, skewed_core_);
      for (const SkewedChunk& c : skew) {
        const std::array<int, 2> w = skewed_window(c, K);
        cuts.push_back({c.core0, c.core1, w[0], w[1]});
      }
    } else {
      cuts = z_chunks(nz, stats_.shape.chunk_planes, K);
    }
    for (const ZChunk& z : cuts) {
      const Subdomain sub = z_slice(z.ext0, z.ext1);
      const Grid chunk_grid = sub.local_grid(g);
      Chunk c{z, chunk_grid, local_regions(sub, regions_), Cpml<scalar_type>(chunk_grid, cpml_parameters(plan_), sub, false),
              {}, {}, -1, 0, {}, {}};
      // Its receivers: those in its core; skewed, those it may hold at some
      // step (skewed_level_planes; collect_traces takes each sample from
      // the chunk that held the receiver at that step).
      int r0 = z.core0, r1 = z.core1;
      if (skewed_) {
        c.skew = skew[chunks_.size()];
        r0 = std::max(z.ext0, skewed_level_planes(c.skew, nz, K - 1)[0]);
        r1 = skewed_level_planes(c.skew, nz, 0)[1];
      }
      std::vector<NodeIndex> local;
      for (std::size_t r = 0; r < plan_.receivers.size(); ++r) {
        const NodeIndex& n = plan_.receivers[r];
        if (n.z < r0 || n.z >= r1) continue;
        c.receiver_ids.push_back(int(r));
        local.push_back({n.x, n.y, n.z - z.ext0});
      }
      c.receivers = ReceiverRecorder<scalar_type>(c.grid, local, plan_.samples);
      if (plan_.source.z >= z.ext0 && plan_.source.z < z.ext1) {
        c.source_z = plan_.source.z - z.ext0;
        c.source_index = c.grid.index(plan_.source.x, plan_.source.y, c.source_z);
      }
      if (!chunks_.empty()) c.pml.share_profiles(chunks_.front().pml);
      c.spans = chunk_spans(c.z, plan_.grid.stride_z(), state_arrays, 2 * F, host_pml_.layout(),
                            c.pml.enabled() ? &c.pml.layout() : nullptr);
      if (c.pml.enabled())
        for (int a = 0; a < 3; ++a) pool[std::size_t(a)] = std::max(pool[std::size_t(a)], c.pml.layout().size(a));
      chunks_.push_back(std::move(c));
    }
    stats_.chunks = int(chunks_.size());
    host_step_.assign(chunks_.size(), step_);
    chunk_max_ = Kokkos::View<scalar_type*, DefaultMem>("seis::chunk_max_abs", chunks_.size() * 2 * F);
    stats_.device_bytes = 0;
    for (auto& b : buffers_) {
      for (int a = 0; a < 3; ++a) {
        const std::size_t bytes = std::size_t(pool[std::size_t(a)]) * std::size_t(host_pml_.bytes_per_value());
        b.psi[std::size_t(a)] = memory_view("cpml_psi_buffer", bytes);
        b.xi[std::size_t(a)] = memory_view("cpml_xi_buffer", bytes);
        stats_.device_bytes += 2 * bytes;
      }
      stats_.device_bytes += std::size_t(state_arrays) * (b.state.grid().storage_bytes() + Grid::alignment_bytes);
    }
  }

  // Defined in halo_sweep.hpp.
  std::array<int, 2> own_planes(const ZChunk& c) const;
  std::array<int, 2> valid_planes(const Buffer& b, const PlaneSpan& s) const;
  void require_host_holds(int a, int b) const;
  void load(int v, Buffer& to);
  void store(int v, Buffer& b);

  // Every chunk the host lacks, written back (waits for the copies).
  void store_all() {
    if (pending_store_ >= 0) store_finished(int(chunks_.size()) - 1, buffers_[std::size_t(pending_store_)], pending_steps_);
    pending_store_ = -1;
    for (Buffer& b : buffers_)
      if (b.chunk >= 0 && host_step_[std::size_t(b.chunk)] != b.step) store(b.chunk, b);
    d2h_.fence();
  }

  // The host state becomes the only copy (someone may change it).
  void forget_device() {
    store_all();
    for (Buffer& b : buffers_) b.chunk = -1;
    prefetched_ = -1;
  }

  // Defined in halo_sweep.hpp.
  Buffer& buffer_for(int v, const Buffer* busy0, const Buffer* busy1);

  // k steps of chunk c in buffer b, queued on the default instance.
  void compute(Chunk& c, Buffer& b, int k) {
    const int every = plan_.scenario.record_every;
    c.pml.bind_memory_variables(b.psi, b.xi);
    for (int j = 0; j < k; ++j) {
      const std::array<int, 2> z =
          skewed_ ? skewed_planes_at_step(c.skew, plan_.grid.nz(), j) : planes_computed_at_step(c.z, k, j);
      const int lo = z[0] - c.z.ext0, hi = z[1] - c.z.ext0;
      const Box limit{0, c.grid.nx(), 0, c.grid.ny(), lo, hi};
      StepData<Physics> d = b.state.step_data(physics_);
      d.grid = c.grid;
      const int step = step_ + j;
      if (c.receivers.count() > 0 && step % every == 0 && step / every < c.receivers.samples())
        c.receivers.record(d.cur[Physics::pressure_field], step / every);
      const Box inner = intersect(c.regions.inner, limit);
      if (!inner.empty()) strategy_->apply(d, inner);
      c.pml.apply(d, limit);
      if (c.source_index >= 0 && c.source_z >= lo && c.source_z < hi)
        inject_point_source(d, c.source_index, ricker_(step * plan_.dt));
      b.state.advance();
      stats_.planes_computed += hi - lo;
    }
  }

  // Largest |value| of global planes [z0, z1) of every field at both time
  // levels (the planes chunk v finished) into chunk_max_, on the default
  // instance after its compute.
  void reduce_planes(const Chunk& c, Buffer& b, int v, int z0, int z1) {
    const index_t plane = plan_.grid.stride_z();
    const index_t first = index_t(z0 - c.z.ext0 + R) * plane, n = index_t(z1 - z0) * plane;
    for (int a = 0; a < 2 * F; ++a)
      max_abs_into(buffer_array(b, a) + first, n, chunk_max_.data() + 2 * F * v + a);
  }

  // One sweep of k steps by the schedule chosen.
  void sweep(int k, RunTiming& t, bool reduce) { skewed_ ? skewed_sweep(k, t, reduce) : halo_sweep(k, t, reduce); }
  // Defined in halo_sweep.hpp.
  void halo_sweep(int k, RunTiming& t, bool reduce);

  // A visit's end: waits for the compute and both copies (queued since
  // `visit.start`, with the byte counts then), timing each for the timeline.
  void finish_visit(OutOfCoreStats::Visit& visit, const Kokkos::Timer& clock, double h2d_before, double d2h_before,
                    RunTiming& t, bool record) {
    visit.queued = clock.seconds();
    fence("seis::out_of_core_compute", DefaultExec());
    visit.compute_end = clock.seconds();
    h2d_.fence();
    visit.h2d_end = clock.seconds();
    d2h_.fence();
    visit.d2h_end = clock.seconds();
    t.stencil_s += visit.compute_end - visit.start;
    visit.h2d_bytes = stats_.h2d_bytes - h2d_before;
    visit.d2h_bytes = stats_.d2h_bytes - d2h_before;
    if (record) stats_.timeline.push_back(visit);
  }

  // What every sweep ends with: the device's reduction read, the sweep timed.
  void end_sweep(int k, bool reduce, bool record, const Kokkos::Timer& clock) {
    if (reduce) {
      const auto all = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), chunk_max_);
      reduced_max_ = 0;
      for (std::size_t i = 0; i < all.extent(0); ++i) reduced_max_ = std::max(reduced_max_, double(all(i)));
      reduced_at_step_ = step_ + k;
    }
    if (record) {
      stats_.timeline_sweep_s = clock.seconds();
      stats_.timeline_steps = k;
    }
    ++stats_.sweeps;
    stats_.sweep_s += clock.seconds();
  }

  // Defined in skewed_sweep.hpp.
  template <class F_>
  void for_spans(int v, int a, int b, bool changing_only, F_&& f);
  void skewed_sweep(int k, RunTiming& t, bool reduce);
  void store_finished(int v, Buffer& b, int k);

  // Samples recorded after step_ steps (receivers sample t_n, n % every == 0).
  int samples_recorded() const {
    const int every = plan_.scenario.record_every;
    return std::min(plan_.samples, (step_ + every - 1) / every);
  }

  // Defined in chunk_traces.hpp.
  void collect_traces();
  void hand_traces_to_chunks();

  RunPlan plan_;
  bool skewed_ = false;  // sweeps run time skewing (skewed_plan.hpp), else overlapped halos
  int skewed_core_ = 0;  // the middle chunks' core asked for (0: the widest)
  int prefetched_ = -1;  // the buffer holding the next skewed sweep's first chunk (-1: none)
  int pending_store_ = -1, pending_steps_ = 0;  // the buffer whose last chunk the host lacks, and its sweep's k
  const StencilOperator<Physics>* strategy_;
  Physics physics_;
  Subdomain whole_;
  Regions regions_;
  HostState host_;
  Cpml<scalar_type, PinnedHostSpace> host_pml_;
  std::vector<int> owned_receivers_;
  ReceiverRecorder<scalar_type> receivers_;  // every receiver, filled from the chunks'
  Ricker ricker_;
  DefaultExec h2d_, d2h_;
  std::array<Buffer, pipeline_buffers> buffers_;
  std::vector<Chunk> chunks_;
  std::vector<std::string> warnings_;
  std::vector<int> land_on_;
  StepObserver observer_;
  int observe_every_ = 1;
  OutOfCoreStats stats_;
  std::vector<int> host_step_;  // per chunk: the step at which the host holds its own planes
  Kokkos::View<scalar_type*, DefaultMem> chunk_max_;  // per chunk and array, the last reducing sweep's
  double reduced_max_ = 0;
  int reduced_at_step_ = -1;
  int last_sweep_steps_ = 0;  // the last sweep's (collect_traces merges its samples)
  int step_ = 0;
};

}  // namespace seis

// The member functions of each responsibility.
#include "seis/out_of_core/halo_sweep.hpp"
#include "seis/out_of_core/skewed_sweep.hpp"
#include "seis/out_of_core/calibration.hpp"
#include "seis/out_of_core/chunk_traces.hpp"
