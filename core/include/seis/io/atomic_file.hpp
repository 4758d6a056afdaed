#pragma once
// Writes a file so that it is either complete or absent: data goes to a
// temporary file beside it, which is renamed into place only when every byte
// has been written and flushed to the disk.

#include <functional>
#include <ostream>
#include <string>

namespace seis {

// Calls write(stream) into `path.tmp`, then renames it to `path`. Throws
// std::runtime_error (and removes the temporary) if anything fails.
void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write);

// Flushes a written file or folder to the disk (fsync), so that a rename
// that follows cannot survive a crash without the data.
void sync_path(const std::string& path);

}  // namespace seis
