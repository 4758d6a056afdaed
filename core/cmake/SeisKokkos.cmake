# Finds Kokkos (3.4 from Debian's Trilinos, or 4.x) and, when present, Kokkos
# Kernels, and repairs the known defects of Debian's Kokkos 3.4 packages:
#  - its Kokkos::kokkos target points at /usr/include instead of the Trilinos
#    include directory;
#  - Kokkos Kernels exports only `trilinos_kokkoskernels` and has no version
#    file.
# Defines: SEIS_KOKKOS_VERSION, SEIS_HAVE_KOKKOS_KERNELS, target Seis::kokkos_kernels.

# Kokkos' version file accepts only the same major version; "3.4" is the one
# request that both 3.4 and 4.x accept. The range is checked below.
find_package(Kokkos 3.4 REQUIRED)

if(DEFINED Kokkos_VERSION)
  set(SEIS_KOKKOS_VERSION "${Kokkos_VERSION}")
else()
  set(SEIS_KOKKOS_VERSION "${PACKAGE_VERSION}")
endif()
if(SEIS_KOKKOS_VERSION VERSION_LESS 3.4 OR NOT SEIS_KOKKOS_VERSION VERSION_LESS 5.0)
  message(FATAL_ERROR "seiskokkos needs Kokkos 3.4 to 4.x; found ${SEIS_KOKKOS_VERSION}")
endif()
message(STATUS "Kokkos ${SEIS_KOKKOS_VERSION}, devices: ${Kokkos_DEVICES}")

if(SEIS_KOKKOS_VERSION VERSION_LESS 4.0 AND DEFINED Kokkos_INCLUDE_DIRS)
  # Debian/TriBITS: repair the include path of the imported target.
  set_property(TARGET Kokkos::kokkos PROPERTY INTERFACE_INCLUDE_DIRECTORIES "${Kokkos_INCLUDE_DIRS}")
endif()

set(SEIS_HAVE_KOKKOS_KERNELS OFF)
if(NOT SEIS_DISABLE_KOKKOS_KERNELS)
  find_package(KokkosKernels QUIET)
endif()
add_library(seis_kokkos_kernels INTERFACE)
add_library(Seis::kokkos_kernels ALIAS seis_kokkos_kernels)
# A Kokkos Kernels built against another Kokkos (e.g. Debian's next to a
# Kokkos 4 build) must not be mixed in.
if(KokkosKernels_FOUND)
  if(TARGET Kokkos::kokkoskernels AND DEFINED KokkosKernels_VERSION AND SEIS_KOKKOS_VERSION VERSION_GREATER_EQUAL 4.0)
    string(REGEX MATCH "^[0-9]+\\.[0-9]+" _kk_minor "${KokkosKernels_VERSION}")
    string(REGEX MATCH "^[0-9]+\\.[0-9]+" _k_minor "${SEIS_KOKKOS_VERSION}")
    if(_kk_minor VERSION_EQUAL _k_minor)
      target_link_libraries(seis_kokkos_kernels INTERFACE Kokkos::kokkoskernels)
      set(SEIS_HAVE_KOKKOS_KERNELS ON)
    else()
      message(STATUS "Kokkos Kernels ${KokkosKernels_VERSION} does not match Kokkos ${SEIS_KOKKOS_VERSION}: not used")
    endif()
  elseif(TARGET trilinos_kokkoskernels AND SEIS_KOKKOS_VERSION VERSION_LESS 4.0)
    target_link_libraries(seis_kokkos_kernels INTERFACE trilinos_kokkoskernels)
    target_include_directories(seis_kokkos_kernels INTERFACE ${KokkosKernels_INCLUDE_DIRS})
    set(SEIS_HAVE_KOKKOS_KERNELS ON)
  endif()
endif()
if(SEIS_HAVE_KOKKOS_KERNELS)
  target_compile_definitions(seis_kokkos_kernels INTERFACE SEIS_HAVE_KOKKOS_KERNELS=1)
  message(STATUS "Kokkos Kernels found: verification norms use KokkosBlas")
else()
  message(STATUS "Kokkos Kernels not found: verification norms use Kokkos reductions")
endif()
