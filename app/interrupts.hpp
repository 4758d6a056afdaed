#pragma once
// SIGINT and SIGTERM during a run: the handler only records the signal; the
// time loop checks it after each step, finishes that step, writes a
// checkpoint and the seismograms so far, and exits 128 + signal. A second
// signal ends the program at once (the handlers reset after the first).

#include <csignal>

namespace seis {

class InterruptWatch {
 public:
  InterruptWatch() {
    caught_ = 0;
    struct sigaction sa {};
    sa.sa_handler = &InterruptWatch::handle;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &sa, &old_int_);
    sigaction(SIGTERM, &sa, &old_term_);
  }
  ~InterruptWatch() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;

  // The signal received, 0 if none.
  int signal() const { return caught_; }

 private:
  static void handle(int sig) { caught_ = sig; }
  static inline volatile std::sig_atomic_t caught_ = 0;
  struct sigaction old_int_ {}, old_term_ {};
};

}  // namespace seis
