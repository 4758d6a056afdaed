#include "seis/measure/stream_probe.hpp"

namespace seis {

std::size_t default_stream_bytes(bool gpu, std::size_t free_bytes) {
  const std::size_t want = gpu ? (std::size_t(1) << 30) : (std::size_t(256) << 20);
  return std::min(want, free_bytes / 4);
}

}  // namespace seis
