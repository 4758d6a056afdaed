// The GPU staging plans (one thread's cells worked out once per tile) copy
// exactly the cells the portable team loops copy. Threads of a GPU team are
// emulated one after another on the host.
#include "catch_compat.hpp"
#include "emulated_gpu.hpp"
#include "test_support.hpp"

#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"
#include "seis/policies/tile_staging.hpp"

#include <vector>

using namespace seis;
using test::EmulatedThread;

namespace {

template <class Physics>
void compare_plans(int nx, int ny, int dx, int dy, int threads, bool halo_only) {
  using Scalar = typename Physics::scalar_type;
  const Grid g(nx, ny, 6, 1, 1, 1, sizeof(Scalar));
  WaveState<Physics, Kokkos::HostSpace> s(g);  // the emulated threads run on the host
  for (int f = 0; f < Physics::num_fields; ++f) {
    Scalar* p = s.current(f).data();
    for (index_t i = 0; i < g.storage_size(); ++i) p[i] = Scalar(i % 9973) + Scalar(f) * 0.5f;
  }
  const auto d = s.step_data(Physics(g));
  const int H = max_plane_reach<Physics>();
  const PlaneLayout L(dx, dy, H, H, Physics::num_fields);
  const Box box{1, nx - 1, 2, ny, 0, 6};
  const TileGrid tiles(box, dx, dy, 6);
  for (int t = 0; t < tiles.league_size(); ++t) {
    const TileOrigin o = tiles.origin(t);
    const TileExtent ext(box, L, o);
    const Scalar poison = Scalar(-12345);
    std::vector<Scalar> by_loops(std::size_t(L.plane_stride), poison), by_plans(std::size_t(L.plane_stride), poison);
    const EmulatedThread one{0, 1};
    if (halo_only)
      stage_plane_halo(one, d, ext, L, o, 3, by_loops.data(), PlainCopy{});
    else
      stage_plane(one, d, ext, L, o, 3, by_loops.data(), PlainCopy{});
    for (int r = 0; r < threads; ++r) {
      const EmulatedThread me{r, threads};
      const PlaneStager<Physics, test::EmulatedGpu, 4> stager(me, d, ext, L, o, halo_only);
      REQUIRE(stager.count >= 0);  // the plan, not the fallback
      stager.stage(me, 3, by_plans.data(), PlainCopy{});
    }
    REQUIRE(by_plans == by_loops);
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
