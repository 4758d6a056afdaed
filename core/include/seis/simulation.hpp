#pragma once
// The time loop: record receivers at t_n, apply the stencil strategy to the
// inner region and the CPML to the six slabs, inject the source, advance.
//
// In one domain the CPML runs beside the inner region, on an instance of its
// own (see CpmlOverlap): the two write disjoint points of the next level and
// read the current one, so they are independent within a step; the
// receivers before them and the source after them stay ordered by the
// loop's fences.
//
// In a sub-domain of a distributed run (seis/distributed/) the strategy
// first runs on the part of the inner region that reads no halo, while the
// halos are exchanged; the rest (a shell of up to six boxes) and the CPML
// follow. The strategies give every point the same value whatever box it is
// computed in (tests/test_strategies.cpp), so the result is bitwise the
// single-rank one.

#include "seis/compat/kokkos_compat.hpp"
#include "seis/distributed/halo_exchange.hpp"
#include "seis/distributed/subdomain.hpp"
#include "seis/model_builder.hpp"
#include "seis/pml.hpp"
#include "seis/receivers.hpp"
#include "seis/regions.hpp"
#include "seis/run_plan.hpp"
#include "seis/source.hpp"
#include "seis/stability_guard.hpp"
#include "seis/stencil_operator.hpp"
#include "seis/wave_state.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace seis {

struct RunTiming {
  double wall_s = 0;     // whole time loop
  double stencil_s = 0;  // strategy on the inner region
  double pml_s = 0;      // CPML slabs
  double other_s = 0;    // receivers, source, bookkeeping
  int steps = 0;
  // Distributed runs (steps after the first two, which are not overlapped
  // and give the reference times):
  double exchange_s = 0;     // halo exchange (pack, messages, unpack), host time
  double comm_wait_s = 0;    // estimated time the exchange was not hidden by the core
  double core_ref_s = 0;     // halo-free core alone, one step
  double exchange_ref_s = 0; // exchange alone, one step
  int overlapped_steps = 0;
  // Steps whose CPML ran beside the inner region: in those, stencil_s counts
  // until the inner region was done (sharing the device with the slabs) and
  // pml_s the queueing of the slabs' kernels and what they took beyond it.
  int pml_overlapped_steps = 0;
};

// Where a step runs the CPML slabs relative to the inner region:
//   off     after it, on the same instance;
//   beside  on a second instance, concurrently;
//   ahead   on a second instance that the device serves first when both have
//           blocks waiting (a high-priority CUDA stream; elsewhere: beside).
// Distributed steps run the CPML after the halo exchange (it reads the
// halo), whatever the mode.
enum class CpmlOverlap { off, beside, ahead };

inline const char* cpml_overlap_name(CpmlOverlap m) {
  return m == CpmlOverlap::off ? "off" : m == CpmlOverlap::beside ? "beside" : "ahead";
}
// The mode of that name (the command line checks it is one).
inline CpmlOverlap cpml_overlap_named(const std::string& name) {
  for (CpmlOverlap m : {CpmlOverlap::off, CpmlOverlap::beside, CpmlOverlap::ahead})
    if (name == cpml_overlap_name(m)) return m;
  throw std::invalid_argument("no CPML overlap mode '" + name + "' (off, beside, ahead)");
}

// The CPML of a run (its boundary settings, velocity and time step).
inline CpmlParameters cpml_parameters(const RunPlan& plan) {
  return {plan.scenario.pml_thickness, plan.scenario.pml_reflection, plan.scenario.pml_order,
          plan.vmax, plan.scenario.f0, plan.dt, plan.scenario.pml_memory};
}

template <class Physics>
class Simulation {
 public:
  using physics_type = Physics;
  using scalar_type = typename Physics::scalar_type;
  // step (completed), steps (total), seconds so far
  using Progress = std::function<void(int, int, double)>;
  // Called after every step with the steps done and the pressure field then
  // (e.g. snapshots); its time counts as "other".
  using StepObserver = std::function<void(int, const Field<scalar_type>&)>;
  void observe_steps(StepObserver observer) { observer_ = std::move(observer); }
  // How later steps place the CPML beside the inner region (default: ahead).
  // A host backend keeps one instance: it runs kernels one after the other
  // anyway, and the steps still take the overlapped path (the CI tests it).
  void overlap_cpml(CpmlOverlap mode) {
    overlap_ = mode;
    const bool on_device = !Kokkos::SpaceAccessibility<Kokkos::HostSpace, DefaultMem>::accessible;
    cpml_exec_ = !on_device || mode == CpmlOverlap::off ? DefaultExec()
                 : mode == CpmlOverlap::ahead           ? priority_instance(DefaultExec())
                                                        : side_instance(DefaultExec());
  }
  CpmlOverlap cpml_overlap() const { return overlap_; }
  // Called after each step with the steps done; false stops the run there
  // (interruption, instability).
  using AfterStep = std::function<bool(int)>;

