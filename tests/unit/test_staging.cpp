// The GPU staging plans (one thread's cells worked out once per tile) copy
// exactly the cells the portable team loops copy: with the threads of a GPU
// team emulated one after another on the host, and in a real team kernel on
// each execution space of exec_spaces.hpp.
#include "catch_compat.hpp"
#include "emulated_gpu.hpp"
#include "exec_spaces.hpp"
#include "test_support.hpp"

#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"
#include "seis/policies/tile_staging.hpp"

#include <vector>

using namespace seis;
using test::EmulatedThread;

namespace {

constexpr int staged_plane = 3;

// A tile's plane-z window as the portable team loops copy it, by one thread
// on the host, over a poisoned plane.
template <class Physics>
std::vector<typename Physics::scalar_type> staged_by_loops(const StepData<Physics>& d, const TileExtent& ext,
                                                           const PlaneLayout& L, TileOrigin o, bool halo_only) {
  using Scalar = typename Physics::scalar_type;
  std::vector<Scalar> out(std::size_t(L.plane_stride), Scalar(-12345));
  const EmulatedThread one{0, 1};
  if (halo_only)
    stage_plane_halo(one, d, ext, L, o, staged_plane, out.data(), PlainCopy{});
  else
    stage_plane(one, d, ext, L, o, staged_plane, out.data(), PlainCopy{});
  return out;
}

// Fields of distinct values per point and field, on the host.
template <class Physics>
void fill(WaveState<Physics, Kokkos::HostSpace>& s) {
  using Scalar = typename Physics::scalar_type;
  for (int f = 0; f < Physics::num_fields; ++f) {
    Scalar* p = s.current(f).data();
    for (index_t i = 0; i < s.grid().storage_size(); ++i) p[i] = Scalar(i % 9973) + Scalar(f) * 0.5f;
  }
}

template <class Physics, bool Packed = false>
void compare_plans(int nx, int ny, int dx, int dy, int threads, bool halo_only) {
  using Scalar = typename Physics::scalar_type;
  const Grid g(nx, ny, 6, 1, 1, 1, sizeof(Scalar));
  WaveState<Physics, Kokkos::HostSpace> s(g);  // the emulated threads run on the host
  fill(s);
  const auto d = s.step_data(Physics(g));
  const int H = max_plane_reach<Physics>();
  const PlaneLayout L(dx, dy, H, H, Physics::num_fields);
  const Box box{1, nx - 1, 2, ny, 0, 6};
  const TileGrid tiles(box, dx, dy, 6);
  for (int t = 0; t < tiles.league_size(); ++t) {
    const TileOrigin o = tiles.origin(t);
    const TileExtent ext(box, L, o);
    const std::vector<Scalar> by_loops = staged_by_loops(d, ext, L, o, halo_only);
    std::vector<Scalar> by_plans(std::size_t(L.plane_stride), Scalar(-12345));
    for (int r = 0; r < threads; ++r) {
      const EmulatedThread me{r, threads};
      const PlaneStager<Physics, test::EmulatedGpu, 4, Packed> stager(me, d, ext, L, o, halo_only);
      REQUIRE(stager.count >= 0);  // the plan, not the fallback
      stager.stage(me, staged_plane, by_plans.data(), PlainCopy{});
    }
    REQUIRE(by_plans == by_loops);
  }
}

// One team per tile stages plane `staged_plane` of its tile into its slot of
// `out` (global memory: the test reads every cell back) with PlaneStager, as
// the strategies do; `planless` counts GPU threads that fell back to the
// team loops.
template <class Physics, class Exec, bool Packed>
struct StageTiles {
  using scalar_type = typename Physics::scalar_type;
  StepData<Physics> data;
  TileGrid tiles;
  PlaneLayout layout;
  bool halo_only;
  Kokkos::View<scalar_type*, test::MemOf<Exec>> out;
  Kokkos::View<int, test::MemOf<Exec>> planless;

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const int t = team.league_rank();
    const TileOrigin o = tiles.origin(t);
    const TileExtent ext(tiles.box, layout, o);
    const PlaneStager<Physics, Exec, 4, Packed> stager(team, data, ext, layout, o, halo_only);
    if (ExecTraits<Exec>::is_gpu && stager.count < 0) Kokkos::atomic_add(&planless(), 1);
    stager.stage(team, staged_plane, out.data() + std::size_t(t) * std::size_t(layout.plane_stride), PlainCopy{});
  }
};

