// The program's own identity on the command line: `regolith --version` prints the version
// of CMake's project() (the one run files store), and `regolith info` on the CPU build says
// there is no device rather than that one is "available".
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "io/build_info.h"
#include "kernels/stages.h"
#include "tests/child_process.h"
#include "tests/json_file.h"
#include "tests/scratch_dir.h"

namespace regolith::test {
namespace {

TEST(CommandLine, VersionIsTheProjectVersion) {
  const auto dir = scratchDir("command_line_version");
  std::filesystem::create_directories(dir);
  ASSERT_EQ(runRegolith({"--version"}, dir / "version.log"), 0);
  const std::string out = readText(dir / "version.log");
  EXPECT_EQ(out.rfind("regolith " + regolithVersion() + " (git ", 0), 0u) << out;
  EXPECT_NE(regolithVersion(), "");
}

TEST(CommandLine, InfoNamesTheBackendAndOnTheCpuBuildNoDevice) {
  if (backendName() == "cuda") GTEST_SKIP() << "the CUDA build reports its GPU";
  const auto dir = scratchDir("command_line_info");
  std::filesystem::create_directories(dir);
  ASSERT_EQ(runRegolith({"info"}, dir / "info.log"), 0);
  const std::string out = readText(dir / "info.log");
  EXPECT_NE(out.find("backend: cpu-omp\n"), std::string::npos) << out;
  EXPECT_NE(out.find("device: none (CPU build"), std::string::npos) << out;
  EXPECT_EQ(out.find("available"), std::string::npos) << out;
}

}  // namespace
}  // namespace regolith::test
