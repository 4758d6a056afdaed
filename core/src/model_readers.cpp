#include "seis/io/model_readers.hpp"

#include "seis/errors.hpp"
#include "seis/io/npy.hpp"

#if defined(SEIS_HAVE_SEGYIO)
#include <segyio/segy.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

namespace seis {

namespace {

std::string dims_text(const std::array<int, 3>& d) {
  return "[" + std::to_string(d[0]) + ", " + std::to_string(d[1]) + ", " + std::to_string(d[2]) + "]";
}

ModelVolume read_raw(const ModelSpec& m, const std::string& what) {
  ModelVolume v;
  v.dims = m.dims;
  for (int d : v.dims)
    if (d <= 0) throw InputError(what + " file '" + m.path + "': dims " + dims_text(m.dims) + " must be positive");
  std::ifstream in(m.path, std::ios::binary | std::ios::ate);
  if (!in) throw InputError(what + " file '" + m.path + "' cannot be opened");
  const std::streamoff size = in.tellg();
  const std::size_t count = std::size_t(v.dims[0]) * v.dims[1] * v.dims[2];
  if (size < 0 || std::size_t(size) != count * sizeof(float))
    throw InputError(what + " file '" + m.path + "' has " + std::to_string(size) + " bytes; dims " +
                     dims_text(v.dims) + " of float32 need " + std::to_string(count * sizeof(float)));
  in.seekg(0);
  v.data.resize(count);
  in.read(reinterpret_cast<char*>(v.data.data()), std::streamsize(count * sizeof(float)));
  if (!in) throw InputError(what + " file '" + m.path + "' could not be read completely");
  return v;
}

// .npy axes are (x, y, z): Fortran order is already x fastest, C order is
// transposed.
ModelVolume read_npy_model(const ModelSpec& m, const std::string& what) {
  const NpyArray a = read_npy(m.path);
  if (a.shape.size() != 3) {
    std::string shape;
    for (auto n : a.shape) shape += (shape.empty() ? "" : ", ") + std::to_string(n);
    throw InputError(what + " file '" + m.path + "' has shape (" + shape + "); a model needs 3 axes (x, y, z)");
  }
  ModelVolume v;
  for (int i = 0; i < 3; ++i) {
    if (a.shape[i] == 0 || a.shape[i] > 1u << 30)
      throw InputError(what + " file '" + m.path + "' has an empty or oversized axis");
    v.dims[i] = int(a.shape[i]);
  }
  if (a.fortran_order) {
    v.data = a.data;
    return v;
  }
  const std::size_t nx = v.dims[0], ny = v.dims[1], nz = v.dims[2];
  v.data.resize(a.data.size());
  for (std::size_t x = 0; x < nx; ++x)
    for (std::size_t y = 0; y < ny; ++y)
      for (std::size_t z = 0; z < nz; ++z) v.data[x + nx * (y + ny * z)] = a.data[z + nz * (y + ny * x)];
  return v;
}

#if defined(SEIS_HAVE_SEGYIO)
// A SEG-Y cube: traces placed by their inline (x) and crossline (y) numbers
// (bytes 189 and 193), samples along z; any trace order. A file whose traces
// all carry the same line numbers (a 2D section such as Marmousi) is a line
// along x.
ModelVolume read_segy_model(const ModelSpec& m, const std::string& what) {
  const std::string where = what + " file '" + m.path + "'";
  std::unique_ptr<segy_file, int (*)(segy_file*)> fp(segy_open(m.path.c_str(), "rb"), segy_close);
  if (!fp) throw InputError(where + " cannot be opened");
  std::vector<char> bin(static_cast<std::size_t>(segy_binheader_size()));
  if (segy_binheader(fp.get(), bin.data()) != SEGY_OK) throw InputError(where + " has no SEG-Y binary header");
  const int samples = segy_samples(bin.data());
  const long trace0 = segy_trace0(bin.data());
  const int format = segy_format(bin.data());
  if (format != SEGY_IBM_FLOAT_4_BYTE && format != SEGY_IEEE_FLOAT_4_BYTE)
    throw InputError(where + " stores samples in SEG-Y format " + std::to_string(format) +
                     "; models must be IBM (1) or IEEE (5) 4-byte floats");
  segy_set_format(fp.get(), format);
  const int bsize = segy_trsize(format, samples);
  int traces = 0;
  if (samples <= 0 || bsize <= 0 || segy_traces(fp.get(), &traces, trace0, bsize) != SEGY_OK || traces <= 0)
    throw InputError(where + " has no traces of a consistent size");

  std::vector<char> header(SEGY_TRACE_HEADER_SIZE);
  std::vector<std::int32_t> il(traces), xl(traces);
  for (int t = 0; t < traces; ++t) {
    if (segy_traceheader(fp.get(), t, header.data(), trace0, bsize) != SEGY_OK)
      throw InputError(where + ": trace header " + std::to_string(t) + " cannot be read");
    segy_get_field(header.data(), SEGY_TR_INLINE, &il[t]);
    segy_get_field(header.data(), SEGY_TR_CROSSLINE, &xl[t]);
  }
  std::map<std::int32_t, int> ils, xls;
  for (int t = 0; t < traces; ++t) ils[il[t]], xls[xl[t]];
  const bool section = ils.size() == 1 && xls.size() == 1 && traces > 1;
  int k = 0;
  for (auto& e : ils) e.second = k++;
  k = 0;
  for (auto& e : xls) e.second = k++;
  ModelVolume v;
  v.dims = {section ? traces : int(ils.size()), section ? 1 : int(xls.size()), samples};
  if (std::size_t(v.dims[0]) * v.dims[1] != std::size_t(traces))
    throw InputError(where + " has " + std::to_string(traces) + " traces, not the " + std::to_string(ils.size()) +
                     " inlines x " + std::to_string(xls.size()) + " crosslines of a regular cube");
  const std::size_t nx = v.dims[0], ny = v.dims[1];
  v.data.assign(nx * ny * std::size_t(samples), 0.0f);
  std::vector<char> seen(nx * ny, 0);
  std::vector<float> trace(static_cast<std::size_t>(samples));
  for (int t = 0; t < traces; ++t) {
    const std::size_t x = section ? std::size_t(t) : std::size_t(ils[il[t]]), y = section ? 0 : std::size_t(xls[xl[t]]);
    if (seen[x + nx * y]++)
      throw InputError(where + ": inline " + std::to_string(il[t]) + ", crossline " + std::to_string(xl[t]) +
                       " occurs twice");
    if (segy_readtrace(fp.get(), t, trace.data(), trace0, bsize) != SEGY_OK)
      throw InputError(where + ": trace " + std::to_string(t) + " cannot be read");
    segy_to_native(format, samples, trace.data());
    for (std::size_t z = 0; z < std::size_t(samples); ++z) v.data[x + nx * (y + ny * z)] = trace[z];
  }
  return v;
}
#endif

// Index and weight of the model sample below coordinate p along one axis.
struct Lerp {
  int i0 = 0, i1 = 0;
  double w = 0;
};

Lerp lerp_at(double p, double origin, double spacing, int n) {
  double f = (p - origin) / spacing;
  f = std::clamp(f, 0.0, double(n - 1));
  Lerp l;
  l.i0 = std::min(int(std::floor(f)), std::max(n - 2, 0));
  l.i1 = std::min(l.i0 + 1, n - 1);
  l.w = f - l.i0;
  return l;
}

}  // namespace

bool segy_models_available() {
#if defined(SEIS_HAVE_SEGYIO)
  return true;
#else
  return false;
#endif
}

ModelVolume read_model_volume(const ModelSpec& m, const std::string& what) {
  ModelVolume v;
  switch (m.format) {
    case ModelSpec::Format::raw: v = read_raw(m, what); break;
    case ModelSpec::Format::npy: v = read_npy_model(m, what); break;
    case ModelSpec::Format::segy:
#if defined(SEIS_HAVE_SEGYIO)
      v = read_segy_model(m, what);
#else
      throw InputError(what + " file '" + m.path + "' is SEG-Y, but this build has no segyio");
#endif
      break;
  }
  for (std::size_t i = 0; i < v.data.size(); ++i)
    if (!std::isfinite(v.data[i]))
      throw InputError(what + " file '" + m.path + "' holds a non-finite value at element " + std::to_string(i));
  return v;
}

std::vector<float> resample_trilinear(const ModelVolume& v, const std::array<double, 3>& spacing,
                                      const std::array<double, 3>& origin, const std::array<int, 3>& grid_dims,
                                      const std::array<double, 3>& grid_spacing) {
  std::vector<Lerp> axes[3];
  for (int a = 0; a < 3; ++a)
    for (int i = 0; i < grid_dims[a]; ++i)
      axes[a].push_back(lerp_at(i * grid_spacing[a], origin[a], spacing[a], v.dims[a]));
  const std::size_t mx = v.dims[0], my = v.dims[1];
  auto at = [&](int x, int y, int z) { return double(v.data[x + mx * (y + my * std::size_t(z))]); };
  std::vector<float> out(std::size_t(grid_dims[0]) * grid_dims[1] * grid_dims[2]);
  std::size_t o = 0;
  for (const Lerp& z : axes[2])
    for (const Lerp& y : axes[1])
      for (const Lerp& x : axes[0]) {
        auto line = [&](int yy, int zz) { return (1 - x.w) * at(x.i0, yy, zz) + x.w * at(x.i1, yy, zz); };
        auto plane = [&](int zz) { return (1 - y.w) * line(y.i0, zz) + y.w * line(y.i1, zz); };
        out[o++] = float((1 - z.w) * plane(z.i0) + z.w * plane(z.i1));
      }
  return out;
}

std::vector<float> load_model_on_grid(const ModelSpec& m, const std::string& what, const Scenario& s,
                                      std::string& note) {
  ModelVolume v = read_model_volume(m, what);
  const std::array<int, 3> grid{s.nx, s.ny, s.nz};
  note.clear();
  if (!m.resample) {
    if (v.dims != grid)
      throw InputError(what + " file '" + m.path + "' has dims " + dims_text(v.dims) + " (x, y, z) but the grid is " +
                       dims_text(grid) + "; give the model's 'spacing' (and 'origin') to resample it");
    return std::move(v.data);
  }
  const std::array<double, 3> h{s.hx, s.hy, s.hz};
  std::array<double, 3> spacing = m.spacing;
  for (int a = 0; a < 3; ++a)
    if (!(spacing[a] > 0)) spacing[a] = h[a];
  std::ostringstream n;
  n.precision(6);
  n << "trilinear from " << dims_text(v.dims) << " samples, spacing [" << spacing[0] << ", " << spacing[1] << ", "
    << spacing[2] << "] m, origin [" << m.origin[0] << ", " << m.origin[1] << ", " << m.origin[2] << "] m";
  bool outside = false;
  for (int a = 0; a < 3; ++a)
    outside = outside || m.origin[a] > 1e-9 * h[a] ||
              m.origin[a] + (v.dims[a] - 1) * spacing[a] < (grid[a] - 1) * h[a] * (1 - 1e-9);
  if (outside) n << "; the grid extends beyond the model, where the nearest edge value is used";
  note = n.str();
  return resample_trilinear(v, spacing, m.origin, grid, h);
}

}  // namespace seis
