// The native HIP kernels (seis::native::hip in native_kernels.hpp): the
// one-pass sliding window, st_reg_vec, st_reg_feat and semi_b for iso, instantiated from the same
// device templates as the CUDA build with HIP's primitives (non-temporal
// stores; plain loads for the next-plane prefetch, one barrier per plane).

#include "device/feature_streaming.hpp"
#include "device/semi_stencil.hpp"
#include "device/sliding_window.hpp"
#include "device/vector_streaming.hpp"
#include "hip/backend_hip.hpp"
#include "seis/policies/strategy_table.hpp"  // names, launch budgets, which twins exist

#include <hip/hip_runtime.h>

#include <cstdint>
#include <cstring>

namespace seis::native::hip {
namespace {

using dev::HipBackend;
using dev::IsoOp;
using dev::LaunchPlan;
using dev::StepArgs;

// grid = the plan's tiles, block = its thread extents, dynamic LDS sized at
// launch (64 KiB per block on CDNA2; a larger request fails the launch).
template <class... Params, class... Args>
int launch_kernel(void (*kernel)(Params...), const LaunchPlan& plan, hipStream_t stream, const Args&... args) {
  const dim3 grid(unsigned(plan.tiles.ntx), unsigned(plan.tiles.nty), unsigned(plan.tiles.ntz));
  const dim3 block(unsigned(plan.bx), unsigned(plan.by), unsigned(plan.bz));
  kernel<<<grid, block, plan.shared, stream>>>(args...);
  return int(hipGetLastError());
}

int launch_sliding_window(const StepArgs<IsoOp>& a, const Box& box, const Shape& s, hipStream_t stream) {
  constexpr int VEC = dev::sliding_vec<IsoOp, HipBackend::vector_width>;
  const Grid& g = a.grid;
  const bool aligned = g.x_offset % VEC == 0 && g.stride_y % VEC == 0 && g.stride_z % VEC == 0 &&
                       std::uintptr_t(a.cur[0]) % (VEC * sizeof(float)) == 0;
  if (!aligned) return error_misaligned_grid;
  const LaunchPlan plan = dev::plan_sliding_window<IsoOp, HipBackend::vector_width>(box, s);
  return launch_kernel(dev::sliding_window_kernel<IsoOp, HipBackend>, plan, stream, a, box, plan.tiles, plan.layout);
}

int launch_vector_streaming(const StepArgs<IsoOp>& a, const Box& box, const Shape& s, hipStream_t stream) {
  const LaunchPlan plan = dev::plan_vector_streaming<IsoOp>(box, s);
  return launch_kernel(dev::vector_streaming_kernel<IsoOp, HipBackend>, plan, stream, a, box, plan.tiles, plan.layout);
}

int launch_feature_streaming(const StepArgs<IsoOp>& a, const Box& box, const Shape& s, hipStream_t stream) {
  if (s.dx > dev::feature_max_dx) return error_invalid_shape;  // the compile-time row pitch
  const LaunchPlan plan = dev::plan_feature_streaming<IsoOp>(box, s);
  return launch_kernel(dev::feature_streaming_kernel<IsoOp, HipBackend>, plan, stream, a, plan.tiles, plan.layout,
                       dev::feature_ring_offset<IsoOp>(plan));
}

int launch_semi_b(const StepArgs<IsoOp>& a, const Box& box, const Shape& s, hipStream_t stream) {
  const LaunchPlan plan = dev::plan_semi_stencil<IsoOp, 1, true>(box, s);
  return launch_kernel(dev::semi_stencil_kernel<IsoOp, HipBackend, 1, true, false>, plan, stream, a, plan.tiles,
                       plan.layout);
}

// The HIP twin of a strategy of the table (policies/.../strategy_table.hpp).
struct Launchers {
  const char* name;
  int (*launch)(const StepArgs<IsoOp>&, const Box&, const Shape&, hipStream_t);
  LaunchPlan (*plan)(const Box&, const Shape&);
};

const Launchers launchers[] = {
    {"sliding_window", launch_sliding_window, dev::plan_sliding_window<IsoOp, HipBackend::vector_width>},
    {"st_reg_vec", launch_vector_streaming, dev::plan_vector_streaming<IsoOp>},
    {"st_reg_feat", launch_feature_streaming, dev::plan_feature_streaming<IsoOp>},
    {"semi_b", launch_semi_b, dev::plan_semi_stencil<IsoOp, 1, true>},
};

struct Entry {
  KernelInfo info;
  const StrategyRow* row;  // name, launch budget
  Launchers launch;
};

// The table's strategies with HIP twins, in its order, bound to their launchers.
const Entry* table(int* count) {
  static Entry entries[strategy_count];
  static const int n = [] {
    int k = 0;
    for (const StrategyRow& row : strategy_table) {
      if (!row.twins.hip_iso) continue;
      for (const Launchers& l : launchers)
        if (std::strcmp(l.name, row.name) == 0)
          entries[k++] = Entry{KernelInfo{row.name, row.three_d, true, false, row.description}, &row, l};
    }
    return k;
  }();
  *count = n;
  return entries;
}

const Entry* find_entry(const char* name) {
  if (name == nullptr) return nullptr;
  int count = 0;
  const Entry* entries = table(&count);
  for (int i = 0; i < count; ++i)
    if (std::strcmp(entries[i].info.name, name) == 0) return &entries[i];
  return nullptr;
}

// The HIP kernels are iso 2.5D, compiled for at most their launch budget's
// threads per block (SEIS_NATIVE_LAUNCH_BOUNDS), as their Kokkos twins.
bool valid_shape(const Entry& e, const Shape& s) {
  return s.dx > 0 && s.dy > 0 && s.zchunk >= 0 && s.dx * s.dy <= max_team_threads(*e.row, IsoOp::F);
}

}  // namespace

int kernel_count() {
  int count = 0;
  table(&count);
  return count;
}

const KernelInfo* kernel_info(int i) {
  int count = 0;
  const Entry* entries = table(&count);
  return i >= 0 && i < count ? &entries[i].info : nullptr;
}

const KernelInfo* find_kernel(const char* name) {
  const Entry* e = find_entry(name);
  return e ? &e->info : nullptr;
}

std::size_t shared_bytes(const char* name, bool tti, const Shape& shape) {
  const Entry* e = find_entry(name);
  if (e == nullptr || tti || !valid_shape(*e, shape)) return 0;
  return e->launch.plan(Box{0, 1, 0, 1, 0, 1}, shape).shared;
}

int launch_iso(const char* name, const Grid& grid, const Box& box, const IsoFields& fields, const Shape& shape,
               void* stream) {
  const Entry* e = find_entry(name);
  if (e == nullptr) return error_unknown_kernel;
  if (!valid_shape(*e, shape)) return error_invalid_shape;
  if (box.x1 <= box.x0 || box.y1 <= box.y0 || box.z1 <= box.z0) return 0;
  if (box.x0 < 0 || box.y0 < 0 || box.z0 < 0 || box.x1 > grid.nx || box.y1 > grid.ny || box.z1 > grid.nz)
    return error_invalid_box;
  if (!fields.p || !fields.p_next || !fields.v2dt2) return error_null_field;
  const StepArgs<IsoOp> a{grid, dev::make_op<IsoOp>(grid), {fields.p}, {fields.p_next}, {fields.v2dt2}};
  return e->launch.launch(a, box, shape, static_cast<hipStream_t>(stream));
}

const char* error_string(int code) {
  switch (code) {
    case error_unknown_kernel: return "unknown native HIP kernel name";
    case error_unsupported_physics: return "this native HIP kernel does not support this physics";
    case error_invalid_shape:
      return "invalid block shape (extents must be > 0, zchunk >= 0, at most " SEIS_NATIVE_STR(
          SEIS_STREAMING_MAX_THREADS) " threads per block, " SEIS_NATIVE_STR(
          SEIS_STREAMING_MULTIFIELD_MAX_THREADS) " for sliding_window)";
    case error_misaligned_grid: return "sliding_window needs rows and fields aligned to its 16-byte vector loads";
    case error_null_field: return "a field pointer is null";
    case error_invalid_box: return "the box reaches outside the grid's interior";
    default: break;
  }
  if (code < 0) return "unknown native error code";
  return hipGetErrorString(static_cast<hipError_t>(code));
}

}  // namespace seis::native::hip
