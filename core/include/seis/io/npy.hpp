#pragma once
// NumPy .npy (format 1.0): writes little-endian float32 arrays; reads
// little-endian float32 and float64 (converted to float32), C or Fortran
// order.

#include <string>
#include <vector>

namespace seis {

struct NpyArray {
  std::vector<std::size_t> shape;
  std::vector<float> data;  // in file order: C order, or Fortran order when fortran_order
  bool fortran_order = false;
};

void write_npy(const std::string& path, const std::vector<std::size_t>& shape, const float* data);
NpyArray read_npy(const std::string& path);

}  // namespace seis
