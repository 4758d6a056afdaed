#include "seis/io/model_readers.hpp"

#include "seis/errors.hpp"
#include "seis/io/npy.hpp"

#if defined(SEIS_HAVE_SEGYIO)
#include <segyio/segy.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>

namespace seis {

namespace {

std::string dims_text(const std::array<int, 3>& d) {
  return "[" + std::to_string(d[0]) + ", " + std::to_string(d[1]) + ", " + std::to_string(d[2]) + "]";
}

std::string file_named(const ModelSpec& m, const std::string& what) { return what + " file '" + m.path + "'"; }

// Position of sample (x, y, z) of a box in its x-fastest storage.
std::size_t offset_in(const Box& b, int x, int y, int z) {
  const auto nx = std::size_t(b.nx()), ny = std::size_t(b.ny());
  return std::size_t(x - b.x0) + nx * (std::size_t(y - b.y0) + ny * std::size_t(z - b.z0));
}

}  // namespace

struct ModelFile::Source {
  virtual ~Source() = default;
  // Writes the samples of `box` into `out` (x fastest); returns the bytes of
  // samples read.
  virtual std::size_t read(const Box& box, float* out) = 0;
};

namespace {

// Samples one after another from `offset`, 4- or 8-byte little-endian
// floats: raw float32 (x fastest), .npy in Fortran order (x fastest) or C
// order (z fastest). A box is read as runs along the fastest axis, each run
// one read (no seek between runs that follow each other in the file).
class FlatSource : public ModelFile::Source {
 public:
  FlatSource(const std::string& where, const std::string& path, std::size_t offset, int element_bytes, bool z_fastest,
             const std::array<int, 3>& dims)
      : where_(where), in_(path, std::ios::binary), offset_(offset), element_bytes_(element_bytes),
        z_fastest_(z_fastest), dims_(dims) {
    if (!in_) throw InputError(where_ + " cannot be opened");
  }

  std::size_t read(const Box& b, float* out) override {
    const int fast = z_fastest_ ? 2 : 0, mid = 1, slow = z_fastest_ ? 0 : 2;
    const std::array<int, 3> lo{b.x0, b.y0, b.z0}, hi{b.x1, b.y1, b.z1};
    const std::size_t run = std::size_t(hi[fast] - lo[fast]), run_bytes = run * std::size_t(element_bytes_);
    // Consecutive samples of a run lie `stride` apart in `out` (x fastest).
    const std::size_t stride = z_fastest_ ? std::size_t(b.nx()) * std::size_t(b.ny()) : 1;
    const bool direct = element_bytes_ == sizeof(float) && stride == 1;  // the run is a run of `out`
    std::vector<char> buffer(direct ? 0 : run_bytes);
    std::size_t bytes = 0;
    std::int64_t next = -1;  // file position after the last run read
    for (int k = lo[slow]; k < hi[slow]; ++k)
      for (int j = lo[mid]; j < hi[mid]; ++j) {
        const std::int64_t first =
            std::int64_t(offset_) +
            element_bytes_ * (lo[fast] + std::int64_t(dims_[fast]) * (j + std::int64_t(dims_[mid]) * k));
        if (first != next) in_.seekg(std::streamoff(first));
        float* to = out + (z_fastest_ ? offset_in(b, k, j, b.z0) : offset_in(b, b.x0, j, k));
        in_.read(direct ? reinterpret_cast<char*>(to) : buffer.data(), std::streamsize(run_bytes));
        if (!in_) throw InputError(where_ + " could not be read completely");
        next = first + std::int64_t(run_bytes);
        bytes += run_bytes;
        if (!direct)
          for (std::size_t i = 0; i < run; ++i) to[i * stride] = value(buffer.data() + i * std::size_t(element_bytes_));
      }
    return bytes;
  }

 private:
  float value(const char* bytes) const {
    if (element_bytes_ == 4) {
      float f;
      std::memcpy(&f, bytes, sizeof f);
      return f;
    }
    double d;
    std::memcpy(&d, bytes, sizeof d);
    return float(d);
  }

