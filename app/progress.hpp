#pragma once
// Progress of a run on the terminal: a bar with ETA that redraws in place on
// a terminal, plain lines (every 10 %) otherwise.

#include <cstdio>
#include <string>
#include <unistd.h>

namespace seis {

class ProgressReporter {
 public:
  explicit ProgressReporter(bool enabled) : enabled_(enabled), tty_(isatty(fileno(stderr)) != 0) {}

  void operator()(int step, int steps, double seconds) {
    if (!enabled_) return;
    const double frac = double(step) / steps;
    const double eta = step > 0 ? seconds / step * (steps - step) : 0;
    if (tty_) {
      if (seconds - last_ < 0.1 && step != steps) return;
      last_ = seconds;
      const int width = 30, filled = int(frac * width + 0.5);
      std::fprintf(stderr, "\r[%s%s] %5.1f%% step %d/%d  %s elapsed  ETA %s ", std::string(filled, '#').c_str(),
                   std::string(width - filled, '.').c_str(), 100 * frac, step, steps, clock(seconds).c_str(),
                   clock(eta).c_str());
      if (step == steps) std::fprintf(stderr, "\n");
    } else {
      const int decile = int(frac * 10);
      if (decile <= printed_ && step != steps) return;
      printed_ = decile;
      std::fprintf(stderr, "progress: step %d/%d (%.0f%%), %s elapsed, ETA %s\n", step, steps, 100 * frac,
                   clock(seconds).c_str(), clock(eta).c_str());
    }
    std::fflush(stderr);
  }

 private:
  static std::string clock(double s) {
    char buf[32];
    const long t = long(s + 0.5);
    std::snprintf(buf, sizeof buf, "%02ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    return buf;
  }
  bool enabled_, tty_;
  double last_ = -1;
  int printed_ = 0;
};

}  // namespace seis
