#pragma once
// Grid: extents, spacing, halo, padding and all index math of the padded box.
//
// Storage is x-fastest. Every row starts with padding so that its first
// interior point sits on a 128-byte boundary; the halo of radius R around the
// interior is zero (Dirichlet) unless a boundary condition writes it.

#include "seis/errors.hpp"
#include "seis/stencil_coefficients.hpp"

#include <Kokkos_Core.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

namespace seis {

using index_t = std::int64_t;

// A half-open box of interior coordinates [x0,x1) x [y0,y1) x [z0,z1).
struct Box {
  int x0 = 0, x1 = 0, y0 = 0, y1 = 0, z0 = 0, z1 = 0;

  KOKKOS_INLINE_FUNCTION int nx() const { return x1 - x0; }
  KOKKOS_INLINE_FUNCTION int ny() const { return y1 - y0; }
  KOKKOS_INLINE_FUNCTION int nz() const { return z1 - z0; }
  KOKKOS_INLINE_FUNCTION bool empty() const { return nx() <= 0 || ny() <= 0 || nz() <= 0; }
  KOKKOS_INLINE_FUNCTION index_t volume() const {
    return empty() ? 0 : index_t(nx()) * ny() * nz();
  }
  KOKKOS_INLINE_FUNCTION bool contains(int x, int y, int z) const {
    return x >= x0 && x < x1 && y >= y0 && y < y1 && z >= z0 && z < z1;
  }
  // [begin, end) along axis 0 (x), 1 (y) or 2 (z).
  KOKKOS_INLINE_FUNCTION int begin(int axis) const { return axis == 0 ? x0 : axis == 1 ? y0 : z0; }
  KOKKOS_INLINE_FUNCTION int end(int axis) const { return axis == 0 ? x1 : axis == 1 ? y1 : z1; }
  KOKKOS_INLINE_FUNCTION bool contains(const Box& b) const {
    return b.x0 >= x0 && b.x1 <= x1 && b.y0 >= y0 && b.y1 <= y1 && b.z0 >= z0 && b.z1 <= z1;
  }
  KOKKOS_INLINE_FUNCTION bool operator==(const Box& b) const {
    return x0 == b.x0 && x1 == b.x1 && y0 == b.y0 && y1 == b.y1 && z0 == b.z0 && z1 == b.z1;
  }
};

class Grid {
 public:
  static constexpr int radius = stencil_radius;  // halo width R
  static constexpr int alignment_bytes = 128;  // first interior x of every row

  Grid() = default;

  Grid(int nx, int ny, int nz, double hx, double hy, double hz, int scalar_bytes)
      : nx_(nx), ny_(ny), nz_(nz), hx_(hx), hy_(hy), hz_(hz), scalar_bytes_(scalar_bytes) {
    const int align = alignment_bytes / scalar_bytes;
    x_offset_ = align;  // >= radius, and a whole 128-byte line
    const int row = x_offset_ + nx + radius;
    pitch_x_ = (row + align - 1) / align * align;
    pitch_y_ = ny + 2 * radius;
    planes_ = nz + 2 * radius;
    const index_t plane = index_t(pitch_x_) * pitch_y_;
    if (plane > std::numeric_limits<int>::max())
      throw ConfigError("grid " + std::to_string(nx) + " x " + std::to_string(ny) + " x " + std::to_string(nz) +
                        ": an x-y plane of " + std::to_string(plane) + " points (padded) is more than the " +
                        std::to_string(std::numeric_limits<int>::max()) +
                        " that the kernels' 32-bit plane offsets address; run it on more ranks (mpirun), which split the plane");
    stride_z_ = int(plane);
  }

  KOKKOS_INLINE_FUNCTION int nx() const { return nx_; }
  KOKKOS_INLINE_FUNCTION int ny() const { return ny_; }
  KOKKOS_INLINE_FUNCTION int nz() const { return nz_; }
  KOKKOS_INLINE_FUNCTION double hx() const { return hx_; }
  KOKKOS_INLINE_FUNCTION double hy() const { return hy_; }
  KOKKOS_INLINE_FUNCTION double hz() const { return hz_; }
  int scalar_bytes() const { return scalar_bytes_; }

  // Padded-box geometry (storage coordinates).
  KOKKOS_INLINE_FUNCTION int x_offset() const { return x_offset_; }
  KOKKOS_INLINE_FUNCTION int pitch_x() const { return pitch_x_; }
  KOKKOS_INLINE_FUNCTION int pitch_y() const { return pitch_y_; }
  KOKKOS_INLINE_FUNCTION int planes() const { return planes_; }
  KOKKOS_INLINE_FUNCTION index_t stride_y() const { return pitch_x_; }
  // Stored, not recomputed, and 32-bit (the constructor checks that a plane fits):
  // index() is then two 32x32->64 multiply-adds, and kernels that keep a plane
  // offset in an int take it as is (recomputing pitch_x*pitch_y as 64 bits cost
  // 3-4 instructions per index() call; a stored 64-bit stride made nvcc multiply
  // 64 x 32 and sign-extend the int offsets taken from it).
  KOKKOS_INLINE_FUNCTION index_t stride_z() const { return stride_z_; }
  KOKKOS_INLINE_FUNCTION index_t storage_size() const { return stride_z() * planes_; }

  // Linear index of interior point (x, y, z); the halo is reached with
  // coordinates in [-R, n+R).
  KOKKOS_INLINE_FUNCTION index_t index(int x, int y, int z) const {
    return index_t(x_offset_ + x) + stride_y() * (y + radius) + stride_z() * (z + radius);
  }

  KOKKOS_INLINE_FUNCTION Box interior() const { return Box{0, nx_, 0, ny_, 0, nz_}; }
  KOKKOS_INLINE_FUNCTION index_t interior_points() const { return interior().volume(); }

  KOKKOS_INLINE_FUNCTION bool contains(int x, int y, int z) const {
    return interior().contains(x, y, z);
  }

  std::size_t storage_bytes() const { return std::size_t(storage_size()) * scalar_bytes_; }

 private:
  int nx_ = 0, ny_ = 0, nz_ = 0;
  double hx_ = 1, hy_ = 1, hz_ = 1;
  int scalar_bytes_ = 4;
  int x_offset_ = 0, pitch_x_ = 0, pitch_y_ = 0, planes_ = 0;
  int stride_z_ = 0;  // pitch_x_ * pitch_y_
};

}  // namespace seis
