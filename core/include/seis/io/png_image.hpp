#pragma once
// PNG images of 2D arrays (wavefield slices, shot gathers) through libpng,
// with a symmetric diverging colour scale: -clip blue, 0 white, +clip red.

#include <cstddef>
#include <string>

namespace seis {

bool png_available();

struct Rgb {
  unsigned char r = 0, g = 0, b = 0;
};

// Colour of `value` on the scale [-clip, clip] (saturated beyond).
Rgb diverging_colour(double value, double clip);

// The scale of an image: the 99.5th percentile of |v|, so that a few
// extreme values (the source node, the direct wave at near offsets) do not
// wash out the rest; max |v| when that percentile is 0.
double symmetric_clip(const float* values, std::size_t n);

// Writes data[i * rows + j] (column i from the left, row j from the top) as
// an RGB PNG, each value a block of sx x sy pixels, complete or not at all.
// Returns false when built without libpng.
bool write_png_image(const std::string& path, const float* data, int columns, int rows, double clip, int sx = 1,
                     int sy = 1);

// An integer magnification that brings an image of `n` values to at least
// `target` pixels (1 when it already has them).
inline int magnification(int n, int target = 400) { return n >= target ? 1 : (target + n - 1) / n; }

}  // namespace seis
