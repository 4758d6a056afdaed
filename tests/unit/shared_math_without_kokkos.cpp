// The shared math (core/include/seis/math/) and the strategy table, built
// the way the native twins build them: without Kokkos on the include path
// (tests/CMakeLists.txt). A header that pulled Kokkos in would fail here.
// What this file computes, test_shared_math.cpp compares with the Kokkos
// physics.

#include "shared_math_without_kokkos.hpp"

#include "seis/math/fast_divisor.hpp"
#include "seis/math/interleaved_layout.hpp"
#include "seis/math/iso_stencil.hpp"
#include "seis/math/point_memory.hpp"
#include "seis/math/register_queue.hpp"
#include "seis/math/tile_geometry.hpp"
#include "seis/math/tile_order.hpp"
#include "seis/math/tti_stencil.hpp"
#include "seis/policies/gmem_3d_order.hpp"
#include "seis/policies/strategy_table.hpp"

#ifdef KOKKOS_VERSION
#error "the shared math or the strategy table includes Kokkos"
#endif

namespace seis::test {
namespace {

// The point's memory: its previous value and model, and where the update goes.
struct Step {
  float* next[2];
  const float* model[5];
};

template <class Stencil>
void apply(const Stencil& stencil, const float* const* cur, const Cube& cube, Step& step) {
  const int c = cube.centre();
  const PointMemoryOf<Stencil, Step, int, void, false> mem{step, c};
  const auto coeffs = stencil.coeffs(mem);
  typename Stencil::accum_type acc{};
  static_for<-Stencil::radius, Stencil::radius + 1>([&](auto dz) {
    PlaneWindow<float, Stencil::num_fields> plane{};
    for (int f = 0; f < Stencil::num_fields; ++f) plane.base[f] = cur[f] + c + dz * cube.plane_stride();
    plane.row_stride = cube.row_stride();
    acc += stencil.plane_term(dz, plane, coeffs);
  });
  FieldValues<float, Stencil::num_fields> centre{};
  for (int f = 0; f < Stencil::num_fields; ++f) centre[f] = cur[f][c];
  stencil.update(acc, centre, mem);
}

}  // namespace

void iso_step_without_kokkos(const Cube& cube, const float* p, float* p_prev, const float* v2dt2) {
  const IsoStencil<float> stencil(cube.h[0], cube.h[1], cube.h[2]);
  const float* cur[1] = {p};
  Step step{{p_prev, nullptr}, {v2dt2, nullptr, nullptr, nullptr, nullptr}};
  apply(stencil, cur, cube, step);
}

void tti_step_without_kokkos(const Cube& cube, const float* const cur[2], float* const prev[2],
                             const float* const model[5]) {
  const TtiStencil<float> stencil(cube.h[0], cube.h[1], cube.h[2]);
  Step step{{prev[0], prev[1]}, {model[0], model[1], model[2], model[3], model[4]}};
  apply(stencil, cur, cube, step);
}

int strategy_rows_without_kokkos() { return strategy_count; }

}  // namespace seis::test
