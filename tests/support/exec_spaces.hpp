#pragma once
// The execution spaces the space-templated tests run on, as Kokkos' and
// Cabana's own tests do: the default space, and in a GPU build also the host
// space (OpenMP or Serial), so that both paths of every strategy and trait
// run. Where the two are one space (host builds, CI) each test runs once.
//
// A test takes them as the template templates of a Catch2
// TEMPLATE_PRODUCT_TEST_CASE, so that its name states the space:
//   TEMPLATE_PRODUCT_TEST_CASE("...", "[...]", (SEIS_TEST_SPACES), (IsoPhysics<float>, ...))
// runs "... - seis::test::OnHostSpace<IsoPhysics<float>>"; TestType::type is
// the physics (or any other argument), TestType::exec the execution space.

#include <Kokkos_Core.hpp>

#include <type_traits>

namespace seis::test {

template <class T>
struct OnDefaultSpace {
  using type = T;
  using exec = Kokkos::DefaultExecutionSpace;
};

template <class T>
struct OnHostSpace {
  using type = T;
  using exec = Kokkos::DefaultHostExecutionSpace;
};

// A device backend is the default: the host space is another one. (The
// preprocessor chooses, as Catch2 registers test cases from a macro's list;
// the static_assert below keeps it honest.)
#if defined(KOKKOS_ENABLE_DEFAULT_DEVICE_TYPE_CUDA) || defined(KOKKOS_ENABLE_DEFAULT_DEVICE_TYPE_HIP) || \
    defined(KOKKOS_ENABLE_DEFAULT_DEVICE_TYPE_SYCL) || defined(KOKKOS_ENABLE_DEFAULT_DEVICE_TYPE_OPENACC) || \
    defined(KOKKOS_ENABLE_DEFAULT_DEVICE_TYPE_OPENMPTARGET)
#define SEIS_TEST_SPACES seis::test::OnDefaultSpace, seis::test::OnHostSpace
#else
#define SEIS_TEST_SPACES seis::test::OnDefaultSpace
#endif

template <template <class> class... Spaces>
constexpr int count_spaces() {
  return int(sizeof...(Spaces));
}
static_assert(count_spaces<SEIS_TEST_SPACES>() ==
                  (std::is_same<Kokkos::DefaultExecutionSpace, Kokkos::DefaultHostExecutionSpace>::value ? 1 : 2),
              "SEIS_TEST_SPACES must list the host space exactly when it is not the default space");

// The memory space of an execution space's fields and wave states.
template <class Exec>
using MemOf = typename Exec::memory_space;

}  // namespace seis::test
