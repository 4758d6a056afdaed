#include "catch_compat.hpp"

#include "progress.hpp"

#include <cstdio>
#include <string>
#include <vector>

using seis::ProgressReporter;

namespace {

// The progress lines written to a log (a file, not a terminal) for `steps`
// steps taking `step_seconds` each, with the seconds at which each appeared.
std::vector<double> log_line_times(int steps, double step_seconds) {
  std::FILE* log = std::tmpfile();
  ProgressReporter progress(true, log);
  std::vector<double> times;
  long size = 0;
  for (int s = 1; s <= steps; ++s) {
    progress(s, steps, s * step_seconds);
    if (std::ftell(log) != size) times.push_back(s * step_seconds);
    size = std::ftell(log);
  }
  std::fclose(log);
  return times;
}

}  // namespace

TEST_CASE("progress in a log: a line per 2 % of the steps, and at least every 10 s", "[progress]") {
  // Fast steps: one line per 2 %, i.e. 50 lines.
  REQUIRE(log_line_times(1000, 0.001).size() == 50);
  // Slow steps (2 % = 20 steps = 60 s): no gap between lines over 10 s + one step.
  const auto times = log_line_times(1000, 3.0);
  REQUIRE(times.size() > 50);
  double last = 0;
  for (double t : times) {
    REQUIRE(t - last <= 10 + 3.0);
    last = t;
  }
  REQUIRE(times.back() == 3000.0);
}
