#pragma once
// One point of the iso and TTI operators through the shared math, compiled
// without Kokkos (shared_math_without_kokkos.cpp).

namespace seis::test {

// A cube of (2R+1)^3 points around the updated one, x fastest.
struct Cube {
  static constexpr int side = 9;
  double h[3];
  static constexpr int row_stride() { return side; }
  static constexpr int plane_stride() { return side * side; }
  static constexpr int size() { return side * side * side; }
  static constexpr int centre() { return (side / 2) * (1 + side + side * side); }
};

// The new value(s) of the centre point, written over the previous one(s).
void iso_step_without_kokkos(const Cube& cube, const float* p, float* p_prev, const float* v2dt2);
void tti_step_without_kokkos(const Cube& cube, const float* const cur[2], float* const prev[2],
                             const float* const model[5]);

int strategy_rows_without_kokkos();

}  // namespace seis::test
