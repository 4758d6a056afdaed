#include "seis/io/checkpoint_file.hpp"

#include "seis/errors.hpp"
#include "seis/io/atomic_file.hpp"
#include "seis/run_plan.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace seis {

namespace fs = std::filesystem;

namespace {

const char magic[8] = {'S', 'E', 'I', 'S', 'C', 'K', 'P', 'T'};
const char trailer_magic[8] = {'S', 'E', 'I', 'S', 'E', 'N', 'D', '!'};

template <class T>
void put(std::ostream& out, T v) {
  out.write(reinterpret_cast<const char*>(&v), sizeof v);
}

template <class T>
bool get(std::istream& in, T& v) {
  return bool(in.read(reinterpret_cast<char*>(&v), sizeof v));
}

struct Opened {
  std::ifstream in;
  CheckpointInfo info;
  std::uint64_t data_offset = 0;
};

void open_checkpoint(const std::string& path, Opened& o) {
  auto bad = [&](const std::string& why) { return InputError("checkpoint '" + path + "' " + why); };
  o.in.open(path, std::ios::binary);
  if (!o.in) throw bad("cannot be opened");
  char m[8];
  std::uint32_t format = 0;
  std::uint64_t len = 0;
  if (!o.in.read(m, 8) || std::memcmp(m, magic, 8) != 0) throw bad("is not a seis checkpoint");
  if (!get(o.in, format) || format != checkpoint_format_version)
    throw bad("has format " + std::to_string(format) + "; this seis reads format " +
              std::to_string(checkpoint_format_version));
  if (!get(o.in, len) || len > (std::uint64_t(1) << 32)) throw bad("has a damaged header");
  std::string text(len, '\0');
  if (!o.in.read(text.data(), std::streamsize(len))) throw bad("is truncated in its header");
  try {
    const auto j = nlohmann::json::parse(text);
    CheckpointInfo& i = o.info;
    i.seis_version = j.at("seis_version").get<std::string>();
    i.physics = j.at("physics").get<std::string>();
    const auto g = j.at("grid");
    i.nx = g.at(0).get<int>();
    i.ny = g.at(1).get<int>();
    i.nz = g.at(2).get<int>();
    i.scalar_bytes = j.at("scalar_bytes").get<int>();
    if (j.contains("cpml_memory")) i.cpml_memory = j.at("cpml_memory").get<std::string>();
    i.step = j.at("step").get<int>();
    i.recorded = j.at("recorded").get<int>();
    i.inputs_hash = j.at("inputs_hash").get<std::uint64_t>();
    i.run = j.at("run");
    if (j.contains("part")) i.part = j.at("part");
    for (const auto& a : j.at("arrays")) i.arrays.emplace_back(a.at(0).get<std::string>(), a.at(1).get<std::size_t>());
  } catch (const nlohmann::json::exception& e) {
    throw bad(std::string("has a damaged header (") + e.what() + ")");
  }
  o.data_offset = 8 + 4 + 8 + len;
}

}  // namespace

std::uint64_t hash_bytes(const void* data, std::size_t n, std::uint64_t h) {
  const unsigned char* p = static_cast<const unsigned char*>(data);
  const std::uint64_t prime = 0x100000001b3ull;
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    h = (h ^ w) * prime;
  }
  for (; i < n; ++i) h = (h ^ p[i]) * prime;
  return h;
}

std::uint64_t run_inputs_hash(const std::string& scenario_text, const RunPlan& plan, const nlohmann::json& options) {
  std::uint64_t h = hash_bytes(scenario_text.data(), scenario_text.size());
  for (const auto& f : plan.files)
    if (f) h = hash_bytes(f->values.data(), f->values.size() * sizeof(float), h);
  const std::string o = options.dump();
  return hash_bytes(o.data(), o.size(), h);
}

std::string checkpoint_name(int step) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "checkpoint-%010d.seisck", step);
  return buf;
}

std::string checkpoint_part_name(int rank) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "rank-%05d.seisck", rank);
  return buf;
}

std::string checkpoint_file_of(const std::string& checkpoint, int rank) {
  std::error_code ec;
  if (!fs::is_directory(checkpoint, ec)) return checkpoint;
  return (fs::path(checkpoint) / checkpoint_part_name(rank)).string();
}

