#pragma once
// Checks made before a run reads, allocates or writes anything, so that bad
// input fails in a second instead of after hours, or worse, gives garbage
// with exit 0. Each throws InputError (or ConfigError: does not fit) with one
// line naming the value and what is expected.

#include "seis/run_plan.hpp"
#include "seis/scenario.hpp"

#include <cstddef>
#include <string>

namespace seis {

// The scenario's values: every number finite and in range, integer products
// (grid points, samples x receivers) far from overflow, the name usable as a
// folder name, model files that are regular files and whose values on
// `model_points` grid points (this process's part) fit in host memory.
// plan_run calls it first.
void check_scenario_inputs(const Scenario& s, double model_points);

// After the time step is known: the source acts before the run ends.
void check_source_timing(const RunPlan& plan);

// Host memory a run needs beside the device's: recorded traces, receiver
// lists, model files, and one array's staging buffer when checkpointing.
std::size_t host_bytes_needed(const RunPlan& plan, bool checkpointing);
// What the machine has available now (MemAvailable).
std::size_t host_bytes_available();
// Throws ConfigError when the host part (plus `device_bytes_on_host` for
// backends whose device memory is host memory) exceeds `available`.
void check_host_memory(const RunPlan& plan, bool checkpointing, std::size_t device_bytes_on_host,
                       std::size_t available);

// A folder name for the scenario: no separators, not "." or "..", no
// control characters, short enough for NAME_MAX with room for suffixes.
void check_folder_name(const std::string& name, const std::string& what);

}  // namespace seis
