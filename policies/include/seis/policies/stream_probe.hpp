#pragma once
// STREAM-style copy probe (McCalpin 1995): the device copy rate, counting
// bytes read plus bytes written (physics.md §7). Arrays far larger than the
// last-level cache; median of repeats after a warm-up.

#include "seis/compat/kokkos_compat.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstddef>
#include <vector>

namespace seis {

struct CopyBandwidth {
  double gbytes_per_s = 0;  // (read + written) / time, median
  double best_gbytes_per_s = 0;
  std::size_t bytes = 0;    // size of one array
  int repeats = 0;
};

template <class Exec = Kokkos::DefaultExecutionSpace>
CopyBandwidth measure_copy_bandwidth(std::size_t bytes_per_array, int repeats = 20) {
  ScopedRegion region("seis::stream_copy");
  const std::size_t n = bytes_per_array / sizeof(float);
  Kokkos::View<float*, typename Exec::memory_space> a("stream_a", n), b("stream_b", n);
  Kokkos::parallel_for("seis::stream_init", Kokkos::RangePolicy<Exec>(0, n),
                       KOKKOS_LAMBDA(std::size_t i) { a(i) = float(i % 1024) * 0.5f; });
  std::vector<double> times;
  for (int r = -2; r < repeats; ++r) {
    fence("seis::stream_copy");
    Kokkos::Timer t;
    Kokkos::parallel_for("seis::stream_copy", Kokkos::RangePolicy<Exec>(0, n),
                         KOKKOS_LAMBDA(std::size_t i) { b(i) = a(i); });
    fence("seis::stream_copy");
    if (r >= 0) times.push_back(t.seconds());
  }
  std::sort(times.begin(), times.end());
  CopyBandwidth bw;
  bw.bytes = n * sizeof(float);
  bw.repeats = repeats;
  bw.gbytes_per_s = 2.0 * double(bw.bytes) / times[times.size() / 2] / 1e9;
  bw.best_gbytes_per_s = 2.0 * double(bw.bytes) / times.front() / 1e9;
  return bw;
}

// A size that defeats caches on this backend: 1 GiB per array on GPUs,
// 256 MiB on CPUs (and never more than a quarter of the free memory).
std::size_t default_stream_bytes(bool gpu, std::size_t free_bytes);

}  // namespace seis