  Simulation(const RunPlan& plan, const StencilOperator<Physics>& strategy)
      : Simulation(plan, strategy, Subdomain::whole(plan.grid.nx(), plan.grid.ny(), plan.grid.nz())) {}

  // The part `sub` of the run (plan: the whole run).
  Simulation(const RunPlan& plan, const StencilOperator<Physics>& strategy, const Subdomain& sub)
      : plan_(plan), strategy_(&strategy), sub_(sub), grid_(sub.local_grid(plan.grid)), physics_(grid_),
        state_(grid_), regions_(local_regions(sub, seven_regions(plan.grid, plan.scenario.pml_thickness))),
        pml_(grid_, cpml_parameters(plan), sub),
        receivers_(grid_, owned(plan.receivers, owned_receivers_), plan.samples),
        ricker_{plan.scenario.f0, plan.t0, plan.scenario.amplitude}, halo_(sub, grid_) {
    if (sub.box.contains(plan.source.x, plan.source.y, plan.source.z))
      source_index_ = grid_.index(plan.source.x - sub.box.x0, plan.source.y - sub.box.y0, plan.source.z - sub.box.z0);
    // The inner region: its halo-free core (first, possibly empty), then the
    // shell around it (all of the region when the core is empty).
    const Box core = intersect(regions_.inner, sub.halo_free_core());
    inner_parts_.push_back(core);
    if (core.empty()) {
      inner_parts_.push_back(regions_.inner);
    } else {
      for (const Box& b : shell_around(regions_.inner, core))
        if (!b.empty()) inner_parts_.push_back(b);
    }
    build_model(state_, plan_, warnings_, sub);
    overlap_cpml(CpmlOverlap::ahead);
  }

  // Runs `steps` steps (default: the scenario's) from steps_done().
  RunTiming run(const Progress& progress = nullptr, int steps = -1, const AfterStep& after_step = nullptr) {
    ScopedRegion region("seis::time_loop");
    if (steps < 0) steps = plan_.scenario.steps;
    RunTiming t;
    Kokkos::Timer wall, phase;
    const int every = plan_.scenario.record_every;
    for (int s = 0; s < steps; ++s) {
      phase.reset();
      const StepData<Physics> d = state_.step_data(physics_);
      if (step_ % every == 0 && step_ / every < receivers_.samples()) receivers_.record(d.cur[Physics::pressure_field], step_ / every);
      fence("seis::receivers");
      t.other_s += phase.seconds();

      if (pml_.enabled() && overlap_ != CpmlOverlap::off && !halo_.active()) {
        advance_inner_beside_cpml(d, t);
      } else {
        phase.reset();
        if (halo_.active()) {
          advance_inner_exchanging_halos(d, s, t);
        } else {
          ScopedRegion r("seis::inner");
          for (const Box& b : inner_parts_)
            if (!b.empty()) strategy_->apply(d, b);
          fence("seis::inner");
        }
        t.stencil_s += phase.seconds();

        phase.reset();
        if (pml_.enabled()) {
          ScopedRegion r("seis::pml");
          pml_.apply(d);
          fence("seis::pml");
        }
        t.pml_s += phase.seconds();
      }

      phase.reset();
      if (source_index_ >= 0) inject_point_source(d, source_index_, ricker_(step_ * plan_.dt));
      state_.advance();
      ++step_;
      fence("seis::source");
      if (observer_) observer_(step_, state_.current(Physics::pressure_field));
      t.other_s += phase.seconds();
      if (progress) progress(s + 1, steps, wall.seconds());
      if (after_step && !after_step(step_)) {
        steps = s + 1;
        break;
      }
    }
    t.wall_s = wall.seconds();
    t.steps = steps;
    return t;
  }

  // The tuner times candidates on one simulation (one model build).
  void use_strategy(const StencilOperator<Physics>& strategy) { strategy_ = &strategy; }

