#pragma once
// The order in which a 1D launch of tiles (one tile a team or thread block)
// walks them, for the Kokkos strategies and the native twins alike.
//
// Row order (TileGrid::origin) takes x fastest, then y, then z: the tiles in
// flight at once are a few rows of one z-layer, and a z-layer's planes must
// stay in L2 until the next layer reads them again, which at TTI 900^3 is
// more than L2 holds (gmem_3d 64x2x2: 10 planes x 2 fields x 3.2 MB).
// Banded order cuts the y-rows of tiles into bands of `band` rows and walks
// each band through all of z before the next: x fastest, then y within the
// band, then z, then the band. The planes in use then are a band's rows
// only; the next band re-reads its halo rows. A last band of fewer rows
// takes the rest.

#include "seis/math/fast_divisor.hpp"
#include "seis/math/host_device.hpp"

namespace seis {

struct TileIndex {
  int tx, ty, tz;
};

class BandedTileOrder {
 public:
  BandedTileOrder() = default;
  // ntx x nty x ntz tiles (each >= 1), bands of `band` y-rows (clamped to [1, nty]).
  BandedTileOrder(int ntx, int nty, int ntz, int band)
      : ntx_(ntx), band_(band < 1 ? 1 : band > nty ? nty : band) {
    const int full = nty / band_;
    band_tiles_ = ntx * band_ * ntz;
    last_rows_ = nty - full * band_;
    if (last_rows_ == 0) last_rows_ = band_;
    by_band_tiles_ = FastDivisor(band_tiles_);
    by_ntx_ = FastDivisor(ntx);
    by_band_ = FastDivisor(band_);
    by_last_rows_ = FastDivisor(last_rows_);
    last_band_ = (nty + band_ - 1) / band_ - 1;
  }

  // Tile number `rank` (0 <= rank < ntx * nty * ntz) of the banded order.
  SEIS_INLINE TileIndex tile(int rank) const {
    const int b = by_band_tiles_.div(rank);
    const int local = rank - b * band_tiles_;  // within band b: x, then y, then z
    const int rest = by_ntx_.div(local);
    const bool last = b == last_band_;
    const int rows = last ? last_rows_ : band_;
    const int tz = last ? by_last_rows_.div(rest) : by_band_.div(rest);
    return {local - rest * ntx_, b * band_ + rest - tz * rows, tz};
  }

 private:
  int ntx_ = 1, band_ = 1, band_tiles_ = 1, last_rows_ = 1, last_band_ = 0;
  FastDivisor by_band_tiles_, by_ntx_, by_band_, by_last_rows_;
};

}  // namespace seis
