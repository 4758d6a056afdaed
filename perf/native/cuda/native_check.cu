// seis_native_cuda_check: runs every native CUDA kernel for a few time steps
// on a small padded grid with random data and compares it with the CPU
// reference (cpu_reference.hpp, double accumulation).
//
// Each kernel runs with two to four block shapes (those the Kokkos catalogue
// offers, and short z-chunks) on two boxes: the whole interior and an odd
// sub-box, which also checks that nothing outside the box (halo, padding,
// other interior points) is written.
// Pass: relative L2 error <= 1e-5 on every field and no change outside the box.
// Usage: seis_native_cuda_check [kernel ...]   (default: every kernel)
// Exit status: 0 pass, 1 mismatch or CUDA error, 77 no CUDA device (skipped).

#include "cpu_reference.hpp"
#include "native_kernels.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace seis::native;

constexpr int steps = 3;
constexpr double tolerance = 1e-5;

using HostField = std::vector<float>;

// Owns one device array of the grid's storage size.
class DeviceField {
 public:
  explicit DeviceField(std::size_t n) : n_(n) {
    if (cudaMalloc(&ptr_, n * sizeof(float)) != cudaSuccess) ptr_ = nullptr;
  }
  ~DeviceField() {
    if (ptr_) cudaFree(ptr_);
  }
  DeviceField(const DeviceField&) = delete;
  DeviceField& operator=(const DeviceField&) = delete;
  bool ok() const { return ptr_ != nullptr; }
  float* get() const { return ptr_; }
  cudaError_t upload(const HostField& h) const {
    return cudaMemcpy(ptr_, h.data(), n_ * sizeof(float), cudaMemcpyHostToDevice);
  }
  cudaError_t download(HostField& h) const {
    h.resize(n_);
    return cudaMemcpy(h.data(), ptr_, n_ * sizeof(float), cudaMemcpyDeviceToHost);
  }

 private:
  float* ptr_ = nullptr;
  std::size_t n_;
};

HostField random_field(std::size_t n, std::mt19937& rng, float lo, float hi) {
  std::uniform_real_distribution<float> dist(lo, hi);
  HostField f(n);
  for (auto& v : f) v = dist(rng);
  return f;
}

// The initial state. Wavefields get random values everywhere (halo and
// padding included) so that a kernel reading the wrong cell is noticed.
struct Problem {
  Grid grid;
  std::size_t n;
  // iso: p(t), p(t-1), V
  HostField p, p_prev, v2dt2;
  // tti: p, q at t and t-1, V, A, B, axis
  HostField tp, tq, tp_prev, tq_prev, V, A, B, nx, ny;

  explicit Problem(const Grid& g) : grid(g), n(std::size_t(storage_size(g))) {
    std::mt19937 rng(20240611u);
    // Spacings 10, 12.5, 8: V (1/hx^2 + 1/hy^2 + 1/hz^2) * 6.5 stays below 4 (stable leapfrog).
    p = random_field(n, rng, -1, 1);
    p_prev = random_field(n, rng, -1, 1);
    v2dt2 = random_field(n, rng, 2, 10);
    tp = random_field(n, rng, -1, 1);
    tq = random_field(n, rng, -0.3f, 0.3f);
    tp_prev = random_field(n, rng, -1, 1);
    tq_prev = random_field(n, rng, -0.3f, 0.3f);
    V = random_field(n, rng, 2, 8);
    A.resize(n);
    B.resize(n);
    std::uniform_real_distribution<float> delta(0.0f, 0.1f), anellipticity(0.0f, 0.2f);
    for (std::size_t i = 0; i < n; ++i) {
      const float d = delta(rng), e = d + anellipticity(rng);
      A[i] = (1 + 2 * d) * V[i];
      B[i] = 2 * (e - d) * V[i];
    }
    // |n_xy| up to 0.8 per component: some points have nx^2 + ny^2 > 1 and
    // exercise the clamp n_z = sqrt(max(0, .)).
    nx = random_field(n, rng, -0.8f, 0.8f);
    ny = random_field(n, rng, -0.8f, 0.8f);
  }
};

// Final wavefields, buffer by buffer (the two time levels swap every step).
struct Result {
  std::vector<HostField> buffers;
};

Result reference_iso(const Problem& pb, const Box& box) {
  HostField a = pb.p, b = pb.p_prev;  // a = p(t), b = p(t-1)
  float* cur = a.data();
  float* next = b.data();
  for (int s = 0; s < steps; ++s) {
    reference::iso_step(pb.grid, box, cur, next, pb.v2dt2.data());
    std::swap(cur, next);
  }
  return Result{{std::move(a), std::move(b)}};
}

