#pragma once
// Where a Kokkos CUDA team launch (4.6, Kokkos_Cuda_Parallel_Team.hpp) puts
// things in a thread block's shared memory, written once for the code that
// counts, reuses or mirrors them: the Kokkos launches' carveout and the
// bodies that reuse the team-reduce space (ExecTraits<Kokkos::Cuda>), and
// the native twins that place their shared memory as the Kokkos kernel does.
// Plain C++: no Kokkos, no CUDA.

#include <cstddef>

namespace seis {

// The team-reduce space asked for ahead of the team scratch
// (m_shmem_begin = 8 * (team_size + 2)); team_reduce, team_scan and
// team_broadcast use it.
constexpr std::size_t kokkos_cuda_team_reduce_space(int team_size) {
  return sizeof(double) * std::size_t(team_size + 2);
}

// Bytes of shared memory before a Kokkos CUDA team's scratch (level 0): the
// kernel's 16 static bytes and the team-reduce space.
constexpr std::size_t kokkos_cuda_team_scratch_offset(int team_size) {
  constexpr std::size_t static_bytes = 16;
  return static_bytes + kokkos_cuda_team_reduce_space(team_size);
}

}  // namespace seis
