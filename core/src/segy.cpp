#include "seis/io/segy.hpp"

#include "seis/io/atomic_file.hpp"

#if defined(SEIS_HAVE_SEGYIO)
#include <segyio/segy.h>
#endif

#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace seis {

bool segy_available() {
#if defined(SEIS_HAVE_SEGYIO)
  return true;
#else
  return false;
#endif
}

std::string segy_unwritable_reason(const RunPlan& plan, int samples) {
  const double interval_us = plan.dt * plan.scenario.record_every * 1e6;
  if (samples > 32767)
    return std::to_string(samples) + " samples per trace exceed SEG-Y rev 1's 32767";
  if (!(interval_us >= 1 && interval_us <= 32767))
    return "a sample interval of " + std::to_string(interval_us) + " us is outside SEG-Y rev 1's 1 to 32767 us";
  return "";
}

bool write_segy(const std::string& path, const RunPlan& plan, const std::vector<float>& traces, int samples) {
#if defined(SEIS_HAVE_SEGYIO)
  const std::string why = segy_unwritable_reason(plan, samples);
  if (!why.empty()) throw std::runtime_error("SEG-Y '" + path + "' cannot be written: " + why);
  const std::string tmp = path + ".tmp";
  segy_file* fp = segy_open(tmp.c_str(), "w+b");
  if (!fp) throw std::runtime_error("cannot write '" + tmp + "'");
  auto fail = [&](const char* what) {
    segy_close(fp);
    std::remove(tmp.c_str());
    throw std::runtime_error(std::string("writing SEG-Y '") + path + "' failed: " + what);
  };
  const Scenario& s = plan.scenario;
  std::string text(std::size_t(segy_textheader_size()), ' ');
  const std::string lines[] = {
      "C 1 SEISKOKKOS SYNTHETIC SEISMOGRAMS, SCENARIO " + s.name,
      "C 2 PHYSICS " + s.physics + ", FIELD P, NEAREST-NODE RECEIVERS",
      "C 3 RICKER F0 " + std::to_string(s.f0) + " HZ, T0 " + std::to_string(plan.t0) + " S",
      "C 4 COORDINATES IN METRES x100 (SCALAR -100), DEPTH AS NEGATIVE ELEVATION",
      "C40 END TEXTUAL HEADER"};
  for (std::size_t i = 0; i < 5; ++i) {
    const std::size_t row = i == 4 ? 39 : i;
    std::memcpy(&text[row * 80], lines[i].data(), std::min<std::size_t>(80, lines[i].size()));
  }
  if (segy_write_textheader(fp, 0, text.c_str()) != 0) fail("textual header");

  std::vector<char> bin(std::size_t(segy_binheader_size()), 0);
  const double interval_us = plan.dt * s.record_every * 1e6;
  segy_set_bfield(bin.data(), SEGY_BIN_TRACES, int(plan.receivers.size()));
  const int interval = int(std::lround(interval_us));  // within limits: checked above
  segy_set_bfield(bin.data(), SEGY_BIN_INTERVAL, interval);
  segy_set_bfield(bin.data(), SEGY_BIN_SAMPLES, samples);
  segy_set_bfield(bin.data(), SEGY_BIN_FORMAT, SEGY_IEEE_FLOAT_4_BYTE);
  segy_set_bfield(bin.data(), SEGY_BIN_MEASUREMENT_SYSTEM, 1);  // metres
  segy_set_bfield(bin.data(), SEGY_BIN_SEGY_REVISION, 0x0100);
  segy_set_bfield(bin.data(), SEGY_BIN_TRACE_FLAG, 1);
  if (segy_write_binheader(fp, bin.data()) != 0) fail("binary header");

  const long trace0 = SEGY_TEXT_HEADER_SIZE + SEGY_BINARY_HEADER_SIZE;
  const int bsize = samples * 4;
  std::vector<char> header(SEGY_TRACE_HEADER_SIZE);
  std::vector<float> buffer(static_cast<std::size_t>(samples));
  auto cm = [](double metres) { return int(std::lround(metres * 100)); };
  for (std::size_t r = 0; r < plan.receivers.size(); ++r) {
    std::fill(header.begin(), header.end(), 0);
    const NodeIndex& n = plan.receivers[r];
    segy_set_field(header.data(), SEGY_TR_SEQ_LINE, int(r + 1));
    segy_set_field(header.data(), SEGY_TR_SEQ_FILE, int(r + 1));
    segy_set_field(header.data(), SEGY_TR_FIELD_RECORD, 1);
    segy_set_field(header.data(), SEGY_TR_NUMBER_ORIG_FIELD, int(r + 1));
    segy_set_field(header.data(), SEGY_TR_TRACE_ID, 1);
    segy_set_field(header.data(), SEGY_TR_SOURCE_GROUP_SCALAR, -100);
    segy_set_field(header.data(), SEGY_TR_ELEV_SCALAR, -100);
    segy_set_field(header.data(), SEGY_TR_SOURCE_X, cm(plan.source.x * s.hx));
    segy_set_field(header.data(), SEGY_TR_SOURCE_Y, cm(plan.source.y * s.hy));
    segy_set_field(header.data(), SEGY_TR_SOURCE_DEPTH, cm(plan.source.z * s.hz));
    segy_set_field(header.data(), SEGY_TR_GROUP_X, cm(n.x * s.hx));
    segy_set_field(header.data(), SEGY_TR_GROUP_Y, cm(n.y * s.hy));
    segy_set_field(header.data(), SEGY_TR_RECV_GROUP_ELEV, -cm(n.z * s.hz));
    segy_set_field(header.data(), SEGY_TR_COORD_UNITS, 1);
    segy_set_field(header.data(), SEGY_TR_SAMPLE_COUNT, samples);
    segy_set_field(header.data(), SEGY_TR_SAMPLE_INTER, interval);
    if (segy_write_traceheader(fp, int(r), header.data(), trace0, bsize) != 0) fail("trace header");
    std::copy(traces.begin() + long(r) * samples, traces.begin() + long(r + 1) * samples, buffer.begin());
    segy_from_native(SEGY_IEEE_FLOAT_4_BYTE, samples, buffer.data());
    if (segy_writetrace(fp, int(r), buffer.data(), trace0, bsize) != 0) fail("trace");
  }
  if (segy_flush(fp, false) != 0) fail("flush");
  segy_close(fp);
  sync_path(tmp);
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw std::runtime_error("cannot move '" + tmp + "' to '" + path + "'");
  }
  return true;
#else
  (void)path;
  (void)plan;
  (void)traces;
  (void)samples;
  return false;
#endif
}

}  // namespace seis
