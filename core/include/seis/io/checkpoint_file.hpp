#pragma once
// The checkpoint file: everything a run needs to continue bitwise as if it
// had never stopped. Layout:
//   "SEISCKPT", u32 format version, u64 header length, JSON header
//   (seis version, physics, grid, step, hash of the inputs, what resuming
//   needs, the arrays' names and sizes), the arrays' bytes back to back,
//   u64 hash of those bytes, "SEISEND!".
// Written to a temporary name, fsync'ed and renamed into place, so a
// checkpoint is complete or absent; the trailer catches anything else.
//
// A distributed run's checkpoint is a folder of the same name holding one
// such file per rank ("rank-00003.seisck", its header naming the rank, the
// number of ranks, their grid and the rank's box). The folder is filled
// under a temporary name and renamed into place once every rank's file is
// complete, so a set of parts is complete or absent too.

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace seis {

struct RunPlan;

constexpr std::uint32_t checkpoint_format_version = 1;

struct CheckpointInfo {
  std::string seis_version;
  std::string physics;
  int nx = 0, ny = 0, nz = 0;
  int scalar_bytes = 0;
  // How the CPML memory variables are stored ("bfloat16" or "float",
  // cpml_memory_name; checkpoints written before there was a choice hold
  // float and say nothing, read as "float").
  std::string cpml_memory = "float";
  int step = 0;      // steps done
  int recorded = 0;  // samples recorded per trace
  std::uint64_t inputs_hash = 0;
  nlohmann::json run;  // scenario text and run options (app-defined)
  nlohmann::json part;  // distributed runs: rank, ranks, dims, box; null otherwise
  std::vector<std::pair<std::string, std::size_t>> arrays;  // name, bytes
};

// One array of the state: its bytes are copied out to / in from a host
// buffer of `bytes`.
struct CheckpointArray {
  std::string name;
  std::size_t bytes = 0;
  std::function<void(char*)> save;
  std::function<void(const char*)> load;
};

// 64-bit hash (FNV-1a over 8-byte words), for inputs and payloads.
std::uint64_t hash_bytes(const void* data, std::size_t n, std::uint64_t h = 0xcbf29ce484222325ull);

// Hash of what determines a run's result: the scenario text, the model
// files' contents and the run options.
std::uint64_t run_inputs_hash(const std::string& scenario_text, const RunPlan& plan, const nlohmann::json& options);

// Writes atomically (temporary name, fsync, rename, fsync of the folder).
void write_checkpoint(const std::string& path, CheckpointInfo info, const std::vector<CheckpointArray>& arrays);

// Reads and checks the header (magic, format). Throws InputError.
CheckpointInfo read_checkpoint_info(const std::string& path);

// Loads the arrays, which must match the file's names and sizes, and checks
// the trailer's hash. Throws InputError.
void read_checkpoint_arrays(const std::string& path, const std::vector<CheckpointArray>& arrays);

// Checkpoints in `dir` (files, or folders of a distributed run), oldest first
// ("checkpoint-<step>.seisck").
std::vector<std::string> list_checkpoints(const std::string& dir);
std::string checkpoint_name(int step);

// The file of `rank` in a checkpoint: the checkpoint itself when it is a
// file, its part "rank-<rank>.seisck" when it is a folder.
std::string checkpoint_part_name(int rank);
std::string checkpoint_file_of(const std::string& checkpoint, int rank);
// How many ranks wrote a checkpoint: 1 for a file, its parts for a folder.
int checkpoint_ranks(const std::string& checkpoint);

}  // namespace seis
