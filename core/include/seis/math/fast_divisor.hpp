#pragma once
// Division by a divisor fixed before a kernel runs, as one multiply-high and
// a shift (the round-up method of Granlund and Montgomery, as CUTLASS's
// FastDivmod does it): a runtime integer division costs a GPU thread about
// 20 instructions, this 2 or 3, which matters where a thread splits its rank
// or its team's rank once per point (3D tiles: one point per thread).
// Exact for dividends in [0, 2^31). Plain C++ (seis/math/): host, Kokkos and
// native device code alike.

#include "seis/math/host_device.hpp"

#include <cstdint>

namespace seis {

class FastDivisor {
 public:
  FastDivisor() = default;  // divides by 1
  // divisor >= 1. Divisor 1 takes a branch (uniform: the divisor is a kernel
  // argument). The branch-free forms (m = ceil(2^(32+l)/d) with its 2^32 n
  // part added back, or mulhi(2n, ceil(2^(31+l)/d)) >> l) have the same
  // instruction count but took gmem_3d TTI from 64 to 72 registers under
  // nvcc 13 (ptxas, no launch bounds), a block of occupancy at 64x2x2:
  // 34.1 -> 42.9 ms on an H200 (perf/results/h200-2026-11-24/parity-stage2).
  explicit FastDivisor(int divisor) : divisor_(divisor) {
    if (divisor <= 1) return;
    unsigned ceil_log2 = 0;
    while ((std::uint64_t(1) << ceil_log2) < std::uint64_t(divisor)) ++ceil_log2;
    const unsigned p = 31 + ceil_log2;
    multiplier_ = unsigned(((std::uint64_t(1) << p) + unsigned(divisor) - 1) / unsigned(divisor));
    shift_ = p - 32;
  }

  // n / divisor and n % divisor for 0 <= n < 2^31.
  SEIS_INLINE int div(int n) const {
    if (divisor_ == 1) return n;
    return int(((std::uint64_t(unsigned(n)) * multiplier_) >> 32) >> shift_);
  }
  SEIS_INLINE int mod(int n) const { return n - div(n) * divisor_; }

 private:
  int divisor_ = 1;
  unsigned multiplier_ = 0, shift_ = 0;
};

}  // namespace seis
