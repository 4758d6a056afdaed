#pragma once
// What OutOfCoreSimulation measures before it runs: the link's copy rates,
// the compute time of a plane and of one visit (the choice of schedule, k
// and chunk height rests on them). Included by out_of_core_simulation.hpp.

#include "seis/out_of_core/out_of_core_simulation.hpp"

namespace seis {

// Copy rates of the link (a buffer's worth of planes each way, then both
// at once) and the compute time of a plane (one step of the strategy and
// the CPML over a buffer's worth of planes from the middle of the grid).
template <class Physics>
PipelineRates OutOfCoreSimulation<Physics>::measure_rates() {
  ScopedRegion region("seis::out_of_core_calibration");
  PipelineRates r;
  const int planes = stats_.buffer_planes;
  const index_t n = index_t(planes) * plan_.grid.stride_z();
  const auto move = [&](bool in, bool out) {
    Kokkos::Timer clock;
    for (int a = 0; a < 2 * F; ++a) {
      // In: the host's planes into buffer 1; out: buffer 0 holds the same
      // planes (copied in first), so writing them back changes nothing.
      if (in) copy(h2d_, device_view(buffer_array(buffers_[1], a), n), host_view(host_array(a), n));
      if (out) copy(d2h_, host_view(host_array(a), n), device_view(buffer_array(buffers_[0], a), n));
    }
    h2d_.fence();
    d2h_.fence();
    return double(2 * F) * n * sizeof(scalar_type) / clock.seconds();
  };
  for (int a = 0; a < state_arrays; ++a) copy(h2d_, device_view(buffer_array(buffers_[0], a), n), host_view(host_array(a), n));
  h2d_.fence();
  move(true, false);  // warm-up
  r.h2d_bytes_per_s = move(true, false);
  r.d2h_bytes_per_s = move(false, true);
  r.both_bytes_per_s = 2 * move(true, true);
  const auto share = [&] {  // region sharing's copy, buffer 0 into buffer 1 (scratch here)
    Kokkos::Timer clock;
    for (int a = 0; a < 2 * F; ++a) copy_on_device(buffer_array(buffers_[1], a), buffer_array(buffers_[0], a), n);
    fence("seis::out_of_core_calibration");
    return double(2 * F) * n * sizeof(scalar_type) / clock.seconds();
  };
  share();  // warm-up
  r.d2d_bytes_per_s = share();

  // A slice from the middle of the grid, like most chunks (a z slab's
  // CPML costs several times the inner region).
  const int z0 = (plan_.grid.nz() - planes) / 2;
  const Subdomain slice = z_slice(z0, z0 + planes);
  const Grid grid = slice.local_grid(plan_.grid);
  const Regions regions = local_regions(slice, regions_);
  const Cpml<scalar_type> pml(grid, cpml_parameters(plan_), slice);
  const auto one_step = [&] {
    StepData<Physics> d = buffers_[0].state.step_data(physics_);
    d.grid = grid;
    if (!regions.inner.empty()) strategy_->apply(d, regions.inner);
    pml.apply(d);
  };
  one_step();
  fence("seis::out_of_core_calibration");
  Kokkos::Timer clock;
  one_step();
  one_step();
  fence("seis::out_of_core_calibration");
  r.seconds_per_plane = clock.seconds() / 2 / planes;
  return r;
}

// A visit of the middle chunk alone (buffer 0 holds planes of the state,
// not that chunk's: the arithmetic, not the values, is timed).
template <class Physics>
void OutOfCoreSimulation<Physics>::time_one_visit() {
  Chunk& c = chunks_[chunks_.size() / 2];
  const int step = step_;
  const double planes = stats_.planes_computed;
  compute(c, buffers_[0], stats_.shape.steps_per_visit);  // warm-up
  fence("seis::out_of_core_calibration");
  Kokkos::Timer clock;
  compute(c, buffers_[0], stats_.shape.steps_per_visit);
  fence("seis::out_of_core_calibration");
  stats_.visit_compute_alone_s = clock.seconds();
  step_ = step;
  stats_.planes_computed = planes;
  c.receivers.restore(std::vector<float>(c.receivers.traces().size(), 0.0f), 0);  // forget what it recorded
}

}  // namespace seis