Result reference_tti(const Problem& pb, const Box& box) {
  HostField p = pb.tp, q = pb.tq, pp = pb.tp_prev, qp = pb.tq_prev, s(pb.n);
  float *pc = p.data(), *qc = q.data(), *pn = pp.data(), *qn = qp.data();
  for (int st = 0; st < steps; ++st) {
    const TtiFields f{pc, qc, pn, qn, pb.V.data(), pb.A.data(), pb.B.data(), pb.nx.data(), pb.ny.data()};
    reference::tti_step(pb.grid, box, f, s.data());
    std::swap(pc, pn);
    std::swap(qc, qn);
  }
  return Result{{std::move(p), std::move(q), std::move(pp), std::move(qp)}};
}

struct Comparison {
  double rel_l2 = 0;      // worst over the buffers
  double max_rel = 0;     // max |diff| / max |ref|, worst over the buffers
  long long outside = 0;  // cells outside the box that differ at all
};

std::vector<char> box_mask(const Grid& g, const Box& box) {
  std::vector<char> mask(std::size_t(storage_size(g)), 0);
  for (int z = box.z0; z < box.z1; ++z)
    for (int y = box.y0; y < box.y1; ++y)
      for (int x = box.x0; x < box.x1; ++x) mask[std::size_t(index(g, x, y, z))] = 1;
  return mask;
}

Comparison compare(const Result& got, const Result& ref, const std::vector<char>& inside) {
  Comparison c;
  for (std::size_t k = 0; k < ref.buffers.size(); ++k) {
    const HostField &g = got.buffers[k], &r = ref.buffers[k];
    double diff2 = 0, ref2 = 0, max_diff = 0, max_ref = 0;
    for (std::size_t i = 0; i < r.size(); ++i) {
      const double d = double(g[i]) - double(r[i]);
      if (!inside[i] && g[i] != r[i]) ++c.outside;
      diff2 += d * d;
      ref2 += double(r[i]) * r[i];
      max_diff = std::max(max_diff, std::fabs(d));
      max_ref = std::max(max_ref, std::fabs(double(r[i])));
      if (std::isnan(g[i])) diff2 = INFINITY;
    }
    c.rel_l2 = std::max(c.rel_l2, ref2 > 0 ? std::sqrt(diff2 / ref2) : std::sqrt(diff2));
    c.max_rel = std::max(c.max_rel, max_ref > 0 ? max_diff / max_ref : max_diff);
  }
  return c;
}

// Runs `steps` steps of one kernel on the device; the result buffers are in
// the order of the reference's.
int run_iso(const char* name, const Problem& pb, const Box& box, const Shape& shape, Result& out) {
  DeviceField a(pb.n), b(pb.n), v(pb.n);
  if (!a.ok() || !b.ok() || !v.ok()) return int(cudaErrorMemoryAllocation);
  cudaError_t e;
  if ((e = a.upload(pb.p)) || (e = b.upload(pb.p_prev)) || (e = v.upload(pb.v2dt2))) return int(e);
  float* cur = a.get();
  float* next = b.get();
  for (int s = 0; s < steps; ++s) {
    const int rc = launch_iso(name, pb.grid, box, IsoFields{cur, next, v.get()}, shape, nullptr);
    if (rc != 0) return rc;
    std::swap(cur, next);
  }
  if ((e = cudaDeviceSynchronize())) return int(e);
  out.buffers.resize(2);
  if ((e = a.download(out.buffers[0])) || (e = b.download(out.buffers[1]))) return int(e);
  return 0;
}

int run_tti(const char* name, const Problem& pb, const Box& box, const Shape& shape, Result& out) {
  DeviceField p(pb.n), q(pb.n), pp(pb.n), qp(pb.n), V(pb.n), A(pb.n), B(pb.n), nx(pb.n), ny(pb.n);
  for (const DeviceField* d : {&p, &q, &pp, &qp, &V, &A, &B, &nx, &ny})
    if (!d->ok()) return int(cudaErrorMemoryAllocation);
  cudaError_t e;
  if ((e = p.upload(pb.tp)) || (e = q.upload(pb.tq)) || (e = pp.upload(pb.tp_prev)) || (e = qp.upload(pb.tq_prev)) ||
      (e = V.upload(pb.V)) || (e = A.upload(pb.A)) || (e = B.upload(pb.B)) || (e = nx.upload(pb.nx)) ||
      (e = ny.upload(pb.ny)))
    return int(e);
  float *pc = p.get(), *qc = q.get(), *pn = pp.get(), *qn = qp.get();
  for (int s = 0; s < steps; ++s) {
    const TtiFields f{pc, qc, pn, qn, V.get(), A.get(), B.get(), nx.get(), ny.get()};
    const int rc = launch_tti(name, pb.grid, box, f, shape, nullptr);
    if (rc != 0) return rc;
    std::swap(pc, pn);
    std::swap(qc, qn);
  }
  if ((e = cudaDeviceSynchronize())) return int(e);
  out.buffers.resize(4);
  if ((e = p.download(out.buffers[0])) || (e = q.download(out.buffers[1])) || (e = pp.download(out.buffers[2])) ||
      (e = qp.download(out.buffers[3])))
    return int(e);
  return 0;
}

