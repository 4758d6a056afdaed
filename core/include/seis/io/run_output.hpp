#pragma once
// The files of a run: seismograms (.npy + a JSON header, SEG-Y when segyio is
// built in) and the JSON run report. An output directory that already holds
// results is refused unless overwriting was asked for; every file is written
// complete or not at all.

#include "seis/run_plan.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace seis {

// Names of the files a run writes (relative to its output directory).
const std::vector<std::string>& run_output_files();

// Throws InputError if `dir` holds any run output and !overwrite, or exists
// and is not a directory.
void check_output_dir(const std::string& dir, bool overwrite);

// Seismogram header: nt, dt, f0, t0, positions, units, interpolation.
nlohmann::json seismogram_header(const RunPlan& plan, int samples);

// Writes seismograms.npy/.json (.sgy when available and asked for, .png
// when libpng is built in) and
// report.json into dir (created if needed). Returns the paths written.
std::vector<std::string> write_run_outputs(const std::string& dir, const RunPlan& plan,
                                           const std::vector<float>& traces, int samples,
                                           const nlohmann::json& report);

}  // namespace seis
