#pragma once
// The ranks of a run and what they tell each other: MPI (MPI_COMM_WORLD) when
// the build has it and the program was started by an MPI launcher, one rank
// otherwise. Only core/src/comm.cpp sees mpi.h, so nothing else needs #ifs.

#include "seis/errors.hpp"

#include <array>
#include <cstddef>
#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace seis {

namespace comm {

// MPI for the lifetime of the object (the first thing main creates: GPU
// binding needs the local rank before Kokkos starts). Without a launcher
// (no mpirun/srun environment) it stays a single rank and skips MPI_Init,
// so plain runs pay nothing for an MPI build.
class Session {
 public:
  Session(int& argc, char**& argv);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
};

bool built_with_mpi();
bool active();      // MPI was initialised (launched by mpirun/srun)
int rank();
int size();
int local_rank();   // rank among the ranks of this node (MPI_COMM_TYPE_SHARED)
// MPI accepts device pointers: Open MPI's MPIX_Query_cuda_support (or
// _rocm_) at run time; SEIS_MPI_GPU_AWARE=0/1 overrides.
bool gpu_aware();
std::string library_version();

double max(double v);
double min(double v);
long long min(long long v);
double sum(double v);
long long sum(long long v);
// Every rank's value, on rank 0 (empty elsewhere), in rank order.
std::vector<double> gather(double v);
// Concatenation of every rank's vector on rank 0 (empty elsewhere).
std::vector<float> gather(const std::vector<float>& v);
std::vector<int> gather(const std::vector<int>& v);
std::vector<std::string> gather(const std::string& v);
// Rank 0's string, on every rank.
std::string broadcast(const std::string& v);
void barrier();
[[noreturn]] void abort(int status);

// The error of the lowest failing rank, on every rank: {status, message};
// status 0 when no rank failed. Collective.
std::pair<int, std::string> first_error(int status, const std::string& message);

// Non-blocking point-to-point messages of raw bytes, completed together.
class Requests {
 public:
  Requests();
  ~Requests();
  Requests(const Requests&) = delete;
  Requests& operator=(const Requests&) = delete;
  void send(const void* data, std::size_t bytes, int to, int tag);
  void receive(void* data, std::size_t bytes, int from, int tag);
  void wait_all();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// From the first on_every_rank on, the ranks depend on each other: an error
// on one rank alone must then stop them all (main aborts unless the error
// is one every rank agreed on).
inline bool& talking() {
  static bool started = false;
  return started;
}
inline bool& error_agreed() {
  static bool agreed = false;
  return agreed;
}

}  // namespace comm

// Exit status of an error: 2 bad input, 3 the device cannot run it, 1 other.
inline int error_status(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const InputError&) {
    return 2;
  } catch (const ConfigError&) {
    return 3;
  } catch (...) {
    return 1;
  }
}

// Runs a phase whose failure may be local to one rank (reading its part of a
// model file) and makes every rank agree: if any rank failed, every rank
// throws the lowest failing rank's error (same type and message), so all
// exit with the same status and nothing waits for a rank that has given up.
// Collective; it leaves the ranks independent, so an error every rank meets
// alike after it is still reported as one (validation goes on after reading
// the model).
template <class Phase>
void agree_on_errors(Phase&& phase) {
  std::exception_ptr failure;
  std::string message;
  try {
    phase();
  } catch (const std::exception& e) {
    failure = std::current_exception();
    message = e.what();
  }
  if (comm::size() == 1) {
    if (failure) std::rethrow_exception(failure);
    return;
  }
  const auto [status, first] = comm::first_error(failure ? error_status(failure) : 0, message);
  if (status == 0) return;
  comm::error_agreed() = true;
  if (failure && first == message) std::rethrow_exception(failure);
  if (status == 2) throw InputError(first);
  if (status == 3) throw ConfigError(first);
  throw std::runtime_error(first);
}

// agree_on_errors for the phases after which the ranks depend on each other
// (allocating the sub-domain, writing outputs on rank 0): from then on an
// error on one rank alone stops them all.
template <class Phase>
void on_every_rank(Phase&& phase) {
  comm::talking() = true;
  agree_on_errors(std::forward<Phase>(phase));
}

}  // namespace seis