  std::string where_;
  std::ifstream in_;
  std::size_t offset_;
  int element_bytes_;
  bool z_fastest_;
  std::array<int, 3> dims_;
};

std::unique_ptr<ModelFile::Source> open_raw(const ModelSpec& m, const std::string& what, std::array<int, 3>& dims) {
  const std::string where = file_named(m, what);
  dims = m.dims;
  for (int d : dims)
    if (d <= 0) throw InputError(where + ": dims " + dims_text(m.dims) + " must be positive");
  std::ifstream in(m.path, std::ios::binary | std::ios::ate);
  if (!in) throw InputError(where + " cannot be opened");
  const std::streamoff size = in.tellg();
  const std::size_t count = std::size_t(dims[0]) * dims[1] * dims[2];
  if (size < 0 || std::size_t(size) != count * sizeof(float))
    throw InputError(where + " has " + std::to_string(size) + " bytes; dims " + dims_text(dims) +
                     " of float32 need " + std::to_string(count * sizeof(float)));
  return std::make_unique<FlatSource>(where, m.path, 0, 4, false, dims);
}

// .npy axes are (x, y, z): Fortran order is x fastest, C order z fastest.
std::unique_ptr<ModelFile::Source> open_npy(const ModelSpec& m, const std::string& what, std::array<int, 3>& dims) {
  const std::string where = file_named(m, what);
  const NpyHeader h = read_npy_header(m.path);
  if (h.shape.size() != 3) {
    std::string shape;
    for (auto n : h.shape) shape += (shape.empty() ? "" : ", ") + std::to_string(n);
    throw InputError(where + " has shape (" + shape + "); a model needs 3 axes (x, y, z)");
  }
  for (int i = 0; i < 3; ++i) {
    if (h.shape[i] == 0 || h.shape[i] > 1u << 30) throw InputError(where + " has an empty or oversized axis");
    dims[i] = int(h.shape[i]);
  }
  return std::make_unique<FlatSource>(where, m.path, h.data_offset, h.element_bytes, !h.fortran_order, dims);
}

#if defined(SEIS_HAVE_SEGYIO)
// A SEG-Y cube: traces placed by their inline (x) and crossline (y) numbers
// (bytes 189 and 193), samples along z; any trace order. A file whose traces
// all carry the same line numbers (a 2D section such as Marmousi) is a line
// along x. Opening reads every trace header (240 bytes a trace) to place
// the traces; a box reads the part of each of its traces it covers.
class SegySource : public ModelFile::Source {
 public:
  SegySource(const ModelSpec& m, const std::string& what, std::array<int, 3>& dims)
      : where_(file_named(m, what)), fp_(segy_open(m.path.c_str(), "rb"), segy_close) {
    if (!fp_) throw InputError(where_ + " cannot be opened");
    std::vector<char> bin(static_cast<std::size_t>(segy_binheader_size()));
    if (segy_binheader(fp_.get(), bin.data()) != SEGY_OK) throw InputError(where_ + " has no SEG-Y binary header");
    const int samples = segy_samples(bin.data());
    trace0_ = segy_trace0(bin.data());
    format_ = segy_format(bin.data());
    if (format_ != SEGY_IBM_FLOAT_4_BYTE && format_ != SEGY_IEEE_FLOAT_4_BYTE)
      throw InputError(where_ + " stores samples in SEG-Y format " + std::to_string(format_) +
                       "; models must be IBM (1) or IEEE (5) 4-byte floats");
    segy_set_format(fp_.get(), format_);
    bsize_ = segy_trsize(format_, samples);
    int traces = 0;
    if (samples <= 0 || bsize_ <= 0 || segy_traces(fp_.get(), &traces, trace0_, bsize_) != SEGY_OK || traces <= 0)
      throw InputError(where_ + " has no traces of a consistent size");

    std::vector<char> header(SEGY_TRACE_HEADER_SIZE);
    std::vector<std::int32_t> il(traces), xl(traces);
    for (int t = 0; t < traces; ++t) {
      if (segy_traceheader(fp_.get(), t, header.data(), trace0_, bsize_) != SEGY_OK)
        throw InputError(where_ + ": trace header " + std::to_string(t) + " cannot be read");
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
    dims = {section ? traces : int(ils.size()), section ? 1 : int(xls.size()), samples};
    if (std::size_t(dims[0]) * dims[1] != std::size_t(traces))
      throw InputError(where_ + " has " + std::to_string(traces) + " traces, not the " + std::to_string(ils.size()) +
                       " inlines x " + std::to_string(xls.size()) + " crosslines of a regular cube");
    nx_ = dims[0];
    trace_at_.assign(std::size_t(traces), -1);
    for (int t = 0; t < traces; ++t) {
      const std::size_t x = section ? std::size_t(t) : std::size_t(ils[il[t]]),
                        y = section ? 0 : std::size_t(xls[xl[t]]);
      int& slot = trace_at_[x + std::size_t(nx_) * y];
      if (slot >= 0)
        throw InputError(where_ + ": inline " + std::to_string(il[t]) + ", crossline " + std::to_string(xl[t]) +
                         " occurs twice");
      slot = t;
    }
  }

  std::size_t read(const Box& b, float* out) override {
    std::vector<float> part(static_cast<std::size_t>(b.nz()));
    for (int y = b.y0; y < b.y1; ++y)
      for (int x = b.x0; x < b.x1; ++x) {
        const int t = trace_at_[std::size_t(x) + std::size_t(nx_) * std::size_t(y)];
        if (segy_readsubtr(fp_.get(), t, b.z0, b.z1, 1, part.data(), nullptr, trace0_, bsize_) != SEGY_OK)
          throw InputError(where_ + ": trace " + std::to_string(t) + " cannot be read");
        segy_to_native(format_, b.nz(), part.data());
        for (int z = b.z0; z < b.z1; ++z) out[offset_in(b, x, y, z)] = part[std::size_t(z - b.z0)];
      }
    return std::size_t(b.volume()) * sizeof(float);
  }

 private:
  std::string where_;
  std::unique_ptr<segy_file, int (*)(segy_file*)> fp_;
  long trace0_ = 0;
  int format_ = 0, bsize_ = 0, nx_ = 0;
  std::vector<int> trace_at_;  // trace number at x + nx y
};
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

// The samples of the model that the value at grid node i (along one axis)
// reads: itself, clamped, when the model is on the grid; the two it is
// interpolated between otherwise. Both ends grow with i.
struct NodeSamples {
  const ModelSpec& m;
  double origin, spacing, h;
  int n;  // model samples along the axis