  const RunPlan& plan() const { return plan_; }
  const Physics& physics() const { return physics_; }
  WaveState<Physics>& state() { return state_; }
  const Regions& regions() const { return regions_; }  // local coordinates
  const Subdomain& subdomain() const { return sub_; }
  const HaloExchange<Physics>& halo() const { return halo_; }
  // Indices (into plan().receivers) of the receivers this rank records, in
  // the order of receivers().traces().
  const std::vector<int>& owned_receivers() const { return owned_receivers_; }
  const ReceiverRecorder<scalar_type>& receivers() const { return receivers_; }
  ReceiverRecorder<scalar_type>& receivers() { return receivers_; }
  const Cpml<scalar_type>& pml() const { return pml_; }
  // Continues from a checkpoint taken after `steps` steps.
  void set_steps_done(int steps) { step_ = steps; }
  const std::vector<std::string>& warnings() const { return warnings_; }
  int steps_done() const { return step_; }
  index_t pml_points() const { return pml_.points(); }
  // Largest |value| of the wavefields now (the instability guard).
  double wavefield_max_abs() const { return seis::wavefield_max_abs(state_); }

 private:
  // The receivers inside this sub-domain, in local coordinates; their
  // indices go to `ids`.
  std::vector<NodeIndex> owned(const std::vector<NodeIndex>& all, std::vector<int>& ids) const {
    std::vector<NodeIndex> local;
    for (std::size_t r = 0; r < all.size(); ++r)
      if (sub_.box.contains(all[r].x, all[r].y, all[r].z)) {
        ids.push_back(int(r));
        local.push_back({all[r].x - sub_.box.x0, all[r].y - sub_.box.y0, all[r].z - sub_.box.z0});
      }
    return local;
  }

  // One domain: the slabs are queued on their own instance first, then the
  // inner region on the default one; both are waited for before the source
  // (which may lie in a slab) goes in. The CPML's time is that of queueing
  // its kernels (all of it on a host backend, which runs them at once) and
  // what it takes after the inner region is done.
  void advance_inner_beside_cpml(const StepData<Physics>& d, RunTiming& t) {
    Kokkos::Timer phase;
    {
      ScopedRegion r("seis::pml");
      pml_.apply(d, Cpml<scalar_type>::everywhere(), cpml_exec_);
    }
    t.pml_s += phase.seconds();
    phase.reset();
    {
      ScopedRegion r("seis::inner");
      for (const Box& b : inner_parts_)
        if (!b.empty()) strategy_->apply(d, b);
      fence("seis::inner", DefaultExec());
    }
    t.stencil_s += phase.seconds();
    phase.reset();
    fence("seis::pml", cpml_exec_);
    t.pml_s += phase.seconds();
    ++t.pml_overlapped_steps;
  }

  // The inner region with the halo exchange behind its halo-free core: the
  // core's kernels are queued (asynchronous on GPUs), the exchange runs on
  // its own instance meanwhile, then the shell. The first two steps run
  // core and exchange one after the other to time each alone; later steps
  // count as waiting the part of the exchange that outlasts the core.
  void advance_inner_exchanging_halos(const StepData<Physics>& d, int s, RunTiming& t) {
    ScopedRegion r("seis::inner");
    const bool reference = s < 2;
    Kokkos::Timer timer;
    if (!inner_parts_[0].empty()) strategy_->apply(d, inner_parts_[0]);
    if (reference) {
      fence("seis::inner_core");
      t.core_ref_s = timer.seconds();
      timer.reset();
    }
    {
      ScopedRegion x("seis::halo_exchange");
      halo_.exchange(state_);
    }
    const double exchanged = timer.seconds();
    if (reference) {
      t.exchange_ref_s = exchanged;
    } else {
      t.exchange_s += exchanged;
      t.comm_wait_s += std::max(0.0, exchanged - t.core_ref_s);
      ++t.overlapped_steps;
    }
    for (std::size_t i = 1; i < inner_parts_.size(); ++i) strategy_->apply(d, inner_parts_[i]);
    fence("seis::inner");
  }

  RunPlan plan_;
  const StencilOperator<Physics>* strategy_;
  Subdomain sub_;
  Grid grid_;  // the local grid
  Physics physics_;
  WaveState<Physics> state_;
  Regions regions_;
  Cpml<scalar_type> pml_;
  std::vector<int> owned_receivers_;
  ReceiverRecorder<scalar_type> receivers_;
  Ricker ricker_;
  HaloExchange<Physics> halo_;
  std::vector<Box> inner_parts_;
  index_t source_index_ = -1;
  std::vector<std::string> warnings_;
  StepObserver observer_;
  CpmlOverlap overlap_ = CpmlOverlap::off;
  DefaultExec cpml_exec_;  // where the CPML runs beside the inner region
  int step_ = 0;
};

}  // namespace seis
