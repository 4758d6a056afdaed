#pragma once
// Writes a file so that it is either complete or absent: data goes to a
// temporary file beside it, which is renamed into place only when every byte
// has been written and flushed.

#include <functional>
#include <ostream>
#include <string>

namespace seis {

// Calls write(stream) into `path.tmp`, then renames it to `path`. Throws
// std::runtime_error (and removes the temporary) if anything fails.
void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write);

}  // namespace seis
