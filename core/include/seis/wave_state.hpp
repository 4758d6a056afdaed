#pragma once
// Wavefields and model of one run, and the plain-pointer view of them that
// kernels capture (StepData).

#include "seis/field.hpp"
#include "seis/grid.hpp"

#include <array>
#include <string>
#include <utility>

namespace seis {

// What one time step reads and writes. `next` aliases the previous time level:
// p(t+1) overwrites p(t-1) in place (physics.md §1).
template <class Physics>
struct StepData {
  using scalar_type = typename Physics::scalar_type;
  static constexpr int num_fields = Physics::num_fields;
  static constexpr int num_model = Physics::num_model;

  Grid grid;
  Physics physics;
  const scalar_type* cur[num_fields];
  scalar_type* next[num_fields];
  const scalar_type* model[num_model];
};

template <class Physics, class MemSpace = DefaultMem>
class WaveState {
 public:
  using scalar_type = typename Physics::scalar_type;
  using field_type = Field<scalar_type, MemSpace>;
  static constexpr int num_fields = Physics::num_fields;
  static constexpr int num_model = Physics::num_model;

  WaveState() = default;
  explicit WaveState(const Grid& grid) : grid_(grid) {
    for (int f = 0; f < num_fields; ++f) {
      const std::string name = Physics::field_name(f);
      cur_[f] = field_type(name + "(t)", grid);
      prev_[f] = field_type(name + "(t-1)", grid);
    }
    for (int m = 0; m < num_model; ++m) model_[m] = field_type(Physics::model_name(m), grid);
  }

  // Bytes a state of this grid allocates (for the fits-in-memory check).
  static std::size_t bytes_for(const Grid& grid) {
    return std::size_t(2 * num_fields + num_model) *
           (grid.storage_bytes() + Grid::alignment_bytes);
  }

  const Grid& grid() const { return grid_; }
  field_type& current(int f) { return cur_[f]; }
  field_type& previous(int f) { return prev_[f]; }
  field_type& model(int m) { return model_[m]; }
  const field_type& current(int f) const { return cur_[f]; }
  const field_type& previous(int f) const { return prev_[f]; }
  const field_type& model(int m) const { return model_[m]; }

  // After a step the new time level sits in `previous`: make it current.
  void advance() { std::swap(cur_, prev_); }

  StepData<Physics> step_data(const Physics& physics) const {
    StepData<Physics> d{grid_, physics, {}, {}, {}};
    for (int f = 0; f < num_fields; ++f) {
      d.cur[f] = cur_[f].data();
      d.next[f] = prev_[f].data();
    }
    for (int m = 0; m < num_model; ++m) d.model[m] = model_[m].data();
    return d;
  }

 private:
  Grid grid_;
  std::array<field_type, num_fields> cur_, prev_;
  std::array<field_type, num_model> model_;
};

}  // namespace seis
