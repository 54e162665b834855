// The layers of docs/ARCHITECTURE.md, checked on the sources: every `#include "folder/..."`
// of a project folder names a folder that folder may depend on. The rule that matters most
// since issue 42: the two front ends (apps/, python/) stand side by side over the run
// service (service/) and neither includes the other. A new folder gets its row here.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace regolith::test {
namespace {

namespace fs = std::filesystem;

// The engine's stack, bottom up; each folder may include itself and those it names.
const std::map<std::string, std::set<std::string>> kMayInclude = {
    {"kernels", {}},
    {"core", {"kernels"}},
    {"io", {"core", "kernels"}},
    {"clumps", {"core", "kernels"}},
    {"models", {}},
    {"calibrate", {"models"}},
    {"postprocess", {"io", "clumps", "core", "kernels", "models"}},
    // The scene compiler knows no study: it calls the two hooks of scenes/build.h, which
    // studies/ defines (docs/ARCHITECTURE.md, "Studies").
    {"scenes", {"io", "clumps", "core", "kernels"}},
    {"studies", {"scenes", "postprocess", "io", "clumps", "core", "kernels", "models"}},
    {"batch", {"scenes", "postprocess", "io", "clumps", "core", "kernels", "models"}},
    {"bench", {"io", "clumps", "core", "kernels"}},
    {"service", {"studies", "scenes", "postprocess", "io", "clumps", "core", "kernels", "models"}},
    // MuJoCo's side: the models, the model files calibrate/ writes and the JSON helpers of
    // io/, and of kernels/ only the two header-only error types (checked below).
    {"robots", {"models", "calibrate", "io", "kernels"}},
    // The one folder that knows both MuJoCo's side and the engine (docs/coupling.md).
    {"coupling", {"robots", "scenes", "io", "clumps", "core", "kernels", "models", "calibrate"}},
    {"apps",
     {"service", "studies", "batch", "bench", "calibrate", "coupling", "robots", "scenes", "postprocess", "io",
      "clumps", "core", "kernels", "models"}},
    {"python",
     {"service", "studies", "batch", "bench", "calibrate", "coupling", "robots", "scenes", "postprocess", "io",
      "clumps", "core", "kernels", "models"}},
};
// What robots/ may take from kernels/: errors every library shares, nothing of the engine.
const std::set<std::string> kRobotsKernelHeaders = {"kernels/backend/environment_error.h",
                                                    "kernels/backend/input_error.h"};

bool isSource(const fs::path& p) {
  const std::string e = p.extension().string();
  return e == ".h" || e == ".cpp" || e == ".cu" || e == ".cuh";
}

TEST(IncludeRules, EveryFolderIncludesOnlyTheLayersBelowIt) {
  const fs::path root = REGOLITH_SOURCE_DIR;
  const std::regex include(R"re(^\s*#\s*include\s+"([a-z_]+)/([^"]+)")re");
  std::vector<std::string> broken;
  std::size_t files = 0;
  for (const auto& [folder, allowed] : kMayInclude) {
    ASSERT_TRUE(fs::is_directory(root / folder)) << folder;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(root / folder)) {
      if (!e.is_regular_file() || !isSource(e.path())) continue;
      ++files;
      std::ifstream in(e.path());
      std::string line;
      for (int n = 1; std::getline(in, line); ++n) {
        std::smatch m;
        if (!std::regex_search(line, m, include)) continue;
        const std::string target = m[1], header = m[1].str() + "/" + m[2].str();
        if (!kMayInclude.count(target)) continue;  // tests/ support headers, a library's own paths
        const bool ok = target == folder || (allowed.count(target) && (folder != "robots" || target != "kernels" ||
                                                                       kRobotsKernelHeaders.count(header)));
        if (!ok)
          broken.push_back(fs::relative(e.path(), root).string() + ":" + std::to_string(n) + " includes " + header);
      }
    }
  }
  EXPECT_GT(files, 300u);  // the walk found the sources
  std::string list;
  for (const std::string& b : broken) list += "\n  " + b;
  EXPECT_TRUE(broken.empty()) << broken.size() << " includes against docs/ARCHITECTURE.md's layers:" << list;
}

}  // namespace
}  // namespace regolith::test
