#pragma once
// NumPy .npy (format 1.0) for little-endian float32 arrays.

#include <string>
#include <vector>

namespace seis {

struct NpyArray {
  std::vector<std::size_t> shape;
  std::vector<float> data;  // C order
};

void write_npy(const std::string& path, const std::vector<std::size_t>& shape, const float* data);
NpyArray read_npy(const std::string& path);

}  // namespace seis
