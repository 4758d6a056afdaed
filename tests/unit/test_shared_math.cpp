// The math and the strategy table that the Kokkos strategies share with the
// native twins: the same bits on both sides, and one table for every reader.
#include "catch_compat.hpp"
#include "shared_math_without_kokkos.hpp"

#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"
#include "seis/policies/point_memory.hpp"
#include "seis/policies/registry.hpp"
#include "seis/policies/semi_25d.hpp"
#include "seis/policies/semi_2z.hpp"
#include "seis/policies/semi_b.hpp"
#include "seis/policies/semi_b_a.hpp"
#include "seis/policies/sliding_window.hpp"
#include "seis/policies/st_reg_feat.hpp"
#include "seis/policies/st_reg_fixed.hpp"
#include "seis/policies/st_reg_shift.hpp"
#include "seis/policies/st_reg_vec.hpp"
#include "seis/policies/strategy_table.hpp"
#include "seis/policies/swic.hpp"

#include <cstring>
#include <random>
#include <vector>

using namespace seis;
using test::Cube;

namespace {

std::vector<float> random_cube(std::mt19937& rng, float lo, float hi) {
  std::uniform_real_distribution<float> u(lo, hi);
  std::vector<float> v(Cube::size());
  for (auto& x : v) x = u(rng);
  return v;
}

struct HostStep {
  float* next[2];
  const float* model[5];
};

// One point of Physics as a Kokkos strategy sums it: every plane term, then the update.
template <class Physics>
void kokkos_side_step(const Physics& physics, const float* const* cur, HostStep& step) {
  const int c = Cube::centre();
  const PointMemoryOf<Physics, HostStep, int, void, false> mem{step, c};
  const auto coeffs = physics.coeffs(mem);
  typename Physics::accum_type acc{};
  static_for<-Physics::radius, Physics::radius + 1>([&](auto dz) {
    PlaneWindow<float, Physics::num_fields> plane{};
    for (int f = 0; f < Physics::num_fields; ++f) plane.base[f] = cur[f] + c + dz * Cube::plane_stride();
    plane.row_stride = Cube::row_stride();
    acc += physics.plane_term(dz, plane, coeffs);
  });
  FieldValues<float, Physics::num_fields> centre{};
  for (int f = 0; f < Physics::num_fields; ++f) centre[f] = cur[f][c];
  physics.update(acc, centre, mem);
}

bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

TEST_CASE("the Kokkos iso physics and the Kokkos-free shared stencil give the same bits", "[unit][math]") {
  std::mt19937 rng(7);
  const Cube cube{{10.0, 12.5, 8.0}};
  const Grid grid(16, 16, 16, cube.h[0], cube.h[1], cube.h[2], 4);
  for (int trial = 0; trial < 20; ++trial) {
    const auto p = random_cube(rng, -1, 1);
    const auto v2dt2 = random_cube(rng, 0.01f, 0.2f);
    auto prev_native = random_cube(rng, -1, 1);
    auto prev_kokkos = prev_native;
    test::iso_step_without_kokkos(cube, p.data(), prev_native.data(), v2dt2.data());
    const float* cur[1] = {p.data()};
    HostStep step{{prev_kokkos.data(), nullptr}, {v2dt2.data(), nullptr, nullptr, nullptr, nullptr}};
    kokkos_side_step(IsoPhysics<float>(grid), cur, step);
    CHECK(same_bits(prev_native[Cube::centre()], prev_kokkos[Cube::centre()]));
  }
}

TEST_CASE("the Kokkos TTI physics and the Kokkos-free shared stencil give the same bits", "[unit][math]") {
  std::mt19937 rng(11);
  const Cube cube{{10.0, 12.5, 8.0}};
  const Grid grid(16, 16, 16, cube.h[0], cube.h[1], cube.h[2], 4);
  for (int trial = 0; trial < 20; ++trial) {
    const auto p = random_cube(rng, -1, 1), q = random_cube(rng, -1, 1);
    const auto V = random_cube(rng, 0.01f, 0.2f), A = random_cube(rng, 0.01f, 0.2f);
    const auto B = random_cube(rng, 0.0f, 0.1f), nx = random_cube(rng, -0.6f, 0.6f), ny = random_cube(rng, -0.6f, 0.6f);
    auto p_native = random_cube(rng, -1, 1), q_native = random_cube(rng, -1, 1);
    auto p_kokkos = p_native, q_kokkos = q_native;
    const float* cur[2] = {p.data(), q.data()};
    const float* model[5] = {V.data(), A.data(), B.data(), nx.data(), ny.data()};
    float* prev_native[2] = {p_native.data(), q_native.data()};
    test::tti_step_without_kokkos(cube, cur, prev_native, model);
    HostStep step{{p_kokkos.data(), q_kokkos.data()}, {V.data(), A.data(), B.data(), nx.data(), ny.data()}};
    kokkos_side_step(TtiPhysics<float>(grid), cur, step);
    CHECK(same_bits(p_native[Cube::centre()], p_kokkos[Cube::centre()]));
    CHECK(same_bits(q_native[Cube::centre()], q_kokkos[Cube::centre()]));
  }
}

TEST_CASE("the strategy catalogue is the strategy table, row by row", "[unit][registry]") {
  const auto& catalogue = strategy_catalogue();
  REQUIRE(int(catalogue.size()) == strategy_count);
  REQUIRE(test::strategy_rows_without_kokkos() == strategy_count);
  for (int i = 0; i < strategy_count; ++i) {
    const StrategyRow& row = strategy_table[i];
    const StrategyInfo& info = catalogue[i];
    CHECK(info.name == row.name);
    CHECK(info.description == row.description);
    CHECK(info.three_d == row.three_d);
    CHECK(info.cluster == row.cluster);
    CHECK(info.default_shape == row.default_shape);
    std::vector<std::string> shapes;
    for (const char* s : row.shapes)
      if (s) shapes.emplace_back(s);
    CHECK(info.shapes == shapes);
    CHECK(find_strategy_row(row.name) == &row);
  }
  CHECK(find_strategy_row("no_such_strategy") == nullptr);
}

namespace {

// The launch bounds Strategy's kernel is compiled with, for a physics of
// num_fields fields, against its table row's budget.
template <class Strategy, int NumFields>
void check_budget(const char* name) {
  const StrategyRow* row = find_strategy_row(name);
  REQUIRE(row != nullptr);
  using bounds = typename Strategy::body_type::launch_bounds;
  INFO(name << " with " << NumFields << " field(s)");
  CHECK(int(bounds::maxTperB) == thread_budget(row->budget, NumFields).max_threads);
  CHECK(int(bounds::minBperSM) == thread_budget(row->budget, NumFields).min_teams);
}

template <template <class, class> class Strategy>
void check_budget_of_both_physics(const char* name) {
  check_budget<Strategy<IsoPhysics<float>, DefaultExec>, 1>(name);
  check_budget<Strategy<TtiPhysics<float>, DefaultExec>, 2>(name);
}

}  // namespace

TEST_CASE("each streaming strategy is compiled with its table row's launch budget", "[unit][registry]") {
  check_budget_of_both_physics<StRegShift>("st_reg_shift");
  check_budget_of_both_physics<StRegFixed>("st_reg_fixed");
  check_budget_of_both_physics<StRegVec>("st_reg_vec");
  check_budget_of_both_physics<StRegFeat>("st_reg_feat");
  check_budget_of_both_physics<SemiStencil25d>("semi_25d");
  check_budget_of_both_physics<SemiB>("semi_b");
  check_budget_of_both_physics<SemiBA>("semi_b_a");
  check_budget_of_both_physics<Semi2z>("semi_2z");
  check_budget_of_both_physics<Swic>("swic");
  check_budget_of_both_physics<SlidingWindow>("sliding_window");
}

// st_reg_feat and its native twin take their staged planes from
// InterleavedStaging: the copies place cell (f, di, dj) of a point by the
// PlaneLayout, the physics reads it through InterleavedPlane; both must name
// the same cell, inside the plane, for every point of every tile shape.
TEST_CASE("st_reg_feat's staged layout puts every neighbour where InterleavedPlane reads it", "[unit][math]") {
  using Body = FeatureStreamingBody<TtiPhysics<float>, Kokkos::DefaultHostExecutionSpace>;
  constexpr int F = Body::F, H = Body::H;
  for (const auto& shape : {BlockShape{32, 8, 1}, BlockShape{32, 4, 1}, BlockShape{16, 16, 1}, BlockShape{8, 2, 1}}) {
    const PlaneLayout L = Body::layout_for(shape);
    CAPTURE(shape.dx, shape.dy);
    int mismatches = 0, outside = 0;
    std::vector<int> owner(std::size_t(L.plane_stride), -1);
    for (int cy = 0; cy < shape.dy; ++cy)
      for (int cx = 0; cx < shape.dx; ++cx)
        for (int f = 0; f < F; ++f)
          for (int dj = -H; dj <= H; ++dj)
            for (int di = -H; di <= H; ++di) {
              const int by_layout = L.centre(cx, cy) + f * L.field_stride + di + dj * L.w;
              const int by_reader = L.centre(cx, cy) + dj * (F * Body::Pitch) + f * Body::Pitch + di;
              mismatches += by_layout != by_reader;
              if (by_layout < 0 || by_layout >= L.plane_stride) {
                ++outside;
                continue;
              }
              // A cell belongs to one field and one window position.
              const int cell = (f * (shape.dy + 2 * H) + cy + H + dj) * (shape.dx + 2 * H) + cx + H + di;
              int& o = owner[std::size_t(by_layout)];
              mismatches += o >= 0 && o != cell;
              o = cell;
            }
    REQUIRE(mismatches == 0);
    REQUIRE(outside == 0);
  }
}

// The staged features outside a tile (TTI: D1x p, D1x q in the 2 rows above
// and below, for the centre's mixed term) come from the threads of its first
// 2 * reach rows: each cell of those rows once, for whole and edge tiles.
TEST_CASE("st_reg_feat stages the features of every row beyond the tile once", "[unit][math]") {
  using Body = FeatureStreamingBody<TtiPhysics<float>, Kokkos::DefaultHostExecutionSpace>;
  constexpr int reach = Body::staged_reach;
  static_assert(Body::S == 2 && reach == 2, "TTI stages D1x p, D1x q two rows beyond the tile");
  struct Edge {
    int x1, y1;
  };
  for (const auto& shape : {BlockShape{32, 8, 1}, BlockShape{32, 4, 1}, BlockShape{16, 16, 1}}) {
    const PlaneLayout L = Body::layout_for(shape);
    for (const int nxv : {shape.dx, 5})
      for (const int nyv : {shape.dy, 3, 1}) {
        CAPTURE(shape.dx, shape.dy, nxv, nyv);
        const TileExtent ext(Edge{nxv, nyv}, L, TileOrigin{});
        std::vector<int> times(std::size_t(L.plane_stride), 0);
        for (int cy = 0; cy < shape.dy; ++cy)
          for (int cx = 0; cx < shape.dx; ++cx) {
            int row = 0;
            if (Body::Staging::staged_row(ext, reach, cx, cy, row)) ++times[std::size_t(L.centre(cx, row))];
          }
        int wrong = 0;
        for (int row = -L.hy; row < nyv + L.hy; ++row)
          for (int x = -L.hx; x < shape.dx + L.hx; ++x) {
            const bool beyond = x >= 0 && x < nxv && ((row >= -reach && row < 0) || (row >= nyv && row < nyv + reach));
            wrong += times[std::size_t(L.centre(x, row))] != (beyond ? 1 : 0);
          }
        REQUIRE(wrong == 0);
      }
  }
  REQUIRE_THROWS_AS(make_strategy<TtiPhysics<float>>("st_reg_feat:32x2"), ConfigError);
}

// Kokkos 4.6 gives a CUDA team of 256 threads 40936 B of level-0 scratch: a
// ring of value planes plus staged-feature planes of the value planes' size
// (9862742) needed 40960 B at 32x8 and the H100 refused st_reg_feat's best
// shape. The staged ring holds 2 planes of the tile's rows and 2 beyond; the
// value ring 5 planes (planes z .. z+2, a spare and one more, so that its
// slots are compile-time in the z loop unrolled by 10); then each column's
// coefficient inputs (n_x, n_y) of two planes, 5 floats (session 12).
TEST_CASE("st_reg_feat's TTI scratch at 32x8 fits a 256-thread CUDA team", "[unit][math]") {
  using Body = FeatureStreamingBody<TtiPhysics<float>, Kokkos::DefaultHostExecutionSpace>;
  const BlockShape shape{32, 8, 1, 128};
  const PlaneLayout L = Body::layout_for(shape);
  // 5 value planes of 16 rows x 80 floats, 2 staged planes of 12 rows x 80,
  // 256 columns x 5 floats of inputs.
  REQUIRE(Body::P == 5);
  REQUIRE(Body::scratch_bytes(shape) == (5 * 16 * 80 + 2 * 12 * 80 + 256 * 5) * sizeof(float));
  REQUIRE(Body::scratch_bytes(shape) <= 40936u);
  REQUIRE(L.w == 80);
}

// The form for tiles of a compile-time height (the factory's for 8-row blocks) takes
// its planes' sizes and cell offsets from constants: they must be the ones
// the run-time layout gives, so that the two forms (and the twin) address
// the same scratch, and it refuses other heights.
TEST_CASE("st_reg_feat's fixed-rows form lays out its scratch as the run-time form", "[unit][math]") {
  using Body = FeatureStreamingBody<TtiPhysics<float>, Kokkos::DefaultHostExecutionSpace>;
  using Fixed = FeatureStreamingBody<TtiPhysics<float>, Kokkos::DefaultHostExecutionSpace, 32, 8>;
  for (const auto& shape : {BlockShape{32, 8, 1, 128}, BlockShape{16, 8, 1, 128}}) {
    CAPTURE(shape.dx, shape.dy);
    const PlaneLayout L = Body::layout_for(shape);
    REQUIRE(Fixed::Staging::plane_stride(L) == L.plane_stride);
    REQUIRE(Fixed::Staging::staged_stride(L, 2) == Body::Staging::staged_stride(L, 2));
    REQUIRE(Fixed::Staging::point_floats_at(L, Fixed::P, Fixed::S, 2) ==
            Body::Staging::point_floats_at(L, Body::P, Body::S, 2));
    REQUIRE(Fixed::scratch_bytes(shape) == Body::scratch_bytes(shape));
    int moved = 0;
    for (int cy = -4; cy < shape.dy + 4; ++cy)
      for (int cx = -4; cx < shape.dx + 4; ++cx) moved += Fixed::Staging::centre(cx, cy) != L.centre(cx, cy);
    REQUIRE(moved == 0);
    REQUIRE(Fixed::Staging::staged_origin(2) == -L.centre(0, -2));
    REQUIRE_NOTHROW(Fixed::check_shape(shape, "fixed"));
  }
  REQUIRE_THROWS_AS(Fixed::check_shape(BlockShape{32, 4, 1, 128}, "fixed"), ConfigError);
}

// st_reg_feat (and its twin) copy a tile's halo ring in 16-byte vectors
// where the ring tiles into aligned ones: the vector copies must land on the
// cells the scalar copies land on, each once, with the source offset of the
// same grid cell, for whole tiles and edge tiles; a tile the vectors cannot
// tile (width, alignment) keeps scalar copies.
TEST_CASE("st_reg_feat's vector halo copies cover the scalar ring's cells once", "[unit][math]") {
  using Body = FeatureStreamingBody<TtiPhysics<float>, Kokkos::DefaultHostExecutionSpace>;
  using Staging = Body::Staging;
  static_assert(Staging::halo_vec == 4, "TTI's halo of 4 and pitch of 40 take 16-byte copies");
  struct Edge {
    int x1, y1;
  };
  constexpr int grid_row = 1056;  // a whole number of vectors, as Grid's 128-byte row pitch
  for (const auto& shape : {BlockShape{32, 8, 1}, BlockShape{32, 4, 1}, BlockShape{16, 16, 1}})
    for (const int nxv : {shape.dx, 28, 4})
      for (const int nyv : {shape.dy, 3}) {
        CAPTURE(shape.dx, shape.dy, nxv, nyv);
        const PlaneLayout L = Body::layout_for(shape);
        const TileExtent ext(Edge{nxv, nyv}, L, TileOrigin{});
        // cells[staged offset] = grid offset + 1 of the cell copied there, or 0
        auto cells = [&](int vec) {
          const HaloPlacement ring = Staging::halo_ring(ext, L, grid_row, vec);
          REQUIRE(ring.vec == vec);
          std::vector<int> at(std::size_t(L.plane_stride), 0);
          int twice = 0;
          for (int e = 0; e < ring.count(); ++e) {
            int s = 0, d = 0;
            ring.place(e, s, d);
            for (int i = 0; i < vec; ++i) {
              twice += at[std::size_t(d + i)] != 0;
              at[std::size_t(d + i)] = s + i + 1;
            }
          }
          REQUIRE(twice == 0);
          return at;
        };
        REQUIRE(cells(Staging::halo_vec) == cells(1));
      }
  // The width a tile gets: vectors only where its width, strides and
  // addresses all allow them.
  alignas(16) static float grid[64], staged[64];
  const PlaneLayout L = Body::layout_for(BlockShape{32, 8, 1});
  const float* aligned[2] = {grid + 4, grid + 8};
  const float* off_by_one[2] = {grid + 4, grid + 9};
  REQUIRE(Staging::halo_width(TileExtent(Edge{32, 8}, L, TileOrigin{}), grid_row, 16 * grid_row, aligned, staged) == 4);
  REQUIRE(Staging::halo_width(TileExtent(Edge{30, 8}, L, TileOrigin{}), grid_row, 16 * grid_row, aligned, staged) == 1);
  REQUIRE(Staging::halo_width(TileExtent(Edge{32, 8}, L, TileOrigin{}), grid_row + 2, 16, aligned, staged) == 1);
  REQUIRE(Staging::halo_width(TileExtent(Edge{32, 8}, L, TileOrigin{}), grid_row, 16 * grid_row, off_by_one, staged) ==
          1);
  REQUIRE(Staging::halo_width(TileExtent(Edge{32, 8}, L, TileOrigin{}), grid_row, 16 * grid_row, aligned, staged + 2) ==
          1);
}

// st_reg_feat's ring of staged planes has as many planes as divide the
// queue length, so that a plane's slot is a compile-time (u + D) mod P in the
// z loop unrolled by Q: the same slots as an index advanced once per plane.
TEST_CASE("A ring whose size divides the unrolled loop has the slots of an advancing index", "[unit][math]") {
  static_assert(ring_planes_dividing(2, 10) == 2);
  static_assert(ring_planes_dividing(4, 10) == 5);
  static_assert(ring_planes_dividing(4, 4) == 4);
  static_assert(ring_planes_dividing(3, 8) == 4);
  constexpr int P = 5, Q = 10;
  RingIndex<P> ring(0);
  int wrong = 0;
  for (int k = 0; k < 3 * Q; ++k) {
    static_for<0, Q>([&](auto u) {
      if (decltype(u)::value != k % Q) return;
      wrong += rotating_ring_slot<P, decltype(u)::value, 0>() != ring.slot(int_c<0>{});
      wrong += rotating_ring_slot<P, decltype(u)::value, 1>() != ring.slot(int_c<1>{});
      wrong += rotating_ring_slot<P, decltype(u)::value, 2>() != ring.slot(int_c<2>{});
      wrong += rotating_ring_slot<P, decltype(u)::value, 3>() != ring.slot(int_c<3>{});
    });
    ring.advance();
  }
  REQUIRE(wrong == 0);
}

// st_reg_feat deals its halo copies by team rank: every rank's list and the
// copies beyond the lists cover each cell of the ring once, for vector and
// scalar rings, large and small teams.
TEST_CASE("st_reg_feat's halo copies dealt by team rank cover the ring once", "[unit][math]") {
  using Body = FeatureStreamingBody<TtiPhysics<float>, Kokkos::DefaultHostExecutionSpace>;
  using Staging = Body::Staging;
  struct Edge {
    int x1, y1;
  };
  const PlaneLayout L = Body::layout_for(BlockShape{32, 8, 1});
  const TileExtent ext(Edge{32, 8}, L, TileOrigin{});
  for (const int vec : {Staging::halo_vec, 1})
    for (const int size : {256, 64, 1}) {
      CAPTURE(vec, size);
      const HaloPlacement ring = Staging::halo_ring(ext, L, 1056, vec);
      std::vector<int> times(std::size_t(L.plane_stride), 0);
      for (int rank = 0; rank < size; ++rank) {
        const HaloCopyPlan<Body::listed_halo_copies> plan(ring, rank, size);
        plan.for_each_placed([&] { return ring; }, rank, size, [&](int, int d) {
          for (int i = 0; i < vec; ++i) ++times[std::size_t(d + i)];
        });
      }
      int cells = 0, wrong = 0;
      for (const int t : times) {
        cells += t;
        wrong += t > 1;
      }
      REQUIRE(wrong == 0);
      REQUIRE(cells == ring.count() * vec);
      REQUIRE(cells == 2 * 4 * (32 + 8) + 8 * 2 * 4);  // bands above and below, sides: one field's ring
    }
}
