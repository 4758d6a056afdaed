#include "seis/io/result_set.hpp"

#include "seis/errors.hpp"
#include "seis/io/atomic_file.hpp"
#include "seis/io/run_output.hpp"
#include "seis/text_format.hpp"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <signal.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>
#if defined(__linux__)
#include <linux/magic.h>
#include <sys/vfs.h>
#endif

namespace seis {

namespace fs = std::filesystem;

namespace {

// The staging folder of this process: a hidden sibling, so that the swap is
// a rename within one filesystem.
const char* const staging_marker = ".seis-new-";

fs::path staging_path(const fs::path& dir) {
  return dir.parent_path() / ("." + dir.filename().string() + staging_marker + std::to_string(::getpid()));
}

// Staging folders of runs that died (kill -9, power loss) are removed; those
// of live processes are left alone.
void remove_stale_staging(const fs::path& dir) {
  std::error_code ec;
  const std::string prefix = "." + dir.filename().string() + staging_marker;
  for (const auto& e : fs::directory_iterator(dir.parent_path().empty() ? "." : dir.parent_path(), ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    const long pid = std::strtol(name.c_str() + prefix.size(), nullptr, 10);
    if (pid > 0 && pid != ::getpid() && ::kill(pid_t(pid), 0) == 0) continue;
    fs::remove_all(e.path(), ec);
  }
}

bool pseudo_filesystem(const fs::path& p, std::string& kind) {
#if defined(__linux__)
  struct statfs st {};
  if (::statfs(p.c_str(), &st) != 0) return false;
  switch (static_cast<unsigned long>(st.f_type)) {
    case PROC_SUPER_MAGIC: kind = "procfs"; return true;
    case SYSFS_MAGIC: kind = "sysfs"; return true;
    case DEVPTS_SUPER_MAGIC: kind = "devpts"; return true;
    case CGROUP_SUPER_MAGIC:
    case CGROUP2_SUPER_MAGIC: kind = "cgroupfs"; return true;
    case DEBUGFS_MAGIC: kind = "debugfs"; return true;
    case TRACEFS_MAGIC: kind = "tracefs"; return true;
    case SECURITYFS_MAGIC: kind = "securityfs"; return true;
    case BPF_FS_MAGIC: kind = "bpffs"; return true;
    case PSTOREFS_MAGIC: kind = "pstore"; return true;
    case EFIVARFS_MAGIC: kind = "efivarfs"; return true;
    default: break;
  }
  // devtmpfs reports tmpfs' magic: recognise /dev by its path (its
  // subfolders, such as the tmpfs /dev/shm, are ordinary).
  if (fs::weakly_canonical(p) == "/dev") {
    kind = "the device filesystem /dev";
    return true;
  }
#endif
  (void)p;
  (void)kind;
  return false;
}

const auto gb = text::fmt_bytes;

}  // namespace

bool is_seis_output(const std::string& f) {
  for (const auto& r : run_output_files())
    if (f == r) return true;
  const auto ends = [&](const char* s) {
    const std::size_t n = std::strlen(s);
    return f.size() >= n && f.compare(f.size() - n, n, s) == 0;
  };
  return (f.rfind("checkpoint-", 0) == 0 && (ends(".seisck") || ends(".seisck.tmp"))) || ends(".tmp");
}

void check_output_location(const std::string& dir_string, bool overwrite, std::size_t bytes_to_write) {
  if (dir_string.empty()) throw InputError("the output folder name is empty");
  std::error_code ec;
  const fs::path dir = fs::absolute(fs::path(dir_string), ec).lexically_normal();
  // Names: every component and the whole path, with room for the staging
  // folder's and temporary files' suffixes.
  const std::size_t suffix = std::strlen(staging_marker) + 24;
  for (const auto& part : dir)
    if (part.string().size() + suffix > NAME_MAX)
      throw InputError("output folder name '" + part.string().substr(0, 40) + "...' is " +
                       std::to_string(part.string().size()) + " bytes; at most " + std::to_string(NAME_MAX - suffix) +
                       " fit");
  if (dir.string().size() + suffix + 64 > PATH_MAX)
    throw InputError("output path is " + std::to_string(dir.string().size()) + " bytes; at most " +
                     std::to_string(PATH_MAX - suffix - 64) + " fit");
  if (dir.filename().empty() || dir == dir.root_path())
    throw InputError("output '" + dir_string + "' is a filesystem root; results need a folder of their own");

  if (fs::exists(dir, ec)) {
    if (!fs::is_directory(dir, ec)) throw InputError("output '" + dir_string + "' exists and is not a directory");
    for (const auto& e : fs::directory_iterator(dir, ec)) {
      const std::string name = e.path().filename().string();
      if (!is_seis_output(name))
        throw InputError("output folder '" + dir_string + "' holds '" + name +
                         "', which seis did not write; results replace the whole folder, so choose another --output");
      if (!overwrite && name.rfind("checkpoint-", 0) == 0)
        throw InputError("output folder '" + dir_string + "' holds an interrupted run (" + name + "): 'seis resume " +
                         dir_string + "' continues it, --overwrite discards it");
    }
    check_output_dir(dir.string(), overwrite);
  }
  // The deepest folder that exists must take a new folder (the staging one).
  fs::path base = dir.parent_path();
  while (!base.empty() && !fs::exists(base, ec) && base != base.root_path()) base = base.parent_path();
  if (!fs::is_directory(base, ec))
    throw InputError("output '" + dir_string + "' cannot be created: '" + base.string() + "' is not a directory");
  std::string kind;
  if (pseudo_filesystem(base, kind))
    throw InputError("output '" + dir_string + "' lies on " + kind + ", which does not hold files");
  const fs::path probe = base / (".seis-probe-" + std::to_string(::getpid()));
  if (::mkdir(probe.c_str(), 0700) != 0)
    throw InputError("output '" + dir_string + "' cannot be created in '" + base.string() + "': " +
                     std::strerror(errno));
  ::rmdir(probe.c_str());
  struct statvfs vfs {};
  if (::statvfs(base.c_str(), &vfs) == 0) {
    const double free_bytes = double(vfs.f_bavail) * double(vfs.f_frsize);
    if (double(bytes_to_write) > free_bytes)
      throw InputError("output '" + dir_string + "' needs " + gb(double(bytes_to_write)) + " but its filesystem has " +
                       gb(free_bytes) + " free");
  }
}

void replace_result_set(const std::string& dir_string, const std::function<void(const std::string&)>& fill) {
  const fs::path dir = fs::absolute(fs::path(dir_string)).lexically_normal();
  fs::create_directories(dir.parent_path());
  remove_stale_staging(dir);
  const fs::path staging = staging_path(dir);
  std::error_code ec;
  fs::remove_all(staging, ec);
  fs::create_directory(staging);
  try {
    fill(staging.string());
  } catch (...) {
    fs::remove_all(staging, ec);
    throw;
  }
  for (const auto& e : fs::directory_iterator(staging)) sync_path(e.path().string());
  sync_path(staging.string());
  bool swapped = false;
#if defined(RENAME_EXCHANGE)
  swapped = ::renameat2(AT_FDCWD, staging.c_str(), AT_FDCWD, dir.c_str(), RENAME_EXCHANGE) == 0;
#endif
  if (swapped) {
    fs::remove_all(staging, ec);  // now the old set
  } else {
    // No atomic exchange (or `dir` does not exist yet): move the old set
    // aside, the new one in, and drop the old one.
    const fs::path old = dir.parent_path() / ("." + dir.filename().string() + ".seis-old-" + std::to_string(::getpid()));
    const bool had_old = fs::exists(dir, ec);
    if (had_old) fs::rename(dir, old);
    try {
      fs::rename(staging, dir);
    } catch (...) {
      if (had_old) fs::rename(old, dir, ec);
      throw;
    }
    if (had_old) fs::remove_all(old, ec);
  }
  sync_path(dir.parent_path().string());
}

}  // namespace seis
