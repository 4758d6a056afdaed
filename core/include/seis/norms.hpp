#pragma once
// Norms of the verification code: ||a - b|| / ||b|| over whole fields.
// With Kokkos Kernels (SEIS_HAVE_KOKKOS_KERNELS) through KokkosBlas axpby and
// nrm2; otherwise the same quantity through Kokkos reductions accumulated in
// double. Halo and padding are zero in both fields and do not contribute.
// They run on the execution space of the fields' memory space.

#include "seis/compat/kokkos_compat.hpp"
#include "seis/field.hpp"

#include <Kokkos_Core.hpp>

#include <cmath>

#if defined(SEIS_HAVE_KOKKOS_KERNELS)
#include <KokkosBlas1_axpby.hpp>
#include <KokkosBlas1_nrm2.hpp>
#endif

namespace seis {

inline const char* norm_backend() {
#if defined(SEIS_HAVE_KOKKOS_KERNELS)
  return "KokkosBlas";
#else
  return "Kokkos reductions";
#endif
}

template <class Scalar, class MemSpace>
double l2_norm(const Field<Scalar, MemSpace>& a) {
  const auto x = a.flat();
#if defined(SEIS_HAVE_KOKKOS_KERNELS)
  return double(KokkosBlas::nrm2(x));
#else
  double sum = 0;
  Kokkos::parallel_reduce(
      "seis::l2_norm", Kokkos::RangePolicy<typename MemSpace::execution_space>(0, x.extent(0)),
      KOKKOS_LAMBDA(std::size_t i, double& s) { s += double(x(i)) * double(x(i)); }, sum);
  return std::sqrt(sum);
#endif
}

// ||a - b||_2 / ||b||_2 (0 when both are 0).
template <class Scalar, class MemSpace>
double relative_l2(const Field<Scalar, MemSpace>& a, const Field<Scalar, MemSpace>& b) {
  const auto x = a.flat();
  const auto y = b.flat();
#if defined(SEIS_HAVE_KOKKOS_KERNELS)
  Kokkos::View<Scalar*, MemSpace> diff("seis::norm_diff", x.extent(0));
  Kokkos::deep_copy(diff, x);
  KokkosBlas::axpby(Scalar(-1), y, Scalar(1), diff);  // diff = a - b
  const double num = double(KokkosBlas::nrm2(diff));
  const double den = double(KokkosBlas::nrm2(y));
#else
  double num2 = 0;
  Kokkos::parallel_reduce(
      "seis::relative_l2", Kokkos::RangePolicy<typename MemSpace::execution_space>(0, x.extent(0)),
      KOKKOS_LAMBDA(std::size_t i, double& n) {
        const double di = double(x(i)) - double(y(i));
        n += di * di;
      },
      num2);
  const double num = std::sqrt(num2), den = l2_norm(b);
#endif
  if (den == 0) return num == 0 ? 0.0 : INFINITY;
  return num / den;
}

}  // namespace seis
