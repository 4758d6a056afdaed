#include "seis/io/run_output.hpp"

#include "seis/errors.hpp"
#include "seis/io/atomic_file.hpp"
#include "seis/io/npy.hpp"
#include "seis/io/png_image.hpp"
#include "seis/io/segy.hpp"

#include <filesystem>

namespace seis {

namespace fs = std::filesystem;

const std::vector<std::string>& run_output_files() {
  static const std::vector<std::string> files = {"report.json", "seismograms.npy", "seismograms.json",
                                                 "seismograms.sgy", "seismograms.png", "snapshots"};
  return files;
}

void check_output_dir(const std::string& dir, bool overwrite) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) return;
  if (!fs::is_directory(dir, ec)) throw InputError("output '" + dir + "' exists and is not a directory");
  if (overwrite) return;
  for (const auto& f : run_output_files())
    if (fs::exists(fs::path(dir) / f, ec))
      throw InputError("output directory '" + dir + "' already holds results (" + f +
                       "); pass --overwrite to replace them");
}

nlohmann::json seismogram_header(const RunPlan& plan, int samples) {
  const Scenario& s = plan.scenario;
  nlohmann::json h;
  h["layout"] = "[receiver][sample], little-endian float32 (seismograms.npy)";
  h["field"] = "p";
  h["units"] = {{"coordinates", "m"}, {"time", "s"}, {"amplitude", "pressure per unit source"}};
  h["interpolation"] = "nearest node";
  h["nt"] = samples;
  h["dt"] = plan.dt * s.record_every;
  h["simulation_dt"] = plan.dt;
  h["record_every"] = s.record_every;
  h["f0"] = s.f0;
  h["t0"] = plan.t0;
  h["source"] = {{"node", {plan.source.x, plan.source.y, plan.source.z}},
                 {"position", {plan.source.x * s.hx, plan.source.y * s.hy, plan.source.z * s.hz}}};
  nlohmann::json receivers = nlohmann::json::array();
  for (const auto& n : plan.receivers)
    receivers.push_back({{"node", {n.x, n.y, n.z}}, {"position", {n.x * s.hx, n.y * s.hy, n.z * s.hz}}});
  h["receivers"] = receivers;
  return h;
}

std::vector<std::string> write_run_outputs(const std::string& dir, const RunPlan& plan,
                                           const std::vector<float>& traces, int samples,
                                           const nlohmann::json& report) {
  fs::create_directories(dir);
  std::vector<std::string> written;
  const fs::path d(dir);
  const std::string npy = (d / "seismograms.npy").string();
  write_npy(npy, {plan.receivers.size(), std::size_t(samples)}, traces.data());
  written.push_back(npy);
  // The shot gather as an image: receivers across, time down.
  const std::string png = (d / "seismograms.png").string();
  const int receivers = int(plan.receivers.size());
  if (write_png_image(png, traces.data(), receivers, samples, symmetric_clip(traces.data(), traces.size()),
                      magnification(receivers), magnification(samples)))
    written.push_back(png);
  const std::string header = (d / "seismograms.json").string();
  write_file_atomically(header, [&](std::ostream& out) { out << seismogram_header(plan, samples).dump(2) << "\n"; });
  written.push_back(header);
  if (plan.scenario.write_segy && segy_available() && segy_unwritable_reason(plan, samples).empty()) {
    const std::string sgy = (d / "seismograms.sgy").string();
    if (write_segy(sgy, plan, traces, samples)) written.push_back(sgy);
  }
  const std::string rep = (d / "report.json").string();
  write_file_atomically(rep, [&](std::ostream& out) { out << report.dump(2) << "\n"; });
  written.push_back(rep);
  return written;
}

}  // namespace seis
