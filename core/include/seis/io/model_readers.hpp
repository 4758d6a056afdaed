#pragma once
// Model parameters from files: raw float32, NumPy .npy and SEG-Y, read on the
// host during validation, shape-checked against the grid or resampled onto
// it (trilinear) when the model table gives its own spacing or origin.
//
// A file is opened first (header and size checked, nothing else read), then
// any box of its samples is read alone: a rank of a distributed run reads
// only the samples its part of the grid needs (model_samples_needed).

#include "seis/grid.hpp"
#include "seis/scenario.hpp"

#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace seis {

// The box [0, n) of a 3D extent.
inline Box box_of(const std::array<int, 3>& n) { return Box{0, n[0], 0, n[1], 0, n[2]}; }

// A box of a model's samples (all of them, or the part one rank reads), x
// fastest.
struct ModelVolume {
  std::array<int, 3> dims{};  // the whole model's samples along x, y, z
  Box box;                    // the samples held, in sample coordinates
  std::vector<float> data;
};

// A model parameter's values on a box of grid points (global coordinates), x
// fastest: what one process builds its part of the model from.
struct ModelPart {
  Box box;
  std::vector<float> values;
};

// Whether SEG-Y models can be read (segyio built in).
bool segy_models_available();

// A model file opened for reading boxes of its samples. Opening reads and
// checks the header and the file's size (InputError with one line naming
// `what`, the parameter), so that whatever box is read later, the file as a
// whole is known to be complete; read() reads that box's samples only.
class ModelFile {
 public:
  ModelFile(const ModelSpec& m, const std::string& what);
  ~ModelFile();
  ModelFile(ModelFile&&) noexcept;
  ModelFile& operator=(ModelFile&&) noexcept;

  const std::array<int, 3>& dims() const { return dims_; }  // x, y, z
  // The samples of `box` (within dims()), x fastest.
  ModelVolume read(const Box& box);
  // Bytes of sample values read from the file so far (headers not counted).
  std::size_t bytes_read() const { return bytes_read_; }

  struct Source;  // where a format keeps its samples

 private:
  std::unique_ptr<Source> source_;
  std::array<int, 3> dims_{};
  std::size_t bytes_read_ = 0;
};

// Index (x + nx (y + ny z) in the whole model) of the first non-finite
// sample of `v`, -1 when all are finite. The order of a box's samples is the
// whole model's, so this is the first one of the whole model that v holds.
long long first_non_finite(const ModelVolume& v);

// Throws InputError naming the sample when `first_bad` >= 0.
void refuse_non_finite(const ModelSpec& m, const std::string& what, long long first_bad);

// Reads m.path in m.format, whole. Throws InputError with one line on
// anything unreadable or non-finite.
ModelVolume read_model_volume(const ModelSpec& m, const std::string& what);

// The model file's samples that its values on the grid box `part` need
// (model_on_grid): the same box when the model is on the grid, or the
// samples between which the box's nodes are interpolated. Widened so that
// the parts of a decomposition together read every sample once at least (a
// part on the grid's low face reads from the file's first sample, one on
// its high face to its last, each up to where the next one starts): so the
// ranks together check the whole file, and the whole grid reads it whole.
Box model_samples_needed(const ModelSpec& m, const std::array<int, 3>& model_dims, const Scenario& s,
                         const Box& part);

// The model's values at the grid nodes (i hx, j hy, k hz) of `nodes`, x
// fastest: trilinear interpolation between model samples at
// origin + (a, b, c) * spacing; beyond the model the nearest edge value.
// `v` must hold the samples those nodes need.
std::vector<float> resample_trilinear(const ModelVolume& v, const std::array<double, 3>& spacing,
                                      const std::array<double, 3>& origin, const Box& nodes,
                                      const std::array<double, 3>& grid_spacing);

// The model's values on the grid box `part`, from the samples
// model_samples_needed names: the samples themselves (the model's dims must
// then be the grid's), or, when the model gives its spacing or origin, their
// trilinear resampling. `note` gets a description of the resampling (empty
// when none).
ModelPart model_on_grid(ModelVolume v, const ModelSpec& m, const std::string& what, const Scenario& s,
                        const Box& part, std::string& note);

}  // namespace seis
