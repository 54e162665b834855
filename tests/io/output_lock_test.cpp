// The output folder's lock (io/run_file/output_lock.h): a second writer of DIR is refused with the
// holder's PID while the first still writes, and the first run's files stay whole. The
// whole-program test is the reproducer of issue 20 item 1: `--overwrite` used to truncate
// a run.h5 another run was writing, leaving it unreadable.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <regex>
#include <string>

#include "tests/support/child_process.h"
#include "io/run_file/output_lock.h"
#include "io/run_file/run_file.h"
#include "tests/support/json_file.h"
#include "tests/support/scratch_dir.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;

const std::string kLockScene = std::string(REGOLITH_SOURCE_DIR) + "/tests/data/checkpoint_scene.json";

TEST(OutputLock, SecondLockIsRefusedWithTheHoldersPidAndFreedAfter) {
  const fs::path dir = test::scratchDir("regolith_output_lock_unit_");
  EXPECT_FALSE(outputFolderHolder(dir.string()));  // no lock file yet
  {
    const OutputFolderLock first(dir.string());
    EXPECT_EQ(outputFolderHolder(dir.string()), long(getpid()));
    try {
      const OutputFolderLock second(dir.string());  // another open file: flock refuses it
      ADD_FAILURE() << "a second lock of the same folder was granted";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("PID " + std::to_string(getpid())), std::string::npos) << e.what();
    }
  }
  EXPECT_FALSE(outputFolderHolder(dir.string()));  // released with its holder
  const OutputFolderLock again(dir.string());
}

TEST(OutputLock, ConcurrentOverwriteIsRefusedAndTheFirstRunCompletes) {
  const fs::path dir = test::scratchDir("regolith_output_lock_");
  std::vector<std::string> args = {REGOLITH_BINARY, "run", kLockScene, "--out", dir.string(), "--threads", "1"};
#ifdef REGOLITH_SANITIZED
  args.insert(args.end(), {"--set", "/phases/1/duration=0.15"});
#endif
  std::vector<std::string> first = args;
  first.insert(first.end(), {"--checkpoint-every", "0"});
  test::ChildProcess writer(first, dir.string() + ".first.log");
  // Mid-run: frames and a checkpoint are being written.
  ASSERT_TRUE(test::waitForFile(writer, dir / "checkpoint.h5")) << "the first run ended early";

  for (const char* flag : {"--overwrite", "--resume"}) {
    SCOPED_TRACE(flag);
    std::vector<std::string> second(args.begin() + 1, args.end());
    second.insert(second.end(), {flag, "--quiet"});
    const fs::path log = dir.string() + ".second.log";
    EXPECT_EQ(test::runRegolith(second, log), 1);
    const std::string text = test::readText(log);
    EXPECT_NE(text.find("PID " + std::to_string(writer.pid())), std::string::npos) << text;
    EXPECT_NE(text.find("nothing was changed"), std::string::npos) << text;
  }
  ASSERT_TRUE(writer.running()) << "the first run ended before the second writer came";

  const int status = writer.wait();
  ASSERT_TRUE(WIFEXITED(status));
  ASSERT_EQ(WEXITSTATUS(status), 0) << test::readText(dir.string() + ".first.log");
  // Complete and readable: every frame the summary announced, the last one at the end.
  const std::string log = test::readText(dir.string() + ".first.log");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(log, m, std::regex("(\\d+) steps of .*; (\\d+) frames;"))) << log;
  const RunFileReader run((dir / "run.h5").string());
  EXPECT_EQ(run.frameCount(), std::stoull(m[2].str()));
  EXPECT_EQ(run.frame(run.frameCount() - 1).step, std::stoull(m[1].str()));
}

}  // namespace
}  // namespace regolith
