// Sub-domains of distributed runs: how the grid is cut, who neighbours whom,
// and how the global regions map into a sub-domain.
#include "catch_compat.hpp"

#include "seis/distributed/subdomain.hpp"
#include "seis/regions.hpp"

using namespace seis;

TEST_CASE("split_extent covers every point once, parts differing by at most one", "[distributed]") {
  for (int n : {4, 17, 40, 1024})
    for (int p = 1; p <= 8 && p <= n; ++p) {
      int next = 0;
      for (int c = 0; c < p; ++c) {
        const auto r = split_extent(n, p, c);
        REQUIRE(r[0] == next);
        const int len = r[1] - r[0];
        REQUIRE((len == n / p || len == n / p + 1));
        next = r[1];
      }
      REQUIRE(next == n);
    }
}

TEST_CASE("the chosen decomposition has the smallest halo and cuts z first on ties", "[distributed]") {
  REQUIRE(choose_decomposition(1, {40, 36, 32}) == std::array<int, 3>{1, 1, 1});
  REQUIRE(choose_decomposition(2, {1024, 1024, 1024}) == std::array<int, 3>{1, 1, 2});
  REQUIRE(choose_decomposition(2, {1024, 1024, 2048}) == std::array<int, 3>{1, 1, 2});
  REQUIRE(choose_decomposition(2, {2048, 1024, 1024}) == std::array<int, 3>{2, 1, 1});
  REQUIRE(choose_decomposition(8, {512, 512, 512}) == std::array<int, 3>{2, 2, 2});
  REQUIRE(choose_decomposition(4, {1000, 1000, 100}) == std::array<int, 3>{2, 2, 1});
}

TEST_CASE("sub-domains tile the grid and name each other as neighbours", "[distributed]") {
  const std::array<int, 3> n{40, 36, 32}, dims{2, 3, 2};
  const int ranks = 12;
  index_t points = 0;
  for (int r = 0; r < ranks; ++r) {
    const Subdomain s = Subdomain::of_rank(n, dims, r);
    points += s.box.volume();
    for (int a = 0; a < 3; ++a)
      for (int side = 0; side < 2; ++side) {
        const int nb = s.neighbour[a][side];
        REQUIRE((nb < 0) == (side == 0 ? s.coords[a] == 0 : s.coords[a] == dims[a] - 1));
        if (nb < 0) continue;
        const Subdomain t = Subdomain::of_rank(n, dims, nb);
        REQUIRE(t.neighbour[a][1 - side] == r);
        // They touch along a and cover the same range across it.
        REQUIRE((side == 0 ? t.offset(a) + t.extent(a) == s.offset(a) : s.offset(a) + s.extent(a) == t.offset(a)));
      }
  }
  REQUIRE(points == index_t(40) * 36 * 32);
}

TEST_CASE("the global regions cut to a sub-domain keep every point in one region", "[distributed]") {
  const Grid global(40, 36, 32, 1, 1, 1, 4);
  const Regions g = seven_regions(global, 6);
  for (int r = 0; r < 8; ++r) {
    const Subdomain s = Subdomain::of_rank({40, 36, 32}, {2, 2, 2}, r);
    const Regions l = local_regions(s, g);
    index_t covered = l.inner.volume();
    for (const Box& b : l.slabs) covered += b.volume();
    REQUIRE(covered == s.box.volume());
    // The halo-free core and its shell cover the local inner region once.
    const Box core = intersect(l.inner, s.halo_free_core());
    index_t inner = core.volume();
    for (const Box& b : shell_around(l.inner, core)) inner += b.volume();
    REQUIRE(inner == l.inner.volume());
  }
}
