#pragma once
// STREAM-style copy probe (McCalpin 1995): the device copy rate, counting
// bytes read plus bytes written (physics.md §7). Arrays far larger than the
// last-level cache; median of repeats after a warm-up.

#include "seis/compat/kokkos_compat.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace seis {

struct CopyBandwidth {
  double gbytes_per_s = 0;  // (read + written) / time, median of the best method
  double best_gbytes_per_s = 0;
  std::size_t bytes = 0;    // size of one array
  int repeats = 0;
  std::string method;       // which copy reached it
};

// The device's copy rate: the better of a kernel copying 16-byte vectors and
// Kokkos::deep_copy (the runtime's own device-to-device copy), so that the
// "fraction of copy" of a strategy is measured against what the memory
// really delivers, not against a weak copy loop.
// The 16-byte element of the copy kernel (CUDA lambdas cannot capture views
// of function-local types).
struct alignas(16) CopyVector {
  float v[4];
};

template <class Exec = Kokkos::DefaultExecutionSpace>
CopyBandwidth measure_copy_bandwidth(std::size_t bytes_per_array, int repeats = 20) {
  ScopedRegion region("seis::stream_copy");
  using Float4 = CopyVector;
  const std::size_t n = bytes_per_array / sizeof(Float4);
  Kokkos::View<Float4*, typename Exec::memory_space> a("stream_a", n), b("stream_b", n);
  Kokkos::parallel_for(
      "seis::stream_init", Kokkos::RangePolicy<Exec>(0, n), KOKKOS_LAMBDA(std::size_t i) {
        for (int k = 0; k < 4; ++k) a(i).v[k] = float((4 * i + k) % 1024) * 0.5f;
      });
  auto time = [&](auto&& copy) {
    std::vector<double> times;
    for (int r = -2; r < repeats; ++r) {
      fence("seis::stream_copy");
      Kokkos::Timer t;
      copy();
      fence("seis::stream_copy");
      if (r >= 0) times.push_back(t.seconds());
    }
    std::sort(times.begin(), times.end());
    return std::pair<double, double>(times[times.size() / 2], times.front());
  };
  const auto kernel = time([&] {
    Kokkos::parallel_for("seis::stream_copy", Kokkos::RangePolicy<Exec>(0, n),
                         KOKKOS_LAMBDA(std::size_t i) { b(i) = a(i); });
  });
  const auto runtime = time([&] { Kokkos::deep_copy(Exec(), b, a); });
  const bool use_kernel = kernel.first <= runtime.first;
  const auto best = use_kernel ? kernel : runtime;
  CopyBandwidth bw;
  bw.bytes = n * sizeof(Float4);
  bw.repeats = repeats;
  bw.method = use_kernel ? "16-byte vector copy kernel" : "Kokkos::deep_copy";
  bw.gbytes_per_s = 2.0 * double(bw.bytes) / best.first / 1e9;
  bw.best_gbytes_per_s = 2.0 * double(bw.bytes) / best.second / 1e9;
  return bw;
}

// A size that defeats caches on this backend: 1 GiB per array on GPUs,
// 256 MiB on CPUs (and never more than a quarter of the free memory).
std::size_t default_stream_bytes(bool gpu, std::size_t free_bytes);

}  // namespace seis
