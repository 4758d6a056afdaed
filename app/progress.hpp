#pragma once
// Progress of a run on the terminal: a bar with ETA that redraws in place on
// a terminal; otherwise (logs) a plain line per 2 % of the steps, or after
// 10 s when 2 % takes longer.

#include <cstdio>
#include <string>
#include <unistd.h>

namespace seis {

class ProgressReporter {
 public:
  explicit ProgressReporter(bool enabled, std::FILE* out = stderr)
      : enabled_(enabled), tty_(isatty(fileno(out)) != 0), out_(out) {}

  void operator()(int step, int steps, double seconds) {
    if (!enabled_) return;
    const double frac = double(step) / steps;
    const double eta = step > 0 ? seconds / step * (steps - step) : 0;
    if (tty_) {
      if (seconds - last_ < 0.1 && step != steps) return;
      last_ = seconds;
      const int width = 30, filled = int(frac * width + 0.5);
      std::fprintf(out_, "\r[%s%s] %5.1f%% step %d/%d  %s elapsed  ETA %s ", std::string(filled, '#').c_str(),
                   std::string(width - filled, '.').c_str(), 100 * frac, step, steps, clock(seconds).c_str(),
                   clock(eta).c_str());
      if (step == steps) std::fprintf(out_, "\n");
    } else {
      const int bucket = int(frac * 50);  // 2 % steps
      if (bucket <= printed_ && seconds - last_ < 10 && step != steps) return;
      printed_ = bucket;
      last_ = seconds;
      std::fprintf(out_, "progress: step %d/%d (%.0f%%), %s elapsed, ETA %s\n", step, steps, 100 * frac,
                   clock(seconds).c_str(), clock(eta).c_str());
    }
    std::fflush(out_);
  }

 private:
  static std::string clock(double s) {
    char buf[32];
    const long t = long(s + 0.5);
    std::snprintf(buf, sizeof buf, "%02ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    return buf;
  }
  bool enabled_, tty_;
  std::FILE* out_;
  double last_ = 0;
  int printed_ = 0;
};

}  // namespace seis