int checkpoint_ranks(const std::string& checkpoint) {
  std::error_code ec;
  if (!fs::is_directory(checkpoint, ec)) return 1;
  int parts = 0;
  for (const auto& e : fs::directory_iterator(checkpoint, ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("rank-", 0) == 0 && name.size() == checkpoint_part_name(0).size() &&
        name.compare(name.size() - 7, 7, ".seisck") == 0)
      ++parts;
  }
  return parts;
}

std::vector<std::string> list_checkpoints(const std::string& dir) {
  std::vector<std::string> found;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("checkpoint-", 0) == 0 && name.size() > 7 && name.compare(name.size() - 7, 7, ".seisck") == 0)
      found.push_back(e.path().string());
  }
  std::sort(found.begin(), found.end());  // zero-padded steps: by name is by step
  return found;
}

void write_checkpoint(const std::string& path, CheckpointInfo info, const std::vector<CheckpointArray>& arrays) {
  nlohmann::json j;
  j["seis_version"] = info.seis_version;
  j["physics"] = info.physics;
  j["grid"] = {info.nx, info.ny, info.nz};
  j["scalar_bytes"] = info.scalar_bytes;
  j["cpml_memory"] = info.cpml_memory;
  j["step"] = info.step;
  j["recorded"] = info.recorded;
  j["inputs_hash"] = info.inputs_hash;
  j["run"] = info.run;
  if (!info.part.is_null()) j["part"] = info.part;
  nlohmann::json list = nlohmann::json::array();
  std::size_t largest = 0;
  for (const auto& a : arrays) {
    list.push_back({a.name, a.bytes});
    largest = std::max(largest, a.bytes);
  }
  j["arrays"] = list;
  const std::string header = j.dump();
  std::vector<char> buffer(largest);
  write_file_atomically(path, [&](std::ostream& out) {
    out.write(magic, 8);
    put(out, checkpoint_format_version);
    put(out, std::uint64_t(header.size()));
    out.write(header.data(), std::streamsize(header.size()));
    std::uint64_t h = hash_bytes(nullptr, 0);
    for (const auto& a : arrays) {
      a.save(buffer.data());
      h = hash_bytes(buffer.data(), a.bytes, h);
      out.write(buffer.data(), std::streamsize(a.bytes));
    }
    put(out, h);
    out.write(trailer_magic, 8);
  });
  sync_path(fs::path(path).parent_path().string());
}

CheckpointInfo read_checkpoint_info(const std::string& path) {
  Opened o;
  open_checkpoint(path, o);
  return o.info;
}

void read_checkpoint_arrays(const std::string& path, const std::vector<CheckpointArray>& arrays) {
  Opened o;
  open_checkpoint(path, o);
  auto bad = [&](const std::string& why) { return InputError("checkpoint '" + path + "' " + why); };
  if (o.info.arrays.size() != arrays.size()) throw bad("holds other arrays than this run has");
  std::uint64_t total = o.data_offset + 16;
  std::size_t largest = 0;
  for (std::size_t k = 0; k < arrays.size(); ++k) {
    if (o.info.arrays[k].first != arrays[k].name || o.info.arrays[k].second != arrays[k].bytes)
      throw bad("holds array '" + o.info.arrays[k].first + "' of " + std::to_string(o.info.arrays[k].second) +
                " bytes where this run has '" + arrays[k].name + "' of " + std::to_string(arrays[k].bytes));
    total += arrays[k].bytes;
    largest = std::max(largest, arrays[k].bytes);
  }
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  if (ec || size != total)
    throw bad("has " + std::to_string(size) + " bytes where its header promises " + std::to_string(total) +
              " (truncated or damaged)");
  std::vector<char> buffer(largest);
  std::uint64_t h = hash_bytes(nullptr, 0);
  // Hash everything before loading anything, so a damaged file changes no state.
  for (const auto& a : arrays) {
    if (!o.in.read(buffer.data(), std::streamsize(a.bytes))) throw bad("is truncated");
    h = hash_bytes(buffer.data(), a.bytes, h);
  }
  std::uint64_t stored = 0;
  char m[8];
  if (!get(o.in, stored) || !o.in.read(m, 8) || std::memcmp(m, trailer_magic, 8) != 0 || stored != h)
    throw bad("is damaged (its data does not match its checksum)");
  o.in.clear();
  o.in.seekg(std::streamoff(o.data_offset));
  for (const auto& a : arrays) {
    if (!o.in.read(buffer.data(), std::streamsize(a.bytes))) throw bad("is truncated");
    a.load(buffer.data());
  }
}

}  // namespace seis