  Lerp at(int i) const {
    if (m.resample) return lerp_at(i * h, origin, spacing, n);
    Lerp l;
    l.i0 = l.i1 = std::clamp(i, 0, n - 1);
    return l;
  }
};

// The model's sample spacing: its own, or the grid's where it gives none.
std::array<double, 3> model_spacing(const ModelSpec& m, const Scenario& s) {
  const std::array<double, 3> h{s.hx, s.hy, s.hz};
  std::array<double, 3> spacing = m.spacing;
  for (int a = 0; a < 3; ++a)
    if (!(spacing[a] > 0)) spacing[a] = h[a];
  return spacing;
}

NodeSamples node_samples(const ModelSpec& m, const std::array<int, 3>& model_dims, const Scenario& s, int axis) {
  const std::array<double, 3> h{s.hx, s.hy, s.hz};
  return {m, m.origin[axis], model_spacing(m, s)[axis], h[axis], model_dims[axis]};
}

Box box_from(const std::array<std::array<int, 2>, 3>& e) {
  return Box{e[0][0], e[0][1], e[1][0], e[1][1], e[2][0], e[2][1]};
}

}  // namespace

bool segy_models_available() {
#if defined(SEIS_HAVE_SEGYIO)
  return true;
#else
  return false;
#endif
}

ModelFile::ModelFile(const ModelSpec& m, const std::string& what) {
  switch (m.format) {
    case ModelSpec::Format::raw: source_ = open_raw(m, what, dims_); break;
    case ModelSpec::Format::npy: source_ = open_npy(m, what, dims_); break;
    case ModelSpec::Format::segy:
#if defined(SEIS_HAVE_SEGYIO)
      source_ = std::make_unique<SegySource>(m, what, dims_);
#else
      throw InputError(file_named(m, what) + " is SEG-Y, but this build has no segyio");
#endif
      break;
  }
}

ModelFile::~ModelFile() = default;
ModelFile::ModelFile(ModelFile&&) noexcept = default;
ModelFile& ModelFile::operator=(ModelFile&&) noexcept = default;

ModelVolume ModelFile::read(const Box& box) {
  if (box.empty() || !box_of(dims_).contains(box)) throw std::logic_error("ModelFile::read: box outside the model");
  ModelVolume v;
  v.dims = dims_;
  v.box = box;
  v.data.resize(std::size_t(box.volume()));
  bytes_read_ += source_->read(box, v.data.data());
  return v;
}

long long first_non_finite(const ModelVolume& v) {
  const Box& b = v.box;
  const auto nx = std::size_t(b.nx()), ny = std::size_t(b.ny());
  for (std::size_t i = 0; i < v.data.size(); ++i)
    if (!std::isfinite(v.data[i])) {
      const auto x = static_cast<long long>(b.x0 + i % nx), y = static_cast<long long>(b.y0 + i / nx % ny),
                 z = static_cast<long long>(b.z0 + i / nx / ny);
      return x + v.dims[0] * (y + v.dims[1] * z);
    }
  return -1;
}

void refuse_non_finite(const ModelSpec& m, const std::string& what, long long first_bad) {
  if (first_bad >= 0)
    throw InputError(file_named(m, what) + " holds a non-finite value at element " + std::to_string(first_bad));
}

ModelVolume read_model_volume(const ModelSpec& m, const std::string& what) {
  ModelFile file(m, what);
  ModelVolume v = file.read(box_of(file.dims()));
  refuse_non_finite(m, what, first_non_finite(v));
  return v;
}

Box model_samples_needed(const ModelSpec& m, const std::array<int, 3>& model_dims, const Scenario& s,
                         const Box& part) {
  const std::array<int, 3> grid{s.nx, s.ny, s.nz};
  std::array<std::array<int, 2>, 3> e{};
  for (int a = 0; a < 3; ++a) {
    const NodeSamples node = node_samples(m, model_dims, s, a);
    const int lo = part.begin(a), hi = part.end(a);
    e[a][0] = lo == 0 ? 0 : node.at(lo).i0;
    e[a][1] = hi == grid[a] ? model_dims[a] : std::max(node.at(hi - 1).i1 + 1, node.at(hi).i0);
  }
  return box_from(e);
}

std::vector<float> resample_trilinear(const ModelVolume& v, const std::array<double, 3>& spacing,
                                      const std::array<double, 3>& origin, const Box& nodes,
                                      const std::array<double, 3>& grid_spacing) {
  std::vector<Lerp> axes[3];
  for (int a = 0; a < 3; ++a) {
    const int first = v.box.begin(a), end = v.box.end(a);
    for (int i = nodes.begin(a); i < nodes.end(a); ++i) {
      Lerp l = lerp_at(i * grid_spacing[a], origin[a], spacing[a], v.dims[a]);
      if (l.i0 < first || l.i1 >= end) throw std::logic_error("resample_trilinear: a node's samples were not read");
      l.i0 -= first;  // into v.box
      l.i1 -= first;
      axes[a].push_back(l);
    }
  }
  const std::size_t mx = std::size_t(v.box.nx()), my = std::size_t(v.box.ny());
  auto at = [&](int x, int y, int z) { return double(v.data[x + mx * (y + my * std::size_t(z))]); };
  std::vector<float> out(std::size_t(nodes.volume()));
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

ModelPart model_on_grid(ModelVolume v, const ModelSpec& m, const std::string& what, const Scenario& s,
                        const Box& part, std::string& note) {
  const std::array<int, 3> grid{s.nx, s.ny, s.nz};
  note.clear();
  if (!m.resample) {
    if (v.dims != grid)
      throw InputError(file_named(m, what) + " has dims " + dims_text(v.dims) + " (x, y, z) but the grid is " +
                       dims_text(grid) + "; give the model's 'spacing' (and 'origin') to resample it");
    if (!(v.box == part)) throw std::logic_error("model_on_grid: the samples read are not the part's");
    return {part, std::move(v.data)};
  }
  const std::array<double, 3> h{s.hx, s.hy, s.hz};
  const std::array<double, 3> spacing = model_spacing(m, s);
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
  return {part, resample_trilinear(v, spacing, m.origin, part, h)};
}

}  // namespace seis
