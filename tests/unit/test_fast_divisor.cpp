// Divisions prepared on the host (FastDivisor) are exact, and the tile and
// point coordinates computed with them are those of plain division.
#include "catch_compat.hpp"
#include "emulated_gpu.hpp"

#include "seis/math/fast_divisor.hpp"
#include "seis/math/tile_order.hpp"
#include "seis/policies/team_loops.hpp"
#include "seis/policies/tile_grid.hpp"

#include <cstdint>
#include <vector>

using namespace seis;
using test::EmulatedGpu;
using test::EmulatedThread;

TEST_CASE("fast division equals integer division for every small dividend and divisor", "[unit][tiles]") {
  for (int d = 1; d <= 1100; ++d) {
    const FastDivisor by(d);
    for (int n = 0; n < 70000; ++n) {
      if (by.div(n) != n / d || by.mod(n) != n % d) {
        FAIL("n = " << n << ", d = " << d << ": " << by.div(n) << " r " << by.mod(n));
      }
    }
  }
}

TEST_CASE("fast division is exact up to the largest int dividend", "[unit][tiles]") {
  std::vector<int> divisors = {1, 2, 3, 5, 7, 31, 32, 33, 96, 127, 255, 256, 257, 1000, 4095, 4097, 65535, 65537,
                               1 << 20, (1 << 20) + 1, 999983, 2147483646, 2147483647};
  std::vector<int> dividends = {0, 1, 2, 2147483647, 2147483646, 2147483600, 1073741823, 1073741824, 1073741825};
  std::uint64_t x = 88172645463325252ull;  // xorshift: a fixed, reproducible sample
  for (int k = 0; k < 20000; ++k) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    dividends.push_back(int(x & 0x7fffffff));
  }
  for (int d : divisors) {
    const FastDivisor by(d);
    for (int n : dividends) {
      if (by.div(n) != n / d || by.mod(n) != n % d) FAIL("n = " << n << ", d = " << d);
    }
  }
}

TEST_CASE("tile origins and a tile's points split ranks as plain division does", "[unit][tiles]") {
  for (const int dx : {1, 3, 8, 32, 64}) {
    for (const int dy : {1, 4, 5, 16}) {
      for (const int dz : {1, 2, 4}) {
        const TileGrid tiles(Box{-3, 97, 2, 53, 0, 41}, dx, dy, dz);
        for (int r = 0; r < tiles.league_size(); ++r) {
          const TileOrigin o = tiles.origin(r);
          const int tx = r % tiles.ntx, ty = r / tiles.ntx % tiles.nty, tz = r / tiles.ntx / tiles.nty;
          REQUIRE(o.x == -3 + tx * dx);
          REQUIRE(o.y == 2 + ty * dy);
          REQUIRE(o.z == tz * dz);
        }
        const int threads = dx * dy * dz + 5;  // a few threads beyond the tile
        for (int r = 0; r < threads; ++r) {
          const EmulatedThread t{r, threads};
          const TilePoints<EmulatedGpu> fast(t, tiles);
          const TilePoints<EmulatedGpu> plain(t, dx, dy, dz);
          REQUIRE(fast.active == plain.active);
          if (!plain.active) continue;
          REQUIRE(fast.cx == plain.cx);
          REQUIRE(fast.cy == plain.cy);
          REQUIRE(fast.cz == plain.cz);
        }
      }
    }
  }
}

TEST_CASE("banded tile order takes each tile once: x fastest, then y within a band, then z, then the band",
          "[unit][tiles]") {
  for (const int ntx : {1, 3, 15}) {
    for (const int nty : {1, 4, 7, 45}) {
      for (const int ntz : {1, 2, 5}) {
        for (const int band : {1, 2, 3, 4, 8, 64}) {
          const BandedTileOrder order(ntx, nty, ntz, band);
          const int rows = band < nty ? band : nty;  // the clamped band
          int rank = 0;
          for (int y0 = 0; y0 < nty; y0 += rows)
            for (int tz = 0; tz < ntz; ++tz)
              for (int ty = y0; ty < y0 + rows && ty < nty; ++ty)
                for (int tx = 0; tx < ntx; ++tx, ++rank) {
                  const TileIndex t = order.tile(rank);
                  if (t.tx != tx || t.ty != ty || t.tz != tz)
                    FAIL(ntx << "x" << nty << "x" << ntz << " band " << band << ", rank " << rank << ": (" << t.tx
                              << "," << t.ty << "," << t.tz << ") instead of (" << tx << "," << ty << "," << tz
                              << ")");
                }
          REQUIRE(rank == ntx * nty * ntz);
        }
      }
    }
  }
  // Bands of every row are row order, TileGrid's.
  const TileGrid tiles(Box{-3, 97, 2, 53, 0, 41}, 8, 5, 2);
  const BandedTileGrid banded(Box{-3, 97, 2, 53, 0, 41}, 8, 5, 2, tiles.nty);
  for (int r = 0; r < tiles.league_size(); ++r) {
    const TileOrigin a = tiles.origin(r), b = banded.origin(r);
    REQUIRE((a.x == b.x && a.y == b.y && a.z == b.z));
  }
}

TEST_CASE("a team grid built with a host-prepared divisor deals out the cells as the plain one does",
          "[unit][tiles]") {
  for (const int cols : {1, 3, 8, 24, 40}) {
    const FastDivisor by(cols);
    for (const int size : {1, 2, 7, 8, 32, 96, 256, 512, 1000}) {  // fewer threads than cols too
      for (int r = 0; r < size; ++r) {
        const EmulatedThread t{r, size};
        const TeamGrid2D fast(t, cols, by), plain(t, cols);
        REQUIRE(fast.active == plain.active);
        REQUIRE(fast.dr == plain.dr);
        REQUIRE(fast.dc == plain.dc);
        if (!plain.active) continue;
        REQUIRE(fast.r0 == plain.r0);
        REQUIRE(fast.c0 == plain.c0);
      }
    }
  }
}

TEST_CASE("every state slot of a thread is visited once, a GPU thread without a point included", "[unit][tiles]") {
  // GPU: slot 0 on every thread, points or not (the predicated st_reg load).
  for (const int r : {0, 7, 40}) {
    const EmulatedThread t{r, 48};
    const TilePoints<EmulatedGpu> gpu(t, 8, 4);  // 32 points: thread 40 has none
    int visits = 0;
    gpu.for_each_slot([&](auto slot) {
      REQUIRE(int(slot) == 0);
      ++visits;
    });
    REQUIRE(visits == 1);
  }
  // Host: one slot per point of the thread, in the order for_each numbers them.
  const EmulatedThread host{0, 1};
  const TilePoints<Kokkos::DefaultHostExecutionSpace> points(host, 8, 4, 2);
  int next = 0;
  points.for_each_slot([&](auto slot) { REQUIRE(int(slot) == next++); });
  REQUIRE(next == 8 * 4 * 2);
}

TEST_CASE("load_if reads the pointer only where the predicate holds", "[unit][tiles]") {
  using T = ExecTraits<Kokkos::DefaultHostExecutionSpace>;
  const float value = 2.5f;
  REQUIRE(T::load_if(true, &value, -1.0f) == 2.5f);
  REQUIRE(T::load_if(false, static_cast<const float*>(nullptr), -1.0f) == -1.0f);  // never dereferenced
  const double wide = 0.125;
  REQUIRE(T::load_if(true, &wide, 3.0) == 0.125);
}
