#pragma once
// The halo ring of a staged plane (the bands above and below the tile, full
// width, then the sides left and right of its rows), cut into VEC-wide
// copies and dealt out to the threads of a team, worked out once per tile.
// A 2.5D streaming kernel copies the same ring from every plane it passes,
// so each thread keeps its first MaxCopies source and destination offsets in
// registers and a plane's halo costs one address add and one copy per entry,
// instead of a loop nest whose indices are rebuilt every plane. Copies
// beyond the list (a team too small for its tile: host teams, tiny shapes)
// are placed one by one, with a division each. The plan keeps only the list
// (few registers: the TTI kernels run on a budget of 80); the geometry is
// handed in again when copies beyond it must be placed.
//
// Plain C++ with a host/device marker, so the native twins use it too.

#if defined(__CUDACC__) || defined(__HIPCC__)
#define SEIS_HALO_PLAN_FUNCTION __host__ __device__ inline
#else
#define SEIS_HALO_PLAN_FUNCTION inline
#endif

namespace seis {

// Where the copies of a ring lie. The ring in VEC-wide units: nvec vectors
// of tile points per row and `side` vectors of halo left and right of them,
// hy rows above and below ny tile rows; copy e (0 <= e < count()) lies at
// window row `row`, window vector `col`, that is at element offset
// row * grid_row + col * vec from the window's first cell in a grid plane
// and row * staged_row + col * vec in a staged plane.
struct HaloPlacement {
  int nvec = 0, ny = 0, side = 0, hy = 0;
  int vec = 1, grid_row = 0, staged_row = 0;

  SEIS_HALO_PLAN_FUNCTION int band_width() const { return nvec + 2 * side; }
  SEIS_HALO_PLAN_FUNCTION int band_copies() const { return 2 * hy * band_width(); }
  SEIS_HALO_PLAN_FUNCTION int count() const {
    return nvec > 0 && ny > 0 ? band_copies() + ny * 2 * side : 0;
  }
  SEIS_HALO_PLAN_FUNCTION void place(int e, int& src, int& dst) const {
    int row, col;
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
    src = row * grid_row + col * vec;
    dst = row * staged_row + col * vec;
  }
};

// This thread's copies of a ring: ranks rank, rank + size, ...
template <int MaxCopies>
struct HaloCopyPlan {
  int src[MaxCopies];
  int dst[MaxCopies];
  int listed = 0;          // entries of the list in use
  bool unlisted = false;   // copies beyond the list remain (rank + MaxCopies * size < count)

  SEIS_HALO_PLAN_FUNCTION HaloCopyPlan(const HaloPlacement& where, int rank, int size) {
    const int total = where.count();
    for (int j = 0; j < MaxCopies; ++j) {
      const int e = rank + j * size;
      src[j] = dst[j] = 0;
      if (e < total) {
        listed = j + 1;
        where.place(e, src[j], dst[j]);
      }
    }
    unlisted = rank + MaxCopies * size < total;
  }

  // f(src_offset, dst_offset) for every copy of this thread; `where` and
  // `rank`/`size` as at construction.
  template <class F>
  SEIS_HALO_PLAN_FUNCTION void for_each(const HaloPlacement& where, int rank, int size, F&& f) const {
    for_each_placed([&]() -> const HaloPlacement& { return where; }, rank, size, f);
  }
  // The same, with the placement made by where() only if copies beyond the
  // list remain: a kernel that can make it again keeps no placement in
  // registers, nor makes it every plane.
  template <class Where, class F>
  SEIS_HALO_PLAN_FUNCTION void for_each_placed(const Where& where, int rank, int size, F&& f) const {
    for (int j = 0; j < MaxCopies; ++j)
      if (j < listed) f(src[j], dst[j]);
    if (unlisted) {
      const HaloPlacement& placed = where();  // (a temporary lives as long as the reference)
      const int total = placed.count();
      for (int e = rank + MaxCopies * size; e < total; e += size) {
        int s, d;
        placed.place(e, s, d);
        f(s, d);
      }
    }
  }
};

}  // namespace seis
