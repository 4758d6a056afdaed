#include "seis/snapshot_writer.hpp"

#include "seis/distributed/comm.hpp"
#include "seis/io/atomic_file.hpp"
#include "seis/io/npy.hpp"
#include "seis/io/png_image.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace seis {

namespace fs = std::filesystem;

namespace {

std::string step_tag(int step) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "step%06d", step);
  return buf;
}

}  // namespace

Box slice_box(const Grid& g, const SnapshotSlice& s) {
  Box b = g.interior();
  int* lo[3] = {&b.x0, &b.y0, &b.z0};
  int* hi[3] = {&b.x1, &b.y1, &b.z1};
  *lo[s.axis] = s.index;
  *hi[s.axis] = s.index + 1;
  return b;
}

std::string snapshot_work_dir(const std::string& output_dir) {
  fs::path out = fs::path(output_dir).lexically_normal();
  if (out.filename().empty()) out = out.parent_path();  // "dir/"
  return out.string() + ".snapshots-work";
}

SnapshotWriter::SnapshotWriter(const RunPlan& plan, const std::string& dir, const Subdomain& sub)
    : plan_(plan), sub_(sub), local_grid_(sub.local_grid(plan.grid)), writes_(comm::rank() == 0), dir_(dir) {
  if (!writes_) return;
  // Leftovers of a run that was killed would mix with these.
  fs::remove_all(dir_);
  fs::create_directories(dir_);
}

SnapshotWriter::~SnapshotWriter() {
  if (moved_ || !writes_) return;
  std::error_code ec;
  fs::remove_all(dir_, ec);
}

std::vector<float> SnapshotWriter::assemble_parts(const Box& global, const Box& local,
                                                 const std::vector<float>& mine) const {
  // Every rank's part as a global box (x0, x1, y0, y1, z0, z1; empty parts
  // carry no values), then the values in rank order.
  const Box& own = sub_.box;
  const std::vector<int> part = {local.x0 + own.x0, local.x1 + own.x0, local.y0 + own.y0,
                                 local.y1 + own.y0, local.z0 + own.z0, local.z1 + own.z0};
  const std::vector<int> parts = comm::gather(local.empty() ? std::vector<int>{0, 0, 0, 0, 0, 0} : part);
  const std::vector<float> values = comm::gather(mine);
  if (!writes_) return {};
  std::vector<float> whole(std::size_t(global.volume()), 0.0f);
  std::size_t next = 0;
  for (std::size_t r = 0; r + 6 <= parts.size(); r += 6) {
    const Box b{parts[r], parts[r + 1], parts[r + 2], parts[r + 3], parts[r + 4], parts[r + 5]};
    for (int x = b.x0; x < b.x1; ++x)
      for (int y = b.y0; y < b.y1; ++y)
        for (int z = b.z0; z < b.z1; ++z)
          whole[(std::size_t(x - global.x0) * std::size_t(global.ny()) + std::size_t(y - global.y0)) *
                    std::size_t(global.nz()) +
                std::size_t(z - global.z0)] = values[next++];
  }
  return whole;
}

void SnapshotWriter::continue_from(const std::string& previous) {
  if (!writes_) return;
  std::error_code ec;
  if (!fs::is_directory(previous, ec)) return;
  for (const auto& entry : fs::directory_iterator(previous)) {
    if (entry.path().filename() == "index.json") continue;
    fs::copy_file(entry.path(), fs::path(dir_) / entry.path().filename(), fs::copy_options::overwrite_existing);
    ++files_;
  }
  std::ifstream in((fs::path(previous) / "index.json").string());
  if (!in) return;
  try {
    const nlohmann::json old = nlohmann::json::parse(in);
    for (const auto& e : old.at("snapshots")) index_.push_back(e);
  } catch (const nlohmann::json::exception&) {
    // The files are there; only their index entries are lost.
  }
}

void SnapshotWriter::move_into(const std::string& target) {
  fs::rename(dir_, target);
  moved_ = true;
}

void SnapshotWriter::write_slice(int step, const SnapshotSlice& s, const std::vector<float>& values) {
  // The plane's two axes in x, y, z order: (columns, rows) of the image, so
  // that z (depth) runs down and x across.
  const int n[3] = {plan_.grid.nx(), plan_.grid.ny(), plan_.grid.nz()};
  const int a = s.axis == 0 ? 1 : 0, b = s.axis == 2 ? 1 : 2;
  const std::string base = (fs::path(dir_) / ("p_" + s.tag() + "_" + step_tag(step))).string();
  write_npy(base + ".npy", {std::size_t(n[a]), std::size_t(n[b])}, values.data());
  const double h[3] = {plan_.grid.hx(), plan_.grid.hy(), plan_.grid.hz()};
  std::ostringstream plane;
  plane << "xyz"[s.axis] << " = " << s.index * h[s.axis] << " m";
  const double clip = symmetric_clip(values.data(), values.size());
  const int mag = magnification(std::max(n[a], n[b]));
  const bool png = write_png_image(base + ".png", values.data(), n[a], n[b], clip, mag, mag);
  files_ += png ? 2 : 1;
  index_.push_back({{"step", step},
                    {"time", step * plan_.dt},
                    {"plane", plane.str()},
                    {"node", s.index},
                    {"npy", fs::path(base + ".npy").filename().string()},
                    {"axes", std::string(1, "xyz"[a]) + ", " + std::string(1, "xyz"[b])},
                    {"png", png ? fs::path(base + ".png").filename().string() : ""},
                    {"colour_scale", {-clip, clip}}});
}

void SnapshotWriter::write_volume(int step, const std::vector<float>& values) {
  const std::string path = (fs::path(dir_) / ("p_volume_" + step_tag(step) + ".npy")).string();
  write_npy(path, {std::size_t(plan_.grid.nx()), std::size_t(plan_.grid.ny()), std::size_t(plan_.grid.nz())},
            values.data());
  ++files_;
  index_.push_back({{"step", step}, {"time", step * plan_.dt}, {"npy", fs::path(path).filename().string()},
                    {"axes", "x, y, z"}});
}

nlohmann::json SnapshotWriter::finish() {
  if (!writes_) return nullptr;
  nlohmann::json index = {{"field", "p"},
                          {"layout", ".npy C order over the axes given (z fastest); PNG: first axis across, "
                                     "second down; colour scale blue -c, white 0, red +c, c the 99.5th "
                                     "percentile of |p| in the image"},
                          {"snapshots", index_}};
  write_file_atomically((fs::path(dir_) / "index.json").string(),
                        [&](std::ostream& out) { out << index.dump(2) << "\n"; });
  return index;
}

}  // namespace seis