// Block shapes per kernel: the Kokkos catalogue's default and a small one
// with z-chunks (partial tiles and chunks on this grid), plus one shape per
// physics that needs more than 48 KiB of shared memory (opt-in path).
std::vector<Shape> shapes_for(const KernelInfo& k, bool tti) {
  const std::string name = k.name;
  if (k.three_d) {
    std::vector<Shape> s{{32, 4, 4, 0}, {8, 8, 8, 0}};
    if (name == "smem_3d") s.push_back(tti ? Shape{32, 4, 8, 0} : Shape{128, 2, 4, 0});  // 61,440 / 65,280 B
    return s;
  }
  if (name == "sliding_window") return {{64, 4, 1, 128}, {16, 4, 1, 8}};
  if (name == "swic") return {{32, 8, 1, 0}, {16, 8, 1, 8}};
  if (name == "semi_2z") return {{16, 16, 1, 0}, {16, 8, 1, 7}};
  if (name == "semi_b_a" && !tti) return {{32, 16, 1, 0}, {16, 8, 1, 8}, {256, 2, 1, 0}};  // 63,360 B
  // Register streaming: also 8x4 blocks in chunks of 2 planes (and a last one
  // of 1): the shortest prologue/prefetch paths, and halo rings too large for
  // the 2-cell per-thread plan (the team loops copy them). TTI blocks stay
  // within the multi-field launch bounds (256 threads).
  if (name == "st_reg_fixed" && !tti) return {{32, 8, 1, 0}, {32, 16, 1, 0}, {16, 8, 1, 8}, {8, 4, 1, 2}};
  if (name == "st_reg_shift" && !tti) return {{32, 16, 1, 0}, {16, 8, 1, 8}, {8, 4, 1, 2}};
  if (name == "st_reg_fixed" || name == "st_reg_shift" || name == "st_reg_vec")  // st_reg_vec: 256 threads at most
    return {{32, 8, 1, 0}, {16, 8, 1, 8}, {8, 4, 1, 2}};
  if (tti) return {{32, 8, 1, 0}, {16, 8, 1, 8}};
  return {{32, 16, 1, 0}, {16, 8, 1, 8}};
}

std::string shape_text(const KernelInfo& k, const Shape& s) {
  std::string t = std::to_string(s.dx) + "x" + std::to_string(s.dy);
  if (k.three_d) return t + "x" + std::to_string(s.dz);
  return s.zchunk > 0 ? t + "@" + std::to_string(s.zchunk) : t;
}

