#pragma once
// A physics defined only in the tests (issue 9): the acoustic wave equation
// with the 2nd-order 7-point Laplacian,
//   p+ = 2p - p- + V lap7 p,   V = v^2 dt^2,
//   lap7 p = sum_a (p[+1_a] - 2p + p[-1_a]) / h_a^2,
// radius 1, which lies inside the grid's halo of Grid::radius = 4: every
// strategy sizes its tiles, queues and windows from the physics' radius and
// plane reach (plane_terms.hpp), so none needs the full halo. It is the
// contract of plane_terms.hpp and nothing else: no line outside tests/ names
// it. Its description is registered by lap7_description(), its model built
// by the build_model below (found by argument-dependent lookup from
// Simulation).

#include "seis/grid.hpp"
#include "seis/model_builder.hpp"
#include "seis/physics/cpml_update.hpp"
#include "seis/physics/physics_descriptions.hpp"
#include "seis/physics/plane_terms.hpp"

#include <string>
#include <vector>

namespace seis::test {

template <class Scalar>
class Lap7Physics {
 public:
  using scalar_type = Scalar;
  using accum_type = Scalar;
  struct point_coeffs {};

  static constexpr int radius = 1;
  static constexpr int num_fields = 1;  // p
  static constexpr int num_model = 1;   // V = v^2 dt^2
  static constexpr int pressure_field = 0;
  static constexpr int velocity_model = 0;
  // In the absorbing layer: p with V by its own 2nd-order D2 per axis (lap7 is
  // their sum) and the 2nd-order D1 (1/2, radius 1) of the memory variables.
  using cpml_update = CentralCpmlUpdate<pressure_field, velocity_model, radius, 1>;
  // Centre plane: 1 + 2 x 3 (pair sum, weight, accumulate); planes z+-1: 2 x 2;
  // update: 4.
  static constexpr int flops_per_point = 15;
  static constexpr bool in_plane_cross_terms = false;
  static constexpr const char* name() { return "lap7"; }
  static constexpr const char* field_name(int) { return "p"; }
  static constexpr const char* model_name(int) { return "v2dt2"; }
  static constexpr const char* instability_hint() { return "a time step above the 7-point CFL limit"; }

  KOKKOS_INLINE_FUNCTION static constexpr int plane_reach(int dz) { return dz == 0 ? radius : 0; }

  Lap7Physics() = default;
  explicit Lap7Physics(const Grid& grid)
      : cx_(Scalar(1.0 / (grid.hx() * grid.hx()))), cy_(Scalar(1.0 / (grid.hy() * grid.hy()))),
        cz_(Scalar(1.0 / (grid.hz() * grid.hz()))),
        centre_(Scalar(-2.0 * (1.0 / (grid.hx() * grid.hx()) + 1.0 / (grid.hy() * grid.hy()) +
                               1.0 / (grid.hz() * grid.hz())))) {}

  template <class Mem>
  KOKKOS_INLINE_FUNCTION point_coeffs coeffs(const Mem&) const {
    return {};
  }

  template <int DZ, class Plane>
  KOKKOS_FORCEINLINE_FUNCTION accum_type plane_term(int_c<DZ>, const Plane& plane, const point_coeffs&) const {
    if constexpr (DZ == 0)
      return centre_ * plane(0, 0, 0) + cx_ * (plane(0, 1, 0) + plane(0, -1, 0)) +
             cy_ * (plane(0, 0, 1) + plane(0, 0, -1));
    else
      return cz_ * plane(0, 0, 0);
  }

  template <class Mem>
  KOKKOS_FORCEINLINE_FUNCTION void update(const accum_type& laplacian, const FieldValues<Scalar, 1>& centre,
                                          const Mem& mem) const {
    mem.store(0, Scalar(2) * centre[0] - mem.prev(0) + mem.model(0) * laplacian);
  }

  // The host arithmetic of the operator, for reference solutions: lap7 at
  // (x, y, z) of a padded field `p` on `grid`.
  static double laplacian(const Grid& grid, const std::vector<double>& p, int x, int y, int z) {
    const auto at = [&](int i, int j, int k) { return p[std::size_t(grid.index(i, j, k))]; };
    const double c = at(x, y, z);
    return (at(x + 1, y, z) - 2 * c + at(x - 1, y, z)) / (grid.hx() * grid.hx()) +
           (at(x, y + 1, z) - 2 * c + at(x, y - 1, z)) / (grid.hy() * grid.hy()) +
           (at(x, y, z + 1) - 2 * c + at(x, y, z - 1)) / (grid.hz() * grid.hz());
  }

 private:
  Scalar cx_ = 0, cy_ = 0, cz_ = 0, centre_ = 0;
};

// Its model: V = v^2 dt^2, as iso's.
template <class Scalar>
void build_model(WaveState<Lap7Physics<Scalar>>& state, const RunPlan& plan, std::vector<std::string>&,
                 const Subdomain& sub) {
  build_velocity_model(state, plan, sub, Lap7Physics<Scalar>::velocity_model);
}

// Its description, registered on the first call: the scenario parser and
// the planner then accept physics = "lap7" with one [model] parameter, the
// velocity. Its CFL limit (v dt / h <= 1/sqrt(3)) is above the planner's
// 8th-order one, so the planner's time step is stable for it.
inline const PhysicsDescription& lap7_description() {
  static const PhysicsDescription& described = register_physics(
      {Lap7Physics<float>::name(), Lap7Physics<float>::num_fields, Lap7Physics<float>::num_model,
       {{"velocity", "velocity", "m/s", true, 0, 0, "must be positive everywhere"}},
       [](const std::vector<ModelRange>& r) { return r[0].max; },
       [](const std::vector<ModelRange>&, std::vector<std::string>&) {}});
  return described;
}

}  // namespace seis::test
