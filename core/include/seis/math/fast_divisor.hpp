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
  // divisor >= 1. With l = ceil(log2(divisor)), m = ceil(2^(32+l) / divisor)
  // lies in [2^32, 2^33); its low 32 bits are kept and the 2^32 * n part is
  // added back in div(), so that divisor 1 (l = 0, m = 2^32) needs no branch:
  // a GPU thread pays a multiply-high, an add and a shift, and the uniform
  // datapath no compare and select (every Kokkos 3D-tile team splits its
  // league rank with two of these). Exact for n < 2^31: the error of m is
  // below divisor, so n (m - 2^(32+l)/divisor) / 2^(32+l) < 2^-(l+1) <= 1/divisor.
  explicit FastDivisor(int divisor) : divisor_(divisor > 1 ? divisor : 1) {
    unsigned ceil_log2 = 0;
    while ((std::uint64_t(1) << ceil_log2) < std::uint64_t(divisor_)) ++ceil_log2;
    const std::uint64_t m = ((std::uint64_t(1) << (32 + ceil_log2)) + unsigned(divisor_) - 1) / unsigned(divisor_);
    multiplier_ = unsigned(m - (std::uint64_t(1) << 32));
    shift_ = ceil_log2;
  }

  // n / divisor and n % divisor for 0 <= n < 2^31 (hi + n < 2^32: no overflow).
  SEIS_INLINE int div(int n) const {
    const unsigned hi = unsigned((std::uint64_t(unsigned(n)) * multiplier_) >> 32);
    return int((hi + unsigned(n)) >> shift_);
  }
  SEIS_INLINE int mod(int n) const { return n - div(n) * divisor_; }

 private:
  int divisor_ = 1;
  unsigned multiplier_ = 0, shift_ = 0;
};

}  // namespace seis
