// The command line's exit status says whose the error is (apps/exit_status.h): 2 for the
// input, 3 only for the machine or the installation, 1 for the run's own failure, 5 for a
// blow-up. Before issue 41 every error that reached main exited 3 ("no usable device"):
// `regolith info` on a missing file among them.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/child_process.h"
#include "tests/support/json_file.h"
#include "tests/support/scratch_dir.h"

namespace regolith::test {
namespace {

namespace fs = std::filesystem;

TEST(ExitStatus, InfoOnAMissingFileIsAnInputErrorNotAMissingDevice) {
  const fs::path dir = scratchDir("exit_status_info_");
  fs::create_directories(dir);
  EXPECT_EQ(runRegolith({"info", (dir / "no_such_run.h5").string()}, dir / "info.log"), 2)
      << readText(dir / "info.log");
  EXPECT_NE(readText(dir / "info.log").find("no_such_run.h5: cannot open: no such file"), std::string::npos)
      << readText(dir / "info.log");
  // A file that is not HDF5: input too.
  std::ofstream(dir / "text.h5") << "not HDF5\n";
  EXPECT_EQ(runRegolith({"info", (dir / "text.h5").string()}, dir / "text.log"), 2) << readText(dir / "text.log");
}

TEST(ExitStatus, CheckRefusesAnInitialStateThatRunWouldRefuse) {
  // Grains released at 1e308 m/s passed `check` and then failed `run` with exit 5.
  const fs::path dir = scratchDir("exit_status_check_");
  fs::create_directories(dir);
  const std::string scene = std::string(REGOLITH_SOURCE_DIR) + "/tests/data/checkpoint_scene.json";
  EXPECT_EQ(runRegolith({"check", scene, "--set", "/sources/0/velocity=[0, 0, -1e308]"}, dir / "check.log"), 5)
      << readText(dir / "check.log");
  EXPECT_NE(readText(dir / "check.log").find("would refuse it (exit 5)"), std::string::npos)
      << readText(dir / "check.log");
  EXPECT_EQ(runRegolith({"check", scene}, dir / "ok.log"), 0) << readText(dir / "ok.log");
}

}  // namespace
}  // namespace regolith::test
