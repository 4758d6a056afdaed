#include "seis/scenario.hpp"
#include "seis/out_of_core/byte_size.hpp"

#include "seis/errors.hpp"
#include "seis/physics/physics_descriptions.hpp"
#include "seis/toml_input_guard.hpp"

#define TOML_EXCEPTIONS 1
// toml++ 3.3 asserts (debug) or assumes (release, __builtin_assume with
// clang: undefined behaviour) on malformed input that it then reports as a
// parse error, e.g. "[=" (found by tests/fuzz). Make those checks no-ops in
// every build, as they are with g++ in release.
#define TOML_ASSERT(expr) static_cast<void>(0)
#if defined(NDEBUG)
#undef NDEBUG
#include <toml++/toml.h>
#define NDEBUG 1
#else
#include <toml++/toml.h>
#endif

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace seis {

namespace {

// Every key a table may hold; anything else is an error (typos must not be
// silently ignored).
void check_keys(const toml::table& t, const std::string& where, const std::set<std::string>& allowed) {
  for (const auto& [key, value] : t) {
    (void)value;
    if (!allowed.count(std::string(key.str())))
      throw InputError("unknown key '" + (where.empty() ? "" : where + ".") + std::string(key.str()) +
                       "' in scenario");
  }
}

const toml::table* table_at(const toml::table& t, const std::string& key, const std::string& where) {
  const toml::node* n = t.get(key);
  if (!n) return nullptr;
  if (!n->is_table()) throw InputError("'" + where + key + "' must be a table");
  return n->as_table();
}

double number(const toml::node& n, const std::string& name) {
  if (auto v = n.value<double>()) return *v;
  throw InputError("'" + name + "' must be a number");
}

int integer(const toml::node& n, const std::string& name) {
  if (!n.is_integer()) throw InputError("'" + name + "' must be an integer");
  const auto v = *n.value<int64_t>();
  if (v < -2147483647 || v > 2147483647) throw InputError("'" + name + "' is out of range");
  return int(v);
}

template <class T, class F>
void optional(const toml::table& t, const std::string& key, const std::string& where, T& out, F convert) {
  if (const toml::node* n = t.get(key)) out = convert(*n, where + key);
}

template <class T, class F>
T required(const toml::table& t, const std::string& key, const std::string& where, F convert) {
  const toml::node* n = t.get(key);
  if (!n) throw InputError("missing key '" + where + key + "' in scenario");
  return convert(*n, where + key);
}

std::vector<double> numbers(const toml::node& n, const std::string& name) {
  const toml::array* a = n.as_array();
  if (!a) throw InputError("'" + name + "' must be an array of numbers");
  std::vector<double> out;
  for (const auto& e : *a) out.push_back(number(e, name));
  return out;
}

Point3 point(const toml::node& n, const std::string& name) {
  const auto v = numbers(n, name);
  if (v.size() != 3) throw InputError("'" + name + "' must be [x, y, z] in metres");
  return {v[0], v[1], v[2]};
}

std::string string_value(const toml::node& n, const std::string& name) {
  if (auto s = n.value<std::string>()) return *s;
  throw InputError("'" + name + "' must be a string");
}

ModelSpec model_spec(const toml::node& n, const std::string& name, const std::filesystem::path& base) {
  if (n.is_number()) return ModelSpec::constant_value(number(n, name));
  const toml::table* t = n.as_table();
  if (!t) throw InputError("'" + name + "' must be a number or a table with a 'type'");
  const std::string where = name + ".";
  const auto type = required<std::string>(*t, "type", where, string_value);
  ModelSpec m;
  if (type == "constant") {
    check_keys(*t, name, {"type", "value"});
    m.kind = ModelSpec::Kind::constant;
    m.value = required<double>(*t, "value", where, number);
  } else if (type == "layered") {
    check_keys(*t, name, {"type", "tops", "values"});
    m.kind = ModelSpec::Kind::layered;
    m.tops = required<std::vector<double>>(*t, "tops", where, numbers);
    m.values = required<std::vector<double>>(*t, "values", where, numbers);
  } else if (type == "file" || type == "npy" || type == "segy") {
    const bool raw = type == "file";
    if (raw) check_keys(*t, name, {"type", "path", "dims", "spacing", "origin"});
    else check_keys(*t, name, {"type", "path", "spacing", "origin"});
    m.kind = ModelSpec::Kind::file;
    m.format = raw ? ModelSpec::Format::raw : type == "npy" ? ModelSpec::Format::npy : ModelSpec::Format::segy;
    const auto path = required<std::string>(*t, "path", where, string_value);
    const std::filesystem::path p(path);
    m.path = (p.is_relative() ? base / p : p).string();
    if (raw) {
      const auto dims = required<std::vector<double>>(*t, "dims", where, numbers);
      if (dims.size() != 3) throw InputError("'" + where + "dims' must be [nx, ny, nz]");
      for (int i = 0; i < 3; ++i) {
        if (!(dims[i] >= 1 && dims[i] <= 2147483647.0) || dims[i] != std::floor(dims[i]))
          throw InputError("'" + where + "dims' must be positive integers");
        m.dims[i] = int(dims[i]);
      }
    }
    auto triple = [&](const char* key, std::array<double, 3>& out) {
      if (!t->get(key)) return;
      const auto v = numbers(*t->get(key), where + key);
      if (v.size() != 3) throw InputError("'" + where + key + "' must be [x, y, z] in metres");
      for (int i = 0; i < 3; ++i) out[i] = v[i];
      m.resample = true;
    };
    triple("spacing", m.spacing);
    triple("origin", m.origin);
    for (double h : m.spacing)
      if (t->get("spacing") && !(h > 0)) throw InputError("'" + where + "spacing' must be positive");
  } else {
    throw InputError("'" + where + "type' must be \"constant\", \"layered\", \"file\", \"npy\" or \"segy\", got \"" + type + "\"");
  }
  return m;
}

bool boolean(const toml::node& n, const std::string& name) {
  if (auto b = n.value<bool>()) return *b;
  throw InputError("'" + name + "' must be true or false");
}

const PhysicsDescription& scenario_physics(const std::string& physics) {
  return physics_description(physics, "'physics'");
}

Scenario from_table(const toml::table& root, const std::string& name, const std::filesystem::path& base) {
  Scenario s;
  s.name = name;
  check_keys(root, "", {"name", "physics", "grid", "time", "model", "source", "receivers", "boundary", "run", "output"});
  optional(root, "name", "", s.name, string_value);
  optional(root, "physics", "", s.physics, string_value);
  // A known physics, before its tables are read; its [model] parameters below.
  const PhysicsDescription& described = scenario_physics(s.physics);

  const toml::table* grid = table_at(root, "grid", "");
  if (!grid) throw InputError("missing table [grid] in scenario");
  check_keys(*grid, "grid", {"nx", "ny", "nz", "spacing", "hx", "hy", "hz"});
  s.nx = required<int>(*grid, "nx", "grid.", integer);
  s.ny = required<int>(*grid, "ny", "grid.", integer);
  s.nz = required<int>(*grid, "nz", "grid.", integer);
  double spacing = 0;
  optional(*grid, "spacing", "grid.", spacing, number);
  s.hx = s.hy = s.hz = spacing;
  optional(*grid, "hx", "grid.", s.hx, number);
  optional(*grid, "hy", "grid.", s.hy, number);
  optional(*grid, "hz", "grid.", s.hz, number);
  if (s.hx == 0 && s.hy == 0 && s.hz == 0) throw InputError("missing key 'grid.spacing' (or hx, hy, hz) in scenario");

  const toml::table* time = table_at(root, "time", "");
  if (!time) throw InputError("missing table [time] in scenario");
  check_keys(*time, "time", {"steps", "dt", "cfl_fraction"});
  s.steps = required<int>(*time, "steps", "time.", integer);
  optional(*time, "dt", "time.", s.dt, number);
  optional(*time, "cfl_fraction", "time.", s.cfl_fraction, number);
  if (time->get("dt") && !(s.dt > 0)) throw InputError("'time.dt' must be positive, got " + std::to_string(s.dt));

  const toml::table* model = table_at(root, "model", "");
  if (!model) throw InputError("missing table [model] in scenario");
  // The physics' own parameters, in its order (physics_descriptions.hpp).
  std::set<std::string> keys;
  for (const auto& p : described.model) keys.insert(p.key);
  check_keys(*model, "model", keys);
  auto spec = [&](const toml::node& n, const std::string& k) { return model_spec(n, k, base); };
  s.model.clear();
  for (const auto& p : described.model) {
    if (p.required) {
      s.model.push_back(required<ModelSpec>(*model, p.key, "model.", spec));
    } else {
      ModelSpec m = ModelSpec::constant_value(p.default_value);
      optional(*model, p.key, "model.", m, spec);
      s.model.push_back(m);
    }
  }

  const toml::table* source = table_at(root, "source", "");
  if (!source) throw InputError("missing table [source] in scenario");
  check_keys(*source, "source", {"position", "frequency", "delay", "amplitude", "elliptical_zone"});
  s.source = required<Point3>(*source, "position", "source.", point);
  s.f0 = required<double>(*source, "frequency", "source.", number);
  optional(*source, "delay", "source.", s.t0, number);
  optional(*source, "amplitude", "source.", s.amplitude, number);
  optional(*source, "elliptical_zone", "source.", s.source_zone, integer);
  if (source->get("delay") && s.t0 < 0) throw InputError("'source.delay' must be >= 0, got " + std::to_string(s.t0));

  const toml::table* receivers = table_at(root, "receivers", "");
  if (!receivers) throw InputError("missing table [receivers] in scenario");
  check_keys(*receivers, "receivers", {"every", "points", "line"});
  optional(*receivers, "every", "receivers.", s.record_every, integer);
  if (const toml::node* pts = receivers->get("points")) {
    const toml::array* a = pts->as_array();
    if (!a) throw InputError("'receivers.points' must be an array of [x, y, z]");
    for (const auto& p : *a) s.receivers.push_back(point(p, "receivers.points"));
  }
  if (const toml::node* lines = receivers->get("line")) {
    const toml::array* a = lines->as_array();
    if (!a) throw InputError("'receivers.line' must be an array of tables ([[receivers.line]])");
    for (const auto& l : *a) {
      const toml::table* t = l.as_table();
      if (!t) throw InputError("'receivers.line' entries must be tables");
      check_keys(*t, "receivers.line", {"from", "to", "count"});
      const Point3 from = required<Point3>(*t, "from", "receivers.line.", point);
      const Point3 to = required<Point3>(*t, "to", "receivers.line.", point);
      const int count = required<int>(*t, "count", "receivers.line.", integer);
      if (count < 1) throw InputError("'receivers.line.count' must be >= 1");
      // Checked before the list is built: a huge count must not exhaust memory.
      if (s.receivers.size() + std::size_t(count) > max_receivers)
        throw InputError("more than " + std::to_string(max_receivers) + " receivers");
      for (int i = 0; i < count; ++i) {
        const double f = count == 1 ? 0.0 : double(i) / (count - 1);
        s.receivers.push_back({from.x + f * (to.x - from.x), from.y + f * (to.y - from.y), from.z + f * (to.z - from.z)});
      }
    }
  }

  if (const toml::table* boundary = table_at(root, "boundary", "")) {
    check_keys(*boundary, "boundary", {"pml", "reflection", "order", "taper", "pml_memory"});
    optional(*boundary, "pml", "boundary.", s.pml_thickness, integer);
    optional(*boundary, "reflection", "boundary.", s.pml_reflection, number);
    optional(*boundary, "order", "boundary.", s.pml_order, integer);
    optional(*boundary, "taper", "boundary.", s.taper_width, integer);
    if (const toml::node* m = boundary->get("pml_memory")) {
      try {
        s.pml_memory = cpml_memory_named(string_value(*m, "boundary.pml_memory"));
      } catch (const std::invalid_argument& e) {
        throw InputError(std::string("'boundary.pml_memory' ") + e.what());
      }
    }
  }
  if (const toml::table* run = table_at(root, "run", "")) {
    check_keys(*run, "run", {"strategy", "segy", "checkpoint_every", "decomposition", "device_memory", "out_of_core"});
    if (const toml::node* m = run->get("device_memory"))
      s.out_of_core.device_memory = parse_byte_size(string_value(*m, "run.device_memory"), "run.device_memory");
    if (const toml::table* ooc = table_at(*run, "out_of_core", "run.")) {
      check_keys(*ooc, "run.out_of_core", {"steps_per_visit", "chunk_planes", "schedule"});
      optional(*ooc, "steps_per_visit", "run.out_of_core.", s.out_of_core.steps_per_visit, integer);
      optional(*ooc, "chunk_planes", "run.out_of_core.", s.out_of_core.chunk_planes, integer);
      if (ooc->get("steps_per_visit") && (s.out_of_core.steps_per_visit < 1 || s.out_of_core.steps_per_visit > 64))
        throw InputError("'run.out_of_core.steps_per_visit' must be between 1 and 64");
      if (ooc->get("schedule")) {
        const std::string v = string_value(*ooc->get("schedule"), "run.out_of_core.schedule");
        using Schedule = OutOfCoreSettings::Schedule;
        if (v == "auto") s.out_of_core.schedule = Schedule::automatic;
        else if (v == "halo") s.out_of_core.schedule = Schedule::halo;
        else if (v == "skewed") s.out_of_core.schedule = Schedule::skewed;
        else throw InputError("'run.out_of_core.schedule' must be \"auto\", \"halo\" or \"skewed\"");
      }
      if (ooc->get("chunk_planes") && s.out_of_core.chunk_planes < 1)
        throw InputError("'run.out_of_core.chunk_planes' must be at least 1");
    }
    optional(*run, "checkpoint_every", "run.", s.checkpoint_every, integer);
    optional(*run, "strategy", "run.", s.strategy, string_value);
    optional(*run, "segy", "run.", s.write_segy, boolean);
    if (const toml::node* d = run->get("decomposition")) {
      const auto parts = numbers(*d, "run.decomposition");
      if (parts.size() != 3) throw InputError("'run.decomposition' must be [px, py, pz]");
      for (int i = 0; i < 3; ++i) {
        if (!(parts[i] >= 1) || parts[i] != int(parts[i]))
          throw InputError("'run.decomposition' must hold positive integers");
        s.decomposition[i] = int(parts[i]);
      }
    }
  }
  if (const toml::table* output = table_at(root, "output", "")) {
    check_keys(*output, "output", {"snapshots"});
    if (const toml::table* snap = table_at(*output, "snapshots", "output.")) {
      check_keys(*snap, "output.snapshots", {"every", "slices", "volume"});
      s.snapshots.every = required<int>(*snap, "every", "output.snapshots.", integer);
      if (const toml::node* slices = snap->get("slices")) {
        const toml::array* a = slices->as_array();
        if (!a) throw InputError("'output.snapshots.slices' must be an array of strings such as \"z=400\"");
        for (const auto& e : *a) s.snapshots.slices.push_back(string_value(e, "output.snapshots.slices"));
      }
      optional(*snap, "volume", "output.snapshots.", s.snapshots.volume, boolean);
    }
  }
  return s;
}

}  // namespace

Scenario load_scenario(const std::string& path) {
  return parse_scenario(read_scenario_text(path), std::filesystem::path(path).stem().string(),
                        std::filesystem::path(path).parent_path().string(), path);
}

std::string read_scenario_text(const std::string& path) {
  // A FIFO would block the open forever, a directory reads as garbage.
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  if (std::filesystem::exists(st) && !std::filesystem::is_regular_file(st))
    throw InputError("scenario '" + path + "' is not a regular file");
  std::ifstream in(path);
  if (!in) throw InputError("cannot open scenario file '" + path + "'");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

ModelSpec& Scenario::model_parameter_at(int i) {
  const PhysicsDescription& p = scenario_physics(physics);
  if (i < 0 || i >= int(p.model.size()))
    throw InputError(physics + " physics has " + std::to_string(p.model.size()) + " model parameters, not " +
                     std::to_string(i + 1));
  while (int(model.size()) <= i) model.push_back(ModelSpec::constant_value(p.model[model.size()].default_value));
  return model[std::size_t(i)];
}

ModelSpec& Scenario::model_parameter(const std::string& key) {
  const int i = scenario_physics(physics).parameter_index(key);
  if (i < 0) throw InputError(physics + " physics has no model parameter '" + key + "'");
  return model_parameter_at(i);
}

const ModelSpec& Scenario::model_parameter(const std::string& key) const {
  const int i = scenario_physics(physics).parameter_index(key);
  if (i < 0 || i >= int(model.size()))
    throw InputError(physics + " physics has no model parameter '" + key + "' in this scenario");
  return model[std::size_t(i)];
}

Scenario parse_scenario(const std::string& toml_text, const std::string& name) {
  return parse_scenario(toml_text, name, std::filesystem::current_path().string(), "scenario");
}

Scenario parse_scenario(const std::string& toml_text, const std::string& name, const std::string& base_dir,
                        const std::string& source_name) {
  check_toml_input(toml_text);
  try {
    return from_table(toml::parse(toml_text, source_name), name, base_dir);
  } catch (const toml::parse_error& e) {
    std::ostringstream msg;
    msg << source_name << " is not valid TOML (line " << e.source().begin.line << "): " << e.description();
    throw InputError(msg.str());
  }
}

}  // namespace seis