template <class Physics, class Exec, bool Packed = false>
void compare_on_space(int nx, int ny, int dx, int dy, int threads, bool halo_only) {
  using Scalar = typename Physics::scalar_type;
  using Mem = test::MemOf<Exec>;
  const Grid g(nx, ny, 6, 1, 1, 1, sizeof(Scalar));
  WaveState<Physics, Kokkos::HostSpace> host(g);
  fill(host);
  WaveState<Physics, Mem> s(g);
  for (int f = 0; f < Physics::num_fields; ++f) Kokkos::deep_copy(s.current(f).flat(), host.current(f).flat());
  const int H = max_plane_reach<Physics>();
  const PlaneLayout L(dx, dy, H, H, Physics::num_fields);
  const Box box{1, nx - 1, 2, ny, 0, 6};
  const TileGrid tiles(box, dx, dy, 6);
  const int n = tiles.league_size();
  StageTiles<Physics, Exec, Packed> stage{s.step_data(Physics(g)), tiles, L, halo_only,
                                  Kokkos::View<Scalar*, Mem>("staged", std::size_t(n) * std::size_t(L.plane_stride)),
                                  Kokkos::View<int, Mem>("planless")};
  Kokkos::deep_copy(stage.out, Scalar(-12345));
  Kokkos::parallel_for("seis::test_stage_tiles", Kokkos::TeamPolicy<Exec>(n, ExecTraits<Exec>::team_size(threads)),
                       stage);
  const auto staged = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), stage.out);
  int planless = 0;
  Kokkos::deep_copy(planless, stage.planless);
  INFO(Physics::name() << " on " << Exec::name() << ", tile " << dx << "x" << dy << ", " << threads
                       << " threads, halo only " << halo_only << ", packed plan " << Packed);
  REQUIRE(planless == 0);  // on GPUs the plans, not the fallback
  const auto hd = host.step_data(Physics(g));
  for (int t = 0; t < n; ++t) {
    const TileOrigin o = tiles.origin(t);
    const std::vector<Scalar> want = staged_by_loops(hd, TileExtent(box, L, o), L, o, halo_only);
    const std::vector<Scalar> have(staged.data() + std::size_t(t) * std::size_t(L.plane_stride),
                                   staged.data() + std::size_t(t + 1) * std::size_t(L.plane_stride));
    INFO("tile " << t);
    REQUIRE(have == want);
  }
}
}  // namespace

TEST_CASE("GPU staging plans copy exactly the cells of the team loops", "[staging]") {
  for (bool halo : {false, true}) {
    compare_plans<IsoPhysics<float>>(37, 29, 32, 16, 512, halo);
    compare_plans<IsoPhysics<float>>(37, 29, 16, 16, 256, halo);
    compare_plans<IsoPhysics<float>>(67, 41, 16, 8, 128, halo);
    compare_plans<TtiPhysics<float>>(37, 29, 32, 8, 256, halo);
    compare_plans<TtiPhysics<float>>(21, 19, 16, 16, 256, halo);
  }
}

// The packed plan (sliding_window's: a cell as row << 16 | column, decoded
// every plane) copies the same cells as the plain one.
TEST_CASE("packed GPU staging plans copy exactly the cells of the team loops", "[staging]") {
  for (bool halo : {false, true}) {
    compare_plans<IsoPhysics<float>, true>(37, 29, 32, 16, 512, halo);
    compare_plans<IsoPhysics<float>, true>(67, 41, 16, 8, 128, halo);
    compare_plans<TtiPhysics<float>, true>(37, 29, 32, 8, 256, halo);
  }
}

TEST_CASE("a packed staged cell unpacks to its row and column up to the 16-bit limits", "[staging]") {
  for (const StagedCell cell : {StagedCell{0, 0}, StagedCell{3, 70}, StagedCell{PackedCell::max_row, 0},
                                StagedCell{0, PackedCell::max_column},
                                StagedCell{PackedCell::max_row, PackedCell::max_column}}) {
    const StagedCell back = PackedCell::unpack(PackedCell::pack(cell));
    CHECK(back.r == cell.r);
    CHECK(back.c == cell.c);
  }
  // A window one column or row wider than the packing holds takes the team loops.
  CHECK(PackedCell::fits(PlaneLayout(PackedCell::max_column + 1 - 8, 8, 4, 4, 1)));
  CHECK_FALSE(PackedCell::fits(PlaneLayout(PackedCell::max_column + 2 - 8, 8, 4, 4, 1)));
  CHECK(PackedCell::fits(PlaneLayout(32, PackedCell::max_row + 1 - 8, 4, 4, 1)));
  CHECK_FALSE(PackedCell::fits(PlaneLayout(32, PackedCell::max_row + 2 - 8, 4, 4, 1)));
}

TEMPLATE_PRODUCT_TEST_CASE("a team kernel stages exactly the cells of the one-thread team loops", "[staging]",
                           (SEIS_TEST_SPACES), (IsoPhysics<float>, TtiPhysics<float>)) {
  using P = typename TestType::type;
  using Exec = typename TestType::exec;
  for (bool halo : {false, true}) {
    compare_on_space<P, Exec>(37, 29, 32, 16, 512, halo);
    compare_on_space<P, Exec>(67, 41, 16, 8, 128, halo);
    compare_on_space<P, Exec>(21, 19, 16, 16, 256, halo);
    compare_on_space<P, Exec, true>(67, 41, 16, 8, 128, halo);
  }
}
