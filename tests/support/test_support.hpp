#pragma once
// Helpers shared by the tests.

#include "seis/field.hpp"
#include "seis/policies/gmem_3d.hpp"
#include "seis/scenario.hpp"

#include <Kokkos_Core.hpp>

#include <cstdio>
#include <string>
#include <unistd.h>
#include <vector>

namespace seis::test {

// A homogeneous iso scenario with one receiver, no absorbing layer.
inline Scenario homogeneous(int n, double h, double v, int steps) {
  Scenario s;
  s.name = "test";
  s.nx = s.ny = s.nz = n;
  s.hx = s.hy = s.hz = h;
  s.steps = steps;
  s.velocity() = ModelSpec::constant_value(v);
  s.source = {n / 2 * h, n / 2 * h, n / 2 * h};
  s.receivers = {{(n / 2 + 2) * h, n / 2 * h, n / 2 * h}};
  s.f0 = v / (10 * h);
  s.pml_thickness = 0;
  return s;
}

// A tilted anisotropic model (eps 0.2, delta 0.1, tilt 30, azimuth 40 degrees)
// for a TTI scenario; an iso scenario keeps its velocity only.
inline void tilted_model_if_tti(Scenario& s) {
  if (s.physics != "tti") return;
  s.model_parameter("epsilon") = ModelSpec::constant_value(0.2);
  s.model_parameter("delta") = ModelSpec::constant_value(0.1);
  s.model_parameter("theta") = ModelSpec::constant_value(30);
  s.model_parameter("phi") = ModelSpec::constant_value(40);
}

// The padded box of a field (on the device or the host), copied to the host.
template <class Scalar, class MemSpace>
std::vector<Scalar> to_host(const Field<Scalar, MemSpace>& f) {
  auto flat = f.flat();
  std::vector<Scalar> out(flat.extent(0));
  Kokkos::View<Scalar*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> host(out.data(), out.size());
  Kokkos::deep_copy(host, flat);
  return out;
}

template <class Scalar, class MemSpace>
void from_host(const Field<Scalar, MemSpace>& f, const std::vector<Scalar>& values) {
  Kokkos::View<const Scalar*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> host(values.data(),
                                                                                               values.size());
  Kokkos::deep_copy(f.flat(), host);
}

// The reference strategy for the double-precision physics tests: gmem_3d
// with 128 threads per team, which double-precision TTI fits in registers on
// GPUs.
template <class Physics>
const StencilOperator<Physics>& reference() {
  static const Gmem3d<Physics, DefaultExec> op("gmem_3d", BlockShape::parse("32x2x2", true));
  return op;
}

// A fresh, empty directory under the system temp dir.
inline std::string temp_dir(const std::string& tag) {
  char tmpl[256];
  std::snprintf(tmpl, sizeof tmpl, "/tmp/seis-test-%s-XXXXXX", tag.c_str());
  const char* d = mkdtemp(tmpl);
  return d ? d : "/tmp";
}

}  // namespace seis::test
