#pragma once
// The time loop: record receivers at t_n, apply the stencil strategy to the
// inner region and the CPML to the six slabs, inject the source, advance.

#include "seis/compat/kokkos_compat.hpp"
#include "seis/model_builder.hpp"
#include "seis/pml.hpp"
#include "seis/receivers.hpp"
#include "seis/regions.hpp"
#include "seis/run_plan.hpp"
#include "seis/source.hpp"
#include "seis/stencil_operator.hpp"
#include "seis/wave_state.hpp"

#include <Kokkos_Core.hpp>

#include <functional>
#include <string>
#include <vector>

namespace seis {

struct RunTiming {
  double wall_s = 0;     // whole time loop
  double stencil_s = 0;  // strategy on the inner region
  double pml_s = 0;      // CPML slabs
  double other_s = 0;    // receivers, source, bookkeeping
  int steps = 0;
};

template <class Physics>
class Simulation {
 public:
  using scalar_type = typename Physics::scalar_type;
  // step (completed), steps (total), seconds so far
  using Progress = std::function<void(int, int, double)>;
  // Called after every step with the steps done and the pressure field then
  // (e.g. snapshots); its time counts as "other".
  using StepObserver = std::function<void(int, const Field<scalar_type>&)>;
  void observe_steps(StepObserver observer) { observer_ = std::move(observer); }
  // Called after each step with the steps done; false stops the run there
  // (interruption, instability).
  using AfterStep = std::function<bool(int)>;

  Simulation(const RunPlan& plan, const StencilOperator<Physics>& strategy)
      : plan_(plan), strategy_(&strategy), physics_(plan.grid), state_(plan.grid),
        regions_(seven_regions(plan.grid, plan.scenario.pml_thickness)),
        pml_(plan.grid, CpmlParameters{plan.scenario.pml_thickness, plan.scenario.pml_reflection,
                                       plan.scenario.pml_order, plan.vmax, plan.scenario.f0, plan.dt}),
        receivers_(plan.grid, plan.receivers, plan.samples),
        ricker_{plan.scenario.f0, plan.t0, plan.scenario.amplitude},
        source_index_(plan.grid.index(plan.source.x, plan.source.y, plan.source.z)) {
    build_model(state_, plan_, warnings_);
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
      if (step_ % every == 0 && step_ / every < receivers_.samples()) receivers_.record(d.cur[0], step_ / every);
      fence("seis::receivers");
      t.other_s += phase.seconds();

      phase.reset();
      {
        ScopedRegion r("seis::inner");
        strategy_->apply(d, regions_.inner);
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

      phase.reset();
      inject_point_source(d, source_index_, ricker_(step_ * plan_.dt));
      state_.advance();
      ++step_;
      fence("seis::source");
      if (observer_) observer_(step_, state_.current(0));
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
  const Regions& regions() const { return regions_; }
  const ReceiverRecorder<scalar_type>& receivers() const { return receivers_; }
  ReceiverRecorder<scalar_type>& receivers() { return receivers_; }
  const Cpml<scalar_type>& pml() const { return pml_; }
  // Continues from a checkpoint taken after `steps` steps.
  void set_steps_done(int steps) { step_ = steps; }
  const std::vector<std::string>& warnings() const { return warnings_; }
  int steps_done() const { return step_; }
  index_t pml_points() const { return pml_.points(); }

 private:
  RunPlan plan_;
  const StencilOperator<Physics>* strategy_;
  Physics physics_;
  WaveState<Physics> state_;
  Regions regions_;
  Cpml<scalar_type> pml_;
  ReceiverRecorder<scalar_type> receivers_;
  Ricker ricker_;
  index_t source_index_;
  std::vector<std::string> warnings_;
  StepObserver observer_;
  int step_ = 0;
};

}  // namespace seis
