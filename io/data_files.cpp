// The package's data folder, found relative to the running executable (io/data_files.h).
#include "io/data_files.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <vector>

namespace regolith {
namespace {

namespace fs = std::filesystem;

const char* nonEmptyEnv(const char* name) {
  if (!name) return nullptr;
  const char* v = std::getenv(name);
  return v && *v ? v : nullptr;
}

std::string findDataDirectory() {
  if (const char* env = nonEmptyEnv("REGOLITH_DATA_DIR")) return env;
  std::error_code error;
  const fs::path exe = fs::read_symlink("/proc/self/exe", error);
  if (error)
    throw std::runtime_error("cannot locate the running program (/proc/self/exe: " + error.message() +
                             "); set REGOLITH_DATA_DIR to Regolith's share/regolith folder");
  // Installed: <prefix>/bin/regolith. Build tree: <build>/apps/regolith, <build>/tests/...,
  // one level deeper for <build>/models/tests/...
  const std::vector<fs::path> candidates = {exe.parent_path().parent_path() / "share" / "regolith",
                                            exe.parent_path().parent_path().parent_path() / "share" / "regolith"};
  std::string looked;
  for (const fs::path& dir : candidates) {
    if (fs::is_regular_file(dir / "scene.schema.json", error)) return dir.lexically_normal().string();
    looked += (looked.empty() ? "" : ", ") + dir.lexically_normal().string();
  }
  throw std::runtime_error("Regolith's data folder (share/regolith with scene.schema.json) is not beside " +
                           exe.string() + " (looked in " + looked + "): reinstall, or set REGOLITH_DATA_DIR to it");
}

}  // namespace

std::string dataDirectory() {
  // Found once: the executable does not move while it runs.
  static const std::string dir = findDataDirectory();
  return dir;
}

std::string dataFile(const std::string& relative, const char* overrideVariable) {
  if (const char* env = nonEmptyEnv(overrideVariable)) return env;
  return (fs::path(dataDirectory()) / relative).string();
}

}  // namespace regolith
