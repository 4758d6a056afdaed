#pragma once
// Splits the command line into Kokkos' options (--kokkos-*) and the
// program's own, so that the program parses its options before Kokkos is
// initialised and Kokkos never sees (or answers) --help.

#include <cstring>
#include <vector>

namespace seis {

class KokkosArguments {
 public:
  KokkosArguments(int argc, char** argv) {
    kokkos_.push_back(argv[0]);
    program_.push_back(argv[0]);
    for (int i = 1; i < argc; ++i) {
      const bool for_kokkos = std::strncmp(argv[i], "--kokkos-", 9) == 0;
      (for_kokkos ? kokkos_ : program_).push_back(argv[i]);
      if (std::strcmp(argv[i], "--kokkos-help") == 0) help_ = true;
    }
    kokkos_argc_ = int(kokkos_.size());
    kokkos_.push_back(nullptr);
    program_.push_back(nullptr);
  }
  bool help_requested() const { return help_; }
  // For Kokkos::initialize (which may remove the options it consumed).
  int& argc() { return kokkos_argc_; }
  char** argv() { return kokkos_.data(); }
  // For the program's parser.
  int program_argc() const { return int(program_.size()) - 1; }
  char** program_argv() { return program_.data(); }

 private:
  std::vector<char*> kokkos_, program_;
  int kokkos_argc_ = 0;
  bool help_ = false;
};

}  // namespace seis
