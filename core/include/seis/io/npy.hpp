#pragma once
// NumPy .npy (format 1.0): writes little-endian float32 arrays; reads
// little-endian float32 and float64 (converted to float32), C or Fortran
// order.

#include <cstddef>
#include <string>
#include <vector>

namespace seis {

struct NpyArray {
  std::vector<std::size_t> shape;
  std::vector<float> data;  // in file order: C order, or Fortran order when fortran_order
  bool fortran_order = false;
};

// What the header of a .npy file says, checked against the file's size: the
// array's values then lie at data_offset, element_bytes each, in file order.
struct NpyHeader {
  std::vector<std::size_t> shape;
  bool fortran_order = false;
  int element_bytes = 4;  // 4: float32, 8: float64
  std::size_t data_offset = 0;
};

void write_npy(const std::string& path, const std::vector<std::size_t>& shape, const float* data);
// Throws InputError (one line) on anything but a version 1 little-endian
// float32/float64 file holding as many values as its shape says.
NpyHeader read_npy_header(const std::string& path);
NpyArray read_npy(const std::string& path);

}  // namespace seis
