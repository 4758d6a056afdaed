#pragma once
// A square root for host and device code without Kokkos: the float overload
// is sqrtf, which nvcc and hipcc map to the device instruction and the host
// library gives correctly rounded, as Kokkos::sqrt(float) does.

#include "seis/math/host_device.hpp"

#include <cmath>

namespace seis {

SEIS_FORCEINLINE float square_root(float x) { return sqrtf(x); }
SEIS_FORCEINLINE double square_root(double x) { return sqrt(x); }

}  // namespace seis
