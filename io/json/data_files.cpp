// The package's data folder, found relative to the running program or module (io/json/data_files.h).
#include "io/json/data_files.h"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <vector>

#include "kernels/backend/environment_error.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;

const char* nonEmptyEnv(const char* name) {
  if (!name) return nullptr;
  const char* v = std::getenv(name);
  return v && *v ? v : nullptr;
}

// The file whose code is running this: the shared object that holds it when Regolith is
// loaded as one (the Python extension module), else the executable.
fs::path runningCodeFile() {
  std::error_code error;
  const fs::path exe = fs::read_symlink("/proc/self/exe", error);
  if (error)
    throw EnvironmentError("cannot locate the running program (/proc/self/exe: " + error.message() +
                           "); set REGOLITH_DATA_DIR to Regolith's share/regolith folder");
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&runningCodeFile), &info) != 0 && info.dli_fname && *info.dli_fname) {
    const fs::path object = fs::weakly_canonical(info.dli_fname, error);
    if (!error && fs::is_regular_file(object, error) && object != fs::weakly_canonical(exe, error)) return object;
  }
  return exe;
}

std::string findDataDirectory() {
  if (const char* env = nonEmptyEnv("REGOLITH_DATA_DIR")) return env;
  // Installed: <prefix>/bin/regolith, <prefix>/lib/python3.X/dist-packages/regolith/_regolith*.so.
  // Build tree: <build>/apps/regolith, <build>/tests/..., <build>/models/tests/...,
  // <build>/python/regolith/_regolith*.so. The nearest folder above the code's file that
  // holds share/regolith/scene.schema.json, at most five levels up.
  const fs::path code = runningCodeFile();
  std::error_code error;
  std::string looked;
  fs::path dir = code.parent_path();
  for (int level = 0; level < 5 && !dir.empty(); ++level, dir = dir.parent_path()) {
    const fs::path candidate = dir.parent_path() / "share" / "regolith";
    if (fs::is_regular_file(candidate / "scene.schema.json", error)) return candidate.lexically_normal().string();
    looked += (looked.empty() ? "" : ", ") + candidate.lexically_normal().string();
    if (dir == dir.parent_path()) break;
  }
  throw EnvironmentError("Regolith's data folder (share/regolith with scene.schema.json) is not beside " +
                         code.string() + " (looked in " + looked + "): reinstall, or set REGOLITH_DATA_DIR to it");
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
