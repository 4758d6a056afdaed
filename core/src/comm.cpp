// seis::comm over MPI (SEIS_HAVE_MPI) or as a single rank: the one place
// that knows whether the build has MPI.
#include "seis/distributed/comm.hpp"

#include <cstdlib>
#include <cstring>

#if SEIS_HAVE_MPI
#include <mpi.h>
#if defined(OPEN_MPI) && __has_include(<mpi-ext.h>)
#include <mpi-ext.h>  // MPIX_Query_cuda_support
#endif
#endif

namespace seis::comm {

namespace {

int g_rank = 0, g_size = 1, g_local_rank = 0;
bool g_active = false;

// Started by an MPI launcher? (Open MPI, PMI/PMIx as used by MPICH, Slurm.)
bool launched_by_mpi() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "MV2_COMM_WORLD_SIZE"})
    if (std::getenv(v)) return true;
  const char* force = std::getenv("SEIS_MPI");
  return force && std::strcmp(force, "1") == 0;
}

}  // namespace

#if SEIS_HAVE_MPI

Session::Session(int& argc, char**& argv) {
  if (!launched_by_mpi()) return;
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  g_active = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, g_rank, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &g_local_rank);
  MPI_Comm_free(&node);
}

Session::~Session() {
  if (g_active) MPI_Finalize();
  g_active = false;
}

bool built_with_mpi() { return true; }

bool gpu_aware() {
  if (const char* v = std::getenv("SEIS_MPI_GPU_AWARE")) return std::strcmp(v, "1") == 0;
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
  if (MPIX_Query_cuda_support() == 1) return true;
#endif
#if defined(MPIX_ROCM_AWARE_SUPPORT) && MPIX_ROCM_AWARE_SUPPORT
  if (MPIX_Query_rocm_support() == 1) return true;
#endif
  return false;
}

std::string library_version() {
  char buf[MPI_MAX_LIBRARY_VERSION_STRING];
  int len = 0;
  MPI_Get_library_version(buf, &len);
  std::string s(buf, std::size_t(len));
  const auto eol = s.find_first_of(",\n");
  return eol == std::string::npos ? s : s.substr(0, eol);
}

namespace {
template <class T>
T allreduce(T v, MPI_Datatype type, MPI_Op op) {
  if (!g_active) return v;
  T out{};
  MPI_Allreduce(&v, &out, 1, type, op, MPI_COMM_WORLD);
  return out;
}

template <class T>
std::vector<T> gatherv(const std::vector<T>& v, MPI_Datatype type) {
  if (!g_active) return v;
  int count = int(v.size());
  std::vector<int> counts(g_rank == 0 ? g_size : 0), displs;
  MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<T> out;
  if (g_rank == 0) {
    displs.resize(g_size);
    int total = 0;
    for (int r = 0; r < g_size; ++r) {
      displs[r] = total;
      total += counts[r];
    }
    out.resize(std::size_t(total));
  }
  MPI_Gatherv(v.data(), count, type, out.data(), counts.data(), displs.data(), type, 0, MPI_COMM_WORLD);
  return out;
}
}  // namespace

double max(double v) { return allreduce(v, MPI_DOUBLE, MPI_MAX); }
double min(double v) { return allreduce(v, MPI_DOUBLE, MPI_MIN); }
long long min(long long v) { return allreduce(v, MPI_LONG_LONG, MPI_MIN); }
double sum(double v) { return allreduce(v, MPI_DOUBLE, MPI_SUM); }
long long sum(long long v) { return allreduce(v, MPI_LONG_LONG, MPI_SUM); }
std::vector<double> gather(double v) { return gatherv(std::vector<double>{v}, MPI_DOUBLE); }
std::vector<float> gather(const std::vector<float>& v) { return gatherv(v, MPI_FLOAT); }
std::vector<int> gather(const std::vector<int>& v) { return gatherv(v, MPI_INT); }
std::vector<std::string> gather(const std::string& v) {
  const std::vector<char> all = gatherv(std::vector<char>(v.c_str(), v.c_str() + v.size() + 1), MPI_CHAR);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < all.size(); i += out.back().size() + 1) out.emplace_back(all.data() + i);
  return out;
}
std::string broadcast(const std::string& v) {
  if (!g_active) return v;
  int n = int(v.size());
  MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::string out = g_rank == 0 ? v : std::string(std::size_t(n), ' ');
  MPI_Bcast(out.data(), n, MPI_CHAR, 0, MPI_COMM_WORLD);
  return out;
}
void barrier() {
  if (g_active) MPI_Barrier(MPI_COMM_WORLD);
}
void abort(int status) {
  if (g_active) MPI_Abort(MPI_COMM_WORLD, status);
  std::exit(status);
}

std::pair<int, std::string> first_error(int status, const std::string& message) {
  if (!g_active) return {status, message};
  const int failing = allreduce(status != 0 ? g_rank : g_size, MPI_INT, MPI_MIN);
  if (failing == g_size) return {0, ""};
  int head[2] = {status, int(message.size())};
  MPI_Bcast(head, 2, MPI_INT, failing, MPI_COMM_WORLD);
  std::string text = g_rank == failing ? message : std::string(std::size_t(head[1]), ' ');
  MPI_Bcast(text.data(), head[1], MPI_CHAR, failing, MPI_COMM_WORLD);
  return {head[0], text};
}

struct Requests::Impl {
  std::vector<MPI_Request> pending;
};

void Requests::send(const void* data, std::size_t bytes, int to, int tag) {
  impl_->pending.emplace_back();
  MPI_Isend(data, int(bytes), MPI_BYTE, to, tag, MPI_COMM_WORLD, &impl_->pending.back());
}
void Requests::receive(void* data, std::size_t bytes, int from, int tag) {
  impl_->pending.emplace_back();
  MPI_Irecv(data, int(bytes), MPI_BYTE, from, tag, MPI_COMM_WORLD, &impl_->pending.back());
}
void Requests::wait_all() {
  MPI_Waitall(int(impl_->pending.size()), impl_->pending.data(), MPI_STATUSES_IGNORE);
  impl_->pending.clear();
}

#else  // one rank, no MPI

Session::Session(int&, char**&) { (void)launched_by_mpi; }
Session::~Session() = default;
bool built_with_mpi() { return false; }
bool gpu_aware() { return false; }
std::string library_version() { return "none (built without MPI)"; }
double max(double v) { return v; }
double min(double v) { return v; }
long long min(long long v) { return v; }
double sum(double v) { return v; }
long long sum(long long v) { return v; }
std::vector<double> gather(double v) { return {v}; }
std::vector<float> gather(const std::vector<float>& v) { return v; }
std::vector<int> gather(const std::vector<int>& v) { return v; }
std::vector<std::string> gather(const std::string& v) { return {v}; }
std::string broadcast(const std::string& v) { return v; }
void barrier() {}
void abort(int status) { std::exit(status); }
std::pair<int, std::string> first_error(int status, const std::string& message) { return {status, message}; }

struct Requests::Impl {};
// A single rank has no neighbours: nothing is ever sent.
void Requests::send(const void*, std::size_t, int, int) {}
void Requests::receive(void*, std::size_t, int, int) {}
void Requests::wait_all() {}

#endif

bool active() { return g_active; }
int rank() { return g_rank; }
int size() { return g_size; }
int local_rank() { return g_local_rank; }

Requests::Requests() : impl_(std::make_unique<Impl>()) {}
Requests::~Requests() = default;

}  // namespace seis::comm
