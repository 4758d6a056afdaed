#pragma once
// SEG-Y rev 1 seismograms through segyio, when the build found it; lengths in
// metres (binary header measurement system 1).

#include "seis/run_plan.hpp"

#include <string>
#include <vector>

namespace seis {

bool segy_available();
// Why these seismograms do not fit SEG-Y rev 1 (16-bit sample count, sample
// interval in whole microseconds up to 32767), or "" when they do. segyio
// 1.8 writes no rev 2 extended fields, so such runs keep only the .npy.
std::string segy_unwritable_reason(const RunPlan& plan, int samples);
// traces: [receiver][sample]; returns false when segyio is not built in.
bool write_segy(const std::string& path, const RunPlan& plan, const std::vector<float>& traces, int samples);

}  // namespace seis