// The API rejects bad calls before launching anything.
bool check_argument_errors(const Problem& pb) {
  const Box box{0, pb.grid.nx, 0, pb.grid.ny, 0, pb.grid.nz};
  const IsoFields none{nullptr, nullptr, nullptr};
  bool ok = true;
  auto expect = [&](const char* what, int got, int want) {
    if (got != want) {
      std::printf("FAIL  %s: got %d (%s), expected %d\n", what, got, error_string(got), want);
      ok = false;
    }
  };
  expect("unknown kernel", launch_iso("no_such_kernel", pb.grid, box, none, Shape{32, 4, 4, 0}, nullptr),
         error_unknown_kernel);
  expect("zero block extent", launch_iso("gmem_3d", pb.grid, box, none, Shape{32, 0, 4, 0}, nullptr),
         error_invalid_shape);
  expect("null field", launch_iso("gmem_3d", pb.grid, box, none, Shape{32, 4, 4, 0}, nullptr), error_null_field);
  expect("iso 2.5D block above the launch bounds",
         launch_iso("semi_b_a", pb.grid, box, none, Shape{128, 8, 1, 0}, nullptr), error_invalid_shape);
  const TtiFields no_tti{};
  expect("TTI block above the multi-field launch bounds",
         launch_tti("st_reg_shift", pb.grid, box, no_tti, Shape{32, 16, 1, 0}, nullptr), error_invalid_shape);
  expect("TTI block of an unbounded kernel",
         launch_tti("swic", pb.grid, box, no_tti, Shape{32, 16, 1, 0}, nullptr), error_null_field);
  const Box outside{0, pb.grid.nx + 1, 0, pb.grid.ny, 0, pb.grid.nz};
  expect("box outside", launch_iso("gmem_3d", pb.grid, outside, none, Shape{32, 4, 4, 0}, nullptr),
         error_invalid_box);
  const Box empty{5, 5, 0, pb.grid.ny, 0, pb.grid.nz};
  expect("empty box", launch_iso("gmem_3d", pb.grid, empty, none, Shape{32, 4, 4, 0}, nullptr), 0);
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> only(argv + 1, argv + argc);
  for (const auto& name : only)
    if (!find_kernel(name.c_str())) {
      std::printf("seis_native_cuda_check: unknown kernel '%s'\n", name.c_str());
      return 1;
    }
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("seis_native_cuda_check: no CUDA device, nothing checked\n");
    return 77;
  }
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, 0);
  std::printf("device: %s (sm_%d%d)\n", prop.name, prop.major, prop.minor);

  const Problem pb(make_grid(67, 41, 35, 10.0, 12.5, 8.0));
  const Box boxes[2] = {{0, pb.grid.nx, 0, pb.grid.ny, 0, pb.grid.nz}, {3, 61, 2, 36, 1, 32}};
  std::printf("grid %dx%dx%d (pitch %d x %d), %d steps, tolerance rel L2 <= %.0e\n", pb.grid.nx, pb.grid.ny,
              pb.grid.nz, pb.grid.pitch_x, pb.grid.pitch_y, steps, tolerance);

  Result ref[2][2];  // [physics][box]
  std::vector<char> masks[2];
  for (int b = 0; b < 2; ++b) {
    ref[0][b] = reference_iso(pb, boxes[b]);
    ref[1][b] = reference_tti(pb, boxes[b]);
    masks[b] = box_mask(pb.grid, boxes[b]);
  }

  bool all_ok = check_argument_errors(pb);
  std::printf("\n%-16s %-4s %-10s %-8s %12s %12s %8s  %s\n", "kernel", "phys", "shape", "box", "rel L2", "max rel",
              "outside", "result");
  struct Worst {
    std::string kernel;
    const char* physics;
    double rel_l2, max_rel;
  };
  std::vector<Worst> summary;
  for (int i = 0; i < kernel_count(); ++i) {
    const KernelInfo& k = *kernel_info(i);
    if (!only.empty() && std::find(only.begin(), only.end(), k.name) == only.end()) continue;
    for (int tti = 0; tti < 2; ++tti) {
      if (!(tti ? k.tti : k.iso)) continue;
      Worst worst{k.name, tti ? "tti" : "iso", 0, 0};
      for (const Shape& shape : shapes_for(k, tti)) {
        for (int b = 0; b < 2; ++b) {
          Result got;
          const int rc = tti ? run_tti(k.name, pb, boxes[b], shape, got) : run_iso(k.name, pb, boxes[b], shape, got);
          const char* box_name = b == 0 ? "interior" : "sub-box";
          if (rc != 0) {
            std::printf("%-16s %-4s %-10s %-8s  FAIL: %s (%d)\n", k.name, worst.physics, shape_text(k, shape).c_str(),
                        box_name, error_string(rc), rc);
            all_ok = false;
            if (rc > 0) cudaGetLastError();
            worst.rel_l2 = INFINITY;
            continue;
          }
          const Comparison c = compare(got, ref[tti][b], masks[b]);
          const bool ok = c.rel_l2 <= tolerance && c.outside == 0;
          all_ok = all_ok && ok;
          worst.rel_l2 = std::max(worst.rel_l2, c.rel_l2);
          worst.max_rel = std::max(worst.max_rel, c.max_rel);
          std::printf("%-16s %-4s %-10s %-8s %12.3e %12.3e %8lld  %s\n", k.name, worst.physics,
                      shape_text(k, shape).c_str(), box_name, c.rel_l2, c.max_rel, c.outside, ok ? "ok" : "FAIL");
        }
      }
      summary.push_back(worst);
    }
  }

  std::printf("\nworst per kernel:\n");
  for (const auto& w : summary)
    std::printf("  %-16s %-4s rel L2 %.3e   max rel %.3e\n", w.kernel.c_str(), w.physics, w.rel_l2, w.max_rel);
  std::printf("%s\n", all_ok ? "ALL NATIVE KERNELS MATCH" : "MISMATCH");
  return all_ok ? 0 : 1;
}
