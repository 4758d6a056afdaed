#pragma once
// Model parameters from files: raw float32, NumPy .npy and SEG-Y, read on the
// host during validation, shape-checked against the grid or resampled onto
// it (trilinear) when the model table gives its own spacing or origin.

#include "seis/scenario.hpp"

#include <array>
#include <string>
#include <vector>

namespace seis {

// A model as stored in its file, x fastest.
struct ModelVolume {
  std::array<int, 3> dims{};  // x, y, z
  std::vector<float> data;
};

// Whether SEG-Y models can be read (segyio built in).
bool segy_models_available();

// Reads m.path in m.format. `what` names the parameter in error messages.
// Throws InputError with one line on anything unreadable or non-finite.
ModelVolume read_model_volume(const ModelSpec& m, const std::string& what);

// The model's values at the nodes (i hx, j hy, k hz) of an nx x ny x nz grid,
// x fastest: trilinear interpolation between model samples at
// origin + (a, b, c) * spacing; beyond the model the nearest edge value.
std::vector<float> resample_trilinear(const ModelVolume& v, const std::array<double, 3>& spacing,
                                      const std::array<double, 3>& origin, const std::array<int, 3>& grid_dims,
                                      const std::array<double, 3>& grid_spacing);

// Reads a file model and returns it on the scenario's grid (x fastest).
// Without spacing/origin its dimensions must equal the grid's. `note` gets a
// description of the resampling (empty when none).
std::vector<float> load_model_on_grid(const ModelSpec& m, const std::string& what, const Scenario& s,
                                      std::string& note);

}  // namespace seis
