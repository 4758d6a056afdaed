#include "seis/io/atomic_file.hpp"

#include <cstdio>
#include <fcntl.h>
#include <unistd.h>
#include <fstream>
#include <stdexcept>

namespace seis {

void sync_path(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write '" + tmp + "'");
    try {
      write(out);
      out.flush();
    } catch (...) {
      out.close();
      std::remove(tmp.c_str());
      throw;
    }
    if (!out) {
      out.close();
      std::remove(tmp.c_str());
      throw std::runtime_error("writing '" + tmp + "' failed (disk full?)");
    }
  }
  sync_path(tmp);
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw std::runtime_error("cannot move '" + tmp + "' to '" + path + "'");
  }
}

}  // namespace seis
