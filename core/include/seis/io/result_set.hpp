#pragma once
// The output folder as a whole: checked before the run (so a run is never
// lost because its results cannot be written), and replaced in one rename
// when results are written (so nobody sees old and new files mixed).

#include <cstddef>
#include <functional>
#include <string>

namespace seis {

// Files seis writes into an output folder: results, checkpoints and their
// temporary names. Anything else there belongs to the user.
bool is_seis_output(const std::string& filename);

// Before the run: `dir` can be created and written (not read-only, not on a
// pseudo filesystem such as /proc or /sys, names within NAME_MAX and
// PATH_MAX), is a folder if it exists, holds no results or checkpoint unless
// `overwrite`, holds nothing but seis outputs (replacing it would delete
// them), and its filesystem has `bytes_to_write` free. Throws InputError.
void check_output_location(const std::string& dir, bool overwrite, std::size_t bytes_to_write);

// Calls fill(staging) to write a result set into a fresh sibling folder of
// `dir`, then swaps it in for `dir` (an atomic exchange where the system has
// one) and removes what `dir` held. If fill throws, `dir` is untouched.
void replace_result_set(const std::string& dir, const std::function<void(const std::string& staging)>& fill);

}  // namespace seis
