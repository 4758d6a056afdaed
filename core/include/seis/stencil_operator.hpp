#pragma once
// The interface between the time loop (core) and the strategies (policies):
// advance the points of one box by one time step.

#include "seis/grid.hpp"
#include "seis/wave_state.hpp"

#include <string>

namespace seis {

template <class Physics>
class StencilOperator {
 public:
  virtual ~StencilOperator() = default;
  // Full specification, e.g. "semi_b_a:32x16".
  virtual std::string name() const = 0;
  // Reads data.cur / data.next (as t-1) / data.model over box grown by the
  // stencil radius; writes data.next inside box only.
  virtual void apply(const StepData<Physics>& data, const Box& box) const = 0;
};

}  // namespace seis
