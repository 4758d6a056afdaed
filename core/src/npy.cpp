#include "seis/io/npy.hpp"

#include "seis/errors.hpp"
#include "seis/io/atomic_file.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>
#include <numeric>
#include <sstream>

namespace seis {

static_assert(sizeof(float) == 4, "npy float32");

void write_npy(const std::string& path, const std::vector<std::size_t>& shape, const float* data) {
  std::ostringstream header;
  header << "{'descr': '<f4', 'fortran_order': False, 'shape': (";
  for (std::size_t i = 0; i < shape.size(); ++i) header << shape[i] << (shape.size() == 1 || i + 1 < shape.size() ? ", " : "");
  header << "), }";
  std::string h = header.str();
  // Magic (6) + version (2) + length (2) + header, padded with spaces and a
  // final newline to a multiple of 64 bytes.
  const std::size_t total = 10 + h.size() + 1;
  h.append((64 - total % 64) % 64, ' ');
  h.push_back('\n');
  const std::size_t count = std::accumulate(shape.begin(), shape.end(), std::size_t(1), std::multiplies<>());
  write_file_atomically(path, [&](std::ostream& out) {
    out.write("\x93NUMPY\x01\x00", 8);
    const std::uint16_t len = std::uint16_t(h.size());
    const char le[2] = {char(len & 0xff), char(len >> 8)};
    out.write(le, 2);
    out.write(h.data(), std::streamsize(h.size()));
    out.write(reinterpret_cast<const char*>(data), std::streamsize(count * sizeof(float)));
  });
}

NpyHeader read_npy_header(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot open '" + path + "'");
  char magic[10];
  in.read(magic, 10);
  if (!in || std::memcmp(magic, "\x93NUMPY", 6) != 0 || magic[6] != 1)
    throw InputError("'" + path + "' is not a version 1 .npy file");
  const std::size_t len = std::uint8_t(magic[8]) | (std::size_t(std::uint8_t(magic[9])) << 8);
  std::string header(len, '\0');
  in.read(header.data(), std::streamsize(len));
  const bool f4 = header.find("'descr': '<f4'") != std::string::npos;
  const bool f8 = header.find("'descr': '<f8'") != std::string::npos;
  if (!f4 && !f8) throw InputError("'" + path + "' is not a little-endian float32 or float64 array");
  NpyHeader h;
  h.element_bytes = f4 ? 4 : 8;
  h.data_offset = 10 + len;
  h.fortran_order = header.find("'fortran_order': True") != std::string::npos;
  const auto open = header.find('('), close = header.find(')');
  if (open == std::string::npos || close == std::string::npos || close < open)
    throw InputError("'" + path + "' has no shape in its header");
  std::stringstream dims(header.substr(open + 1, close - open - 1));
  std::string item;
  while (std::getline(dims, item, ','))
    if (item.find_first_of("0123456789") != std::string::npos) h.shape.push_back(std::stoul(item));
  // Every value must be there, so that a reader of part of the array (a
  // rank's part of a model) refuses a file cut short as a whole read does.
  std::size_t bytes = std::size_t(h.element_bytes);
  bool overflow = false;
  for (std::size_t n : h.shape) {
    overflow = overflow || (n != 0 && bytes > std::numeric_limits<std::size_t>::max() / n);
    bytes *= n;
  }
  in.clear();
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  if (overflow || size < std::streamoff(h.data_offset) || std::size_t(size) - h.data_offset < bytes)
    throw InputError("'" + path + "' is shorter than its header says");
  return h;
}

NpyArray read_npy(const std::string& path) {
  const NpyHeader h = read_npy_header(path);
  NpyArray a;
  a.shape = h.shape;
  a.fortran_order = h.fortran_order;
  const std::size_t count = std::accumulate(a.shape.begin(), a.shape.end(), std::size_t(1), std::multiplies<>());
  a.data.resize(count);
  std::ifstream in(path, std::ios::binary);
  in.seekg(std::streamoff(h.data_offset));
  if (h.element_bytes == 4) {
    in.read(reinterpret_cast<char*>(a.data.data()), std::streamsize(count * sizeof(float)));
  } else {
    std::vector<double> wide(count);
    in.read(reinterpret_cast<char*>(wide.data()), std::streamsize(count * sizeof(double)));
    std::copy(wide.begin(), wide.end(), a.data.begin());
  }
  if (!in) throw InputError("'" + path + "' is shorter than its header says");
  return a;
}

}  // namespace seis
