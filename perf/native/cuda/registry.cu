// The public entry points of seis_native_cuda (native_kernels.hpp): the
// strategies of the one strategy table that have CUDA twins, argument
// checks, and dispatch by name to the family launchers.

#include "cuda/backend_cuda.cuh"
#include "cuda/launchers.cuh"
#include "device/feature_streaming.hpp"
#include "device/gmem_3d.hpp"
#include "device/register_streaming.hpp"
#include "device/semi_stencil.hpp"
#include "device/sliding_window.hpp"
#include "device/smem_3d.hpp"
#include "device/swic.hpp"
#include "device/vector_streaming.hpp"
#include "seis/policies/strategy_table.hpp"  // names, shapes kinds, launch budgets, which twins exist

#include <cuda_runtime.h>

#include <cstring>

namespace seis::native {
namespace {

using namespace dev;  // the family launchers and plans, IsoOp, TtiOp

template <class Op>
using PlanFn = LaunchPlan (*)(const Box&, const Shape&);

// The CUDA twin of a strategy of the table (policies/.../strategy_table.hpp),
// per physics; nullptr: not for this physics.
struct Launchers {
  const char* name;
  LaunchFn<IsoOp> iso;
  PlanFn<IsoOp> iso_plan;
  LaunchFn<TtiOp> tti;
  PlanFn<TtiOp> tti_plan;
};

struct Entry {
  KernelInfo info;
  const StrategyRow* row;  // name, shape kind, launch budget
  Launchers launch;
};

const Launchers launchers[] = {
    {"gmem_3d", launch_gmem_3d<IsoOp>, plan_gmem_3d<IsoOp>, launch_gmem_3d<TtiOp>, plan_gmem_3d<TtiOp>},
    {"smem_3d", launch_smem_3d<IsoOp>, plan_smem_3d<IsoOp>, launch_smem_3d<TtiOp>, plan_smem_3d<TtiOp>},
    {"st_reg_shift", launch_register_streaming<IsoOp, false, false>, plan_register_streaming<IsoOp, false>,
     launch_register_streaming<TtiOp, false, false>, plan_register_streaming<TtiOp, false>},
    {"st_reg_fixed", launch_register_streaming<IsoOp, true, true>, plan_register_streaming<IsoOp, true>,
     launch_register_streaming<TtiOp, true, true>, plan_register_streaming<TtiOp, true>},
    {"st_reg_vec", launch_vector_streaming<IsoOp>, plan_vector_streaming<IsoOp>, launch_vector_streaming<TtiOp>,
     plan_vector_streaming<TtiOp>},
    {"st_reg_feat", launch_feature_streaming<IsoOp>, plan_feature_streaming<IsoOp>, launch_feature_streaming<TtiOp>,
     plan_feature_streaming<TtiOp>},
    {"semi_25d", launch_semi_stencil<IsoOp, 1, false, false>, plan_semi_stencil<IsoOp, 1, false>,
     launch_semi_stencil<TtiOp, 1, false, false>, plan_semi_stencil<TtiOp, 1, false>},
    {"semi_b", launch_semi_stencil<IsoOp, 1, true, false>, plan_semi_stencil<IsoOp, 1, true>,
     launch_semi_stencil<TtiOp, 1, true, false>, plan_semi_stencil<TtiOp, 1, true>},
    {"semi_b_a", launch_semi_stencil<IsoOp, 1, true, true>, plan_semi_stencil<IsoOp, 1, true>,
     launch_semi_stencil<TtiOp, 1, true, true>, plan_semi_stencil<TtiOp, 1, true>},
    {"semi_2z", launch_semi_stencil<IsoOp, 2, false, false>, plan_semi_stencil<IsoOp, 2, false>,
     launch_semi_stencil<TtiOp, 2, false, false>, plan_semi_stencil<TtiOp, 2, false>},
    {"swic", launch_swic<IsoOp>, plan_swic<IsoOp>, launch_swic<TtiOp>, plan_swic<TtiOp>},
    {"sliding_window", launch_sliding_window<IsoOp>, plan_sliding_window<IsoOp, CudaBackend::vector_width>,
     launch_sliding_window<TtiOp>, plan_sliding_window<TtiOp, CudaBackend::vector_width>},
};

// The table's strategies with CUDA twins, in its order, bound to their launchers.
const Entry* table(int* count) {
  static Entry entries[strategy_count];
  static const int n = [] {
    int k = 0;
    for (const StrategyRow& row : strategy_table) {
      if (!row.twins.cuda_iso && !row.twins.cuda_tti) continue;
      for (const Launchers& l : launchers)
        if (std::strcmp(l.name, row.name) == 0) {
          const Launchers bound{l.name, row.twins.cuda_iso ? l.iso : nullptr, l.iso_plan,
                                row.twins.cuda_tti ? l.tti : nullptr, l.tti_plan};
          entries[k++] = Entry{KernelInfo{row.name, row.three_d, bound.iso != nullptr, bound.tti != nullptr,
                                          row.description},
                               &row, bound};
        }
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

bool valid_shape(const KernelInfo& info, const Shape& s) {
  return s.dx > 0 && s.dy > 0 && (!info.three_d || s.dz > 0) && s.zchunk >= 0;
}

bool box_inside(const Grid& g, const Box& b) {
  return b.x0 >= 0 && b.y0 >= 0 && b.z0 >= 0 && b.x1 <= g.nx && b.y1 <= g.ny && b.z1 <= g.nz;
}

bool box_empty(const Box& b) { return b.x1 <= b.x0 || b.y1 <= b.y0 || b.z1 <= b.z0; }

// Kernels are compiled for at most their launch budget's threads per block
// (SEIS_NATIVE_LAUNCH_BOUNDS); Kokkos refuses larger teams of their twins too.
bool within_launch_bounds(const Entry& e, bool tti, const Shape& s) {
  const int max = max_team_threads(*e.row, tti ? TtiOp::F : IsoOp::F);
  return max == 0 || s.dx * s.dy <= max;
}

// Checks common to both physics; 1 = go on and launch.
int check_call(const Entry* e, bool supported, bool tti, const Grid& grid, const Box& box, const Shape& shape) {
  if (e == nullptr) return error_unknown_kernel;
  if (!supported) return error_unsupported_physics;
  if (!valid_shape(e->info, shape) || !within_launch_bounds(*e, tti, shape)) return error_invalid_shape;
  if (box_empty(box)) return 0;
  if (!box_inside(grid, box)) return error_invalid_box;
  return 1;
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
  if (e == nullptr || !valid_shape(e->info, shape)) return 0;
  const Box one_plane{0, 1, 0, 1, 0, 1};  // the footprint does not depend on the box
  if (tti) return e->launch.tti ? e->launch.tti_plan(one_plane, shape).shared : 0;
  return e->launch.iso ? e->launch.iso_plan(one_plane, shape).shared : 0;
}

int launch_iso(const char* name, const Grid& grid, const Box& box, const IsoFields& fields, const Shape& shape,
               void* stream) {
  const Entry* e = find_entry(name);
  const int go = check_call(e, e && e->launch.iso, false, grid, box, shape);
  if (go != 1) return go;
  if (!fields.p || !fields.p_next || !fields.v2dt2) return error_null_field;
  dev::StepArgs<IsoOp> a{grid, dev::make_op<IsoOp>(grid), {fields.p}, {fields.p_next}, {fields.v2dt2}};
  return e->launch.iso(a, box, shape, static_cast<cudaStream_t>(stream));
}

int launch_tti(const char* name, const Grid& grid, const Box& box, const TtiFields& f, const Shape& shape,
               void* stream) {
  const Entry* e = find_entry(name);
  const int go = check_call(e, e && e->launch.tti, true, grid, box, shape);
  if (go != 1) return go;
  if (!f.p || !f.q || !f.p_next || !f.q_next || !f.V || !f.A || !f.B || !f.nx || !f.ny) return error_null_field;
  dev::StepArgs<TtiOp> a{grid, dev::make_op<TtiOp>(grid), {f.p, f.q}, {f.p_next, f.q_next}, {f.V, f.A, f.B, f.nx, f.ny}};
  return e->launch.tti(a, box, shape, static_cast<cudaStream_t>(stream));
}

const char* error_string(int code) {
  switch (code) {
    case error_unknown_kernel: return "unknown native kernel name";
    case error_unsupported_physics: return "this native kernel does not support this physics";
    case error_invalid_shape:
      return "invalid block shape (extents must be > 0, zchunk >= 0; 2.5D kernels take at most "
             SEIS_NATIVE_STR(SEIS_STREAMING_MAX_THREADS) " threads per block for iso and, where bounded, "
             SEIS_NATIVE_STR(SEIS_STREAMING_MULTIFIELD_MAX_THREADS) " for TTI)";
    case error_misaligned_grid: return "sliding_window needs rows and fields aligned to its 8-byte vector loads";
    case error_null_field: return "a field pointer is null";
    case error_invalid_box: return "the box reaches outside the grid's interior";
    default: break;
  }
  if (code < 0) return "unknown native error code";
  return cudaGetErrorString(static_cast<cudaError_t>(code));
}

}  // namespace seis::native
