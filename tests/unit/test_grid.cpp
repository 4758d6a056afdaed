#include "catch_compat.hpp"
#include "test_support.hpp"

#include "seis/field.hpp"
#include "seis/grid.hpp"
#include "seis/pml.hpp"
#include "seis/regions.hpp"

#include <cstdint>
#include <set>
#include <stdexcept>

using namespace seis;

TEST_CASE("first interior point of every row is 128-byte aligned", "[grid]") {
  for (int nx : {1, 7, 37, 64, 129}) {
    const Grid g(nx, 5, 3, 1, 1, 1, 4);
    const Field<float> f("f", g);
    for (int z = -Grid::radius; z < g.nz() + Grid::radius; ++z)
      for (int y = -Grid::radius; y < g.ny() + Grid::radius; ++y) {
        const auto address = reinterpret_cast<std::uintptr_t>(f.data() + g.index(0, y, z));
        REQUIRE(address % 128 == 0);
      }
  }
  const Grid gd(11, 3, 2, 1, 1, 1, 8);
  const Field<double> fd("fd", gd);
  REQUIRE(reinterpret_cast<std::uintptr_t>(fd.data() + gd.index(0, 2, 1)) % 128 == 0);
}

TEST_CASE("grid index math covers halo and interior without overlap", "[grid]") {
  const Grid g(9, 6, 5, 1, 1, 1, 4);
  const int R = Grid::radius;
  std::set<index_t> seen;
  for (int z = -R; z < g.nz() + R; ++z)
    for (int y = -R; y < g.ny() + R; ++y)
      for (int x = -R; x < g.nx() + R; ++x) {
        const index_t i = g.index(x, y, z);
        REQUIRE(i >= 0);
        REQUIRE(i < g.storage_size());
        REQUIRE(seen.insert(i).second);
      }
  REQUIRE(g.index(1, 0, 0) - g.index(0, 0, 0) == 1);
  REQUIRE(g.index(0, 1, 0) - g.index(0, 0, 0) == g.stride_y());
  REQUIRE(g.index(0, 0, 1) - g.index(0, 0, 0) == g.stride_z());
}

TEST_CASE("a grid whose padded plane needs more than a 32-bit stride is refused", "[grid]") {
  // Kernels keep a plane offset in an int (Grid stores stride_z as one); no storage is
  // allocated here, only the geometry is built.
  REQUIRE_THROWS_AS(Grid(46000, 46700, 1, 1, 1, 1, 4), ConfigError);  // 46048 x 46708 > 2^31 - 1
  const Grid fits(46000, 46600, 1, 1, 1, 1, 4);  // 46048 x 46608 < 2^31 - 1
  REQUIRE(fits.stride_z() == index_t(fits.pitch_x()) * fits.pitch_y());
  REQUIRE(fits.index(0, 0, 2) - fits.index(0, 0, 0) == 2 * fits.stride_z());
}

TEST_CASE("fields start zeroed, halo included", "[grid]") {
  const Grid g(13, 4, 3, 1, 1, 1, 4);
  const Field<float> f("f", g);
  for (float v : test::to_host(f)) REQUIRE(v == 0.0f);
}

TEST_CASE("seven regions telescope to the whole grid without overlap", "[regions]") {
  const Grid g(23, 19, 17, 1, 1, 1, 4);
  for (int L : {0, 1, 4, 8}) {
    const Regions r = seven_regions(g, L);
    index_t total = r.inner.volume();
    for (const Box& b : r.slabs) total += b.volume();
    REQUIRE(total == g.interior_points());
    std::vector<int> owner(std::size_t(g.interior_points()), 0);
    auto mark = [&](const Box& b) {
      for (int z = b.z0; z < b.z1; ++z)
        for (int y = b.y0; y < b.y1; ++y)
          for (int x = b.x0; x < b.x1; ++x) ++owner[std::size_t(x + g.nx() * (y + g.ny() * z))];
    };
    mark(r.inner);
    for (const Box& b : r.slabs) mark(b);
    for (int o : owner) REQUIRE(o == 1);
    if (L > 0) REQUIRE(r.inner.x0 == L);
  }
}

TEST_CASE("CPML memory variables exist only over each axis' slabs", "[pml]") {
  const Grid g(30, 20, 10, 1, 1, 1, 4);
  const int L = 3;
  const int n[3] = {30, 20, 10};
  const CpmlAuxLayout lay(Subdomain::whole(30, 20, 10), L);
  static_for<0, 3>([&](auto axis_c) {
    constexpr int Axis = decltype(axis_c)::value;
    const index_t across = index_t(n[0]) * n[1] * n[2] / n[Axis];
    REQUIRE(lay.size(Axis) == 2 * (L + 4) * across);
    std::set<index_t> seen;
    for (int z = 0; z < n[2]; ++z)
      for (int y = 0; y < n[1]; ++y)
        for (int x = 0; x < n[0]; ++x) {
          const int c[3] = {x, y, z};
          if (!lay.damped<Axis>(c[Axis])) continue;
          const index_t i = lay.index<Axis>(x, y, z);
          REQUIRE(i >= 0);
          REQUIRE(i < lay.size(Axis));
          REQUIRE(seen.insert(i).second);
          // two ghost layers on both sides stay addressable
          REQUIRE(i - 2 * lay.stride<Axis>() >= 0);
          REQUIRE(i + 2 * lay.stride<Axis>() < lay.size(Axis));
          // neighbours along the axis are one stride apart
          if (c[Axis] + 1 < n[Axis] && lay.damped<Axis>(c[Axis] + 1)) {
            const int up[3] = {x + (Axis == 0), y + (Axis == 1), z + (Axis == 2)};
            REQUIRE(lay.index<Axis>(up[0], up[1], up[2]) == i + lay.stride<Axis>());
          }
        }
    REQUIRE(seen.size() == std::size_t(2 * L * across));
  });
  REQUIRE(cpml_bytes(g, 0, 4, 2) == 0);
}
