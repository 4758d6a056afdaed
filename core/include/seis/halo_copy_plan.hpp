#pragma once
// The halo ring of a staged plane (the bands above and below the tile, full
// width, then the sides left and right of its rows), cut into VEC-wide
// copies and dealt out to the threads of a team, worked out once per tile.
// A 2.5D streaming kernel copies the same ring from every plane it passes,
// so each thread keeps its first MaxCopies source and destination offsets in
// registers and a plane's halo costs one address add and one copy per entry,
// instead of a loop nest whose indices are rebuilt every plane. Copies
// beyond the list (a team too small for its tile: host teams, tiny shapes)
// are placed one by one, with a division each.
//
// Plain C++ with a host/device marker, so the native twins use it too.

#if defined(__CUDACC__) || defined(__HIPCC__)
#define SEIS_HALO_PLAN_FUNCTION __host__ __device__ inline
#else
#define SEIS_HALO_PLAN_FUNCTION inline
#endif

namespace seis {

// Geometry of the ring in VEC-wide units: nvec vectors of tile points per
// row and `side` vectors of halo left and right of them, hy rows above and
// below ny tile rows. Copy e (0 <= e < count()) lies at window row `row`,
// window vector `col`.
struct HaloRing {
  int nvec = 0, ny = 0, side = 0, hy = 0;

  SEIS_HALO_PLAN_FUNCTION int band_width() const { return nvec + 2 * side; }
  SEIS_HALO_PLAN_FUNCTION int band_copies() const { return 2 * hy * band_width(); }
  SEIS_HALO_PLAN_FUNCTION int count() const {
    return nvec > 0 && ny > 0 ? band_copies() + ny * 2 * side : 0;
  }
  SEIS_HALO_PLAN_FUNCTION void position(int e, int& row, int& col) const {
    if (e < band_copies()) {
      const int r = e / band_width();
      col = e - r * band_width();
      row = r < hy ? r : ny + r;
    } else {
      const int s = e - band_copies();
      const int r = s / (2 * side);
      const int c = s - r * 2 * side;
      row = hy + r;
      col = c < side ? c : nvec + c;
    }
  }
};

// This thread's copies of a ring (ranks rank, rank + size, ...): element
// offsets from the window's first cell, in a grid plane of row stride
// `grid_row` and in a staged plane of row stride `staged_row`.
template <int MaxCopies>
struct HaloCopyPlan {
  HaloRing ring;
  int vec = 1, grid_row = 0, staged_row = 0;
  int first_unlisted = 0, stride = 1;  // copies the list does not hold
  int listed = 0;
  int src[MaxCopies];
  int dst[MaxCopies];

  SEIS_HALO_PLAN_FUNCTION HaloCopyPlan(const HaloRing& r, int vec_width, int grid_row_stride,
                                       int staged_row_stride, int rank, int size)
      : ring(r), vec(vec_width), grid_row(grid_row_stride), staged_row(staged_row_stride),
        first_unlisted(rank + MaxCopies * size), stride(size) {
    const int total = ring.count();
    for (int j = 0; j < MaxCopies; ++j) {
      const int e = rank + j * size;
      src[j] = dst[j] = 0;
      if (e < total) {
        listed = j + 1;
        place(e, src[j], dst[j]);
      }
    }
  }

  // f(src_offset, dst_offset) for every copy of this thread.
  template <class F>
  SEIS_HALO_PLAN_FUNCTION void for_each(F&& f) const {
    for (int j = 0; j < MaxCopies; ++j)
      if (j < listed) f(src[j], dst[j]);
    const int total = ring.count();
    for (int e = first_unlisted; e < total; e += stride) {
      int s, d;
      place(e, s, d);
      f(s, d);
    }
  }

 private:
  SEIS_HALO_PLAN_FUNCTION void place(int e, int& s, int& d) const {
    int row, col;
    ring.position(e, row, col);
    s = row * grid_row + col * vec;
    d = row * staged_row + col * vec;
  }
};

}  // namespace seis
