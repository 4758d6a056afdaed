#pragma once
// Native reference kernels: the plain CUDA (library seis_native_cuda) and
// plain HIP (target seis_native_hip) twins of the Kokkos strategies in
// policies/. Same algorithm, loop structure, scratch layout, barrier pattern
// and block shapes as the Kokkos code, so that the Kokkos-vs-native speed
// ratio measures the abstraction, not a different algorithm.
//
// This header is plain C++17: no CUDA, HIP or Kokkos types, so the benchmark
// driver can include it from any translation unit.

#include "seis/stencil_coefficients.hpp"  // stencil_radius (plain C++, no Kokkos)

#include <cstddef>

namespace seis::native {

constexpr int halo = stencil_radius;  // halo planes/rows/columns around the interior

// The padded box, with the meaning of seis::Grid: the linear index of
// interior point (x, y, z) is (x_offset + x) + stride_y*(y+4) + stride_z*(z+4);
// x is the unit-stride axis; every row's first interior point is 128-byte
// aligned (x_offset and pitch_x are multiples of 32 floats).
struct Grid {
  int nx, ny, nz;
  int x_offset;
  int pitch_x;  // floats per row
  int pitch_y;  // rows per plane (ny + 8)
  // 32-bit, as seis::Grid stores them (it refuses a plane of 2^31 floats or
  // more): an index is then two 32x32->64 multiply-adds and the int plane
  // offsets the kernels keep are taken as is. With 64-bit strides nvcc
  // multiplied 64 x 64 and sign-extended, the form the Kokkos kernels dropped.
  int stride_y, stride_z;
  double hx, hy, hz;
};

// Half-open box of interior coordinates; a kernel updates exactly these points.
struct Box {
  int x0, x1, y0, y1, z0, z1;
};

// p_next holds p(t-1) on entry and receives p(t+1) in place (physics.md §1).
struct IsoFields {
  const float* p;
  float* p_next;
  const float* v2dt2;  // V = v^2 dt^2
};

// physics.md §2: V = Vp^2 dt^2, A = (1+2 delta) V, B = 2 (eps - delta) V and
// the symmetry axis (nx, ny); n_z = sqrt(max(0, 1 - nx^2 - ny^2)).
struct TtiFields {
  const float* p;
  const float* q;
  float* p_next;
  float* q_next;
  const float* V;
  const float* A;
  const float* B;
  const float* nx;
  const float* ny;
};

// Block shape, as seis::BlockShape. 3D kernels: a block of dx*dy*dz threads,
// one point each. 2.5D kernels: a block of dx*dy threads streaming zchunk
// planes (0 = the whole box). sliding_window: each thread owns VEC consecutive
// x points (iso: the backend's vector width, CUDA 2, HIP 4; TTI: 1), so a
// block covers VEC*dx x points, as in Kokkos.
struct Shape {
  int dx, dy, dz;
  int zchunk;
};

// One native kernel and what it mirrors.
struct KernelInfo {
  const char* name;      // as the Kokkos strategy it mirrors ("semi_b_a", ...)
  bool three_d;          // Shape read as dx x dy x dz (else dx x dy @ zchunk)
  bool iso;              // launch_iso accepts it
  bool tti;              // launch_tti accepts it
  const char* summary;   // one line for listings
};

// Return codes: 0 = success; > 0 = the backend's own error code (cudaError_t
// or hipError_t, the launch or the kernel's configuration failed); < 0 = the
// call was rejected before anything was launched:
enum : int {
  error_unknown_kernel = -1,       // no kernel of that name
  error_unsupported_physics = -2,  // kernel exists, not for this physics
  error_invalid_shape = -3,        // non-positive block extent or negative zchunk, or a 2.5D block
                                   // above its launch bounds (iso 512 threads, bounded TTI 256)
  error_misaligned_grid = -4,      // sliding_window: rows/fields not aligned to its vector (CUDA 8 B, HIP 16 B)
  error_null_field = -5,           // a field pointer is null
  error_invalid_box = -6,          // the box reaches outside [0,nx) x [0,ny) x [0,nz)
};

// Padding rules of seis::Grid for float fields (a plane within int, as it requires).
inline Grid make_grid(int nx, int ny, int nz, double hx, double hy, double hz) {
  const int align = 32;  // 128 bytes of float
  const int x_offset = align;
  const int pitch_x = (x_offset + nx + halo + align - 1) / align * align;
  const int pitch_y = ny + 2 * halo;
  return Grid{nx, ny, nz, x_offset, pitch_x, pitch_y, pitch_x, pitch_x * pitch_y, hx, hy, hz};
}

// From seis::Grid (or anything with its accessors), without including it here.
template <class SeisGrid>
Grid to_native(const SeisGrid& g) {
  return Grid{g.nx(), g.ny(), g.nz(), int(g.x_offset()), g.pitch_x(), g.pitch_y(),
              int(g.stride_y()), int(g.stride_z()), g.hx(), g.hy(), g.hz()};
}

// Floats one field of the grid occupies (interior, halo and padding).
inline long long storage_size(const Grid& g) { return (long long)g.stride_z * (g.nz + 2 * halo); }

inline long long index(const Grid& g, int x, int y, int z) {
  return (long long)(g.x_offset + x) + (long long)g.stride_y * (y + halo) + (long long)g.stride_z * (z + halo);
}

// ---- CUDA (library seis_native_cuda) -------------------------------------
// Kernels, each for iso and TTI, named after the Kokkos strategy they mirror:
// gmem_3d, smem_3d (3D); st_reg_shift, st_reg_fixed, semi_25d, semi_b,
// semi_b_a, semi_2z, swic, sliding_window (2.5D). kernel_info() lists them.

int kernel_count();
const KernelInfo* kernel_info(int i);            // nullptr when out of range
const KernelInfo* find_kernel(const char* name);  // nullptr when unknown

// Dynamic shared memory one block of `name` uses with `shape` (0 when the
// kernel uses none or the name/physics/shape is not valid).
std::size_t shared_bytes(const char* name, bool tti, const Shape& shape);

// Enqueue one time step over `box` on `stream` (a cudaStream_t; nullptr =
// the legacy default stream). Checks the launch with cudaGetLastError; does
// not synchronize. Raises the kernel's dynamic shared-memory limit when the
// block needs more than 48 KiB.
int launch_iso(const char* name, const Grid& grid, const Box& box, const IsoFields& fields,
               const Shape& shape, void* stream);
int launch_tti(const char* name, const Grid& grid, const Box& box, const TtiFields& fields,
               const Shape& shape, void* stream);

// Message for any return code above (never null).
const char* error_string(int code);

// ---- HIP (objects of target seis_native_hip) -----------------------------
// Kernels: sliding_window (iso), semi_b (iso). `stream` is a hipStream_t.
namespace hip {
int kernel_count();
const KernelInfo* kernel_info(int i);
const KernelInfo* find_kernel(const char* name);
std::size_t shared_bytes(const char* name, bool tti, const Shape& shape);
int launch_iso(const char* name, const Grid& grid, const Box& box, const IsoFields& fields,
               const Shape& shape, void* stream);
const char* error_string(int code);
}  // namespace hip

}  // namespace seis::native
