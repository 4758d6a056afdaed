#pragma once
// SEG-Y rev 1 seismograms through segyio, when the build found it.

#include "seis/run_plan.hpp"

#include <string>
#include <vector>

namespace seis {

bool segy_available();
// traces: [receiver][sample]; returns false when segyio is not built in.
bool write_segy(const std::string& path, const RunPlan& plan, const std::vector<float>& traces, int samples);

}  // namespace seis
