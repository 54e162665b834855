// The program's own identity on the command line: `regolith --version` prints the version
// of CMake's project() (the one run files store), and `regolith info` on the CPU build says
// there is no device rather than that one is "available".
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "io/build_info.h"
#include "kernels/stages.h"
#include "tests/support/child_process.h"
#include "tests/support/json_file.h"
#include "tests/support/scratch_dir.h"

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

// `mesh wheel|ring` name the facet angle as the scene does (facet_angle_deg); version
// 0.1's --resolution-deg still works and writes the same file.
TEST(CommandLine, MeshFacetAngleHasTheSceneKeysName) {
  const auto dir = scratchDir("command_line_mesh");
  std::filesystem::create_directories(dir);
  const std::vector<std::string> wheel = {"mesh", "wheel", "--radius", "0.05", "--width", "0.03"};
  auto with = [&](const std::string& flag, const std::string& file) {
    std::vector<std::string> args = wheel;
    args.insert(args.end(), {flag, "10", "--out", (dir / file).string()});
    return runRegolith(args, dir / (file + ".log"));
  };
  ASSERT_EQ(with("--facet-angle-deg", "new.obj"), 0) << readText(dir / "new.obj.log");
  ASSERT_EQ(with("--resolution-deg", "old.obj"), 0) << readText(dir / "old.obj.log");
  EXPECT_EQ(readText(dir / "new.obj"), readText(dir / "old.obj"));
  // And it is the facet angle: 10 degrees makes a smaller mesh than the default 3.
  std::vector<std::string> fine = wheel;
  fine.insert(fine.end(), {"--out", (dir / "fine.obj").string()});
  ASSERT_EQ(runRegolith(fine, dir / "fine.log"), 0);
  EXPECT_LT(readText(dir / "new.obj").size(), readText(dir / "fine.obj").size());
}

}  // namespace
}  // namespace regolith::test
