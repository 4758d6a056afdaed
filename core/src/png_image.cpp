#include "seis/io/png_image.hpp"

#include "seis/io/atomic_file.hpp"

#if defined(SEIS_HAVE_PNG)
#include <png.h>
#endif

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace seis {

bool png_available() {
#if defined(SEIS_HAVE_PNG)
  return true;
#else
  return false;
#endif
}

Rgb diverging_colour(double value, double clip) {
  const double t = clip > 0 ? std::clamp(value / clip, -1.0, 1.0) : 0.0;
  const auto fade = static_cast<unsigned char>(std::lround(255 * (1 - std::abs(t))));
  return t >= 0 ? Rgb{255, fade, fade} : Rgb{fade, fade, 255};
}

double symmetric_clip(const float* values, std::size_t n) {
  if (n == 0) return 0;
  std::vector<float> a(values, values + n);
  for (float& v : a) v = std::abs(v);
  const std::size_t k = std::min(n - 1, std::size_t(0.995 * double(n)));
  std::nth_element(a.begin(), a.begin() + long(k), a.end());
  const double clip = a[k];
  return clip > 0 ? clip : *std::max_element(a.begin(), a.end());
}

bool write_png_image(const std::string& path, const float* data, int columns, int rows, double clip, int sx, int sy) {
#if defined(SEIS_HAVE_PNG)
  const std::size_t width = std::size_t(columns) * sx, height = std::size_t(rows) * sy;
  std::vector<unsigned char> pixels(width * height * 3);
  for (std::size_t y = 0; y < height; ++y)
    for (std::size_t x = 0; x < width; ++x) {
      const Rgb c = diverging_colour(data[(x / sx) * rows + y / sy], clip);
      unsigned char* p = &pixels[(y * width + x) * 3];
      p[0] = c.r;
      p[1] = c.g;
      p[2] = c.b;
    }
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  image.width = png_uint_32(width);
  image.height = png_uint_32(height);
  image.format = PNG_FORMAT_RGB;
  png_alloc_size_t size = 0;
  if (!png_image_write_to_memory(&image, nullptr, &size, 0, pixels.data(), 0, nullptr))
    throw std::runtime_error("cannot encode '" + path + "': " + image.message);
  std::vector<unsigned char> encoded(size);
  if (!png_image_write_to_memory(&image, encoded.data(), &size, 0, pixels.data(), 0, nullptr))
    throw std::runtime_error("cannot encode '" + path + "': " + image.message);
  write_file_atomically(path, [&](std::ostream& out) {
    out.write(reinterpret_cast<const char*>(encoded.data()), std::streamsize(size));
  });
  return true;
#else
  (void)path, (void)data, (void)columns, (void)rows, (void)clip, (void)sx, (void)sy;
  return false;
#endif
}

}  // namespace seis
