// `regolith run` killed mid-run and resumed: every frame written before the kill stays
// readable, and the resumed run's frames are bit-identical to an uninterrupted run's
// (CPU build). The killed process is a real child process, killed with SIGKILL (nothing
// flushed, no handler runs) or stopped with SIGTERM (checkpoint written, clean exit).
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/support/child_process.h"
#include "tests/support/scratch_dir.h"
#include "io/run_file/run_file.h"
#include "tests/support/run_compare.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;

const std::string kScene = std::string(REGOLITH_SOURCE_DIR) + "/tests/data/checkpoint_scene.json";

std::vector<std::string> runArgs(const fs::path& out) {
  std::vector<std::string> args = {REGOLITH_BINARY, "run", kScene, "--out", out.string(), "--threads", "1"};
#ifdef REGOLITH_SANITIZED
  // Under the sanitizers the binary runs some 15 times slower: a spin of 0.15 s instead of
  // 0.5 s (7100 steps) still leaves the kill, 400 ms after the first checkpoint, well
  // before the end, and keeps the sanitizer job's longest tests at a third.
  args.insert(args.end(), {"--set", "/phases/1/duration=0.15"});
#endif
  return args;
}

// Per process: ctest runs each test in its own process, side by side.
fs::path freshDir(const std::string& name) { return test::scratchDir("regolith_" + name + "_"); }

// The reference: the same scene run without interruption (once per test process).
const fs::path& uninterruptedRun() {
  static const fs::path dir = [] {
    const fs::path d = freshDir("checkpoint_reference");
    const int code = test::runToEnd(runArgs(d), d.string() + ".log");
    if (code != 0) throw std::runtime_error("reference run failed, see " + d.string() + ".log");
    return d;
  }();
  return dir;
}

// Starts the run with a checkpoint after every chunk of steps and stops it with `sig`
// once a checkpoint exists and a few more have been written. Returns the wait status.
int interruptedRun(const fs::path& dir, int sig) {
  std::vector<std::string> args = runArgs(dir);
  args.insert(args.end(), {"--checkpoint-every", "0"});
  test::ChildProcess p(args, dir.string() + ".log");
  EXPECT_TRUE(test::waitForFile(p, dir / "checkpoint.h5")) << "no checkpoint before the end";
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  p.signal(sig);
  return p.wait();
}

TEST(Checkpoint, SigkillThenResumeIsBitIdentical) {
  const fs::path& reference = uninterruptedRun();
  const fs::path dir = freshDir("checkpoint_killed");
  const int status = interruptedRun(dir, SIGKILL);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
      << "the run ended before it was killed: the test scene is too short";

  // Every frame finished before the kill is readable.
  std::size_t framesBefore = 0;
  {
    const RunFileReader killed((dir / "run.h5").string());
    framesBefore = killed.frameCount();
    ASSERT_GE(framesBefore, 1u);
    const RunFileReader full((reference / "run.h5").string());
    ASSERT_LT(framesBefore, full.frameCount()) << "the kill must land before the last frame";
    for (std::size_t k = 0; k < framesBefore; ++k) {
      const FrameData f = killed.frame(k), g = full.frame(k);
      EXPECT_EQ(f.step, g.step);
      test::expectIdenticalOwnerStates(f.state, g.state);
    }
  }

  std::vector<std::string> resume = runArgs(dir);
  resume.push_back("--resume");
  ASSERT_EQ(test::runToEnd(resume, dir.string() + ".resume.log"), 0);
  test::expectSameRun(dir, reference);
}

TEST(Checkpoint, SigtermWritesACheckpointAndExitsCleanly) {
  const fs::path& reference = uninterruptedRun();
  const fs::path dir = freshDir("checkpoint_terminated");
  const int status = interruptedRun(dir, SIGTERM);
  ASSERT_TRUE(WIFEXITED(status)) << "SIGTERM must end the run through its handler";
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGTERM);

  std::vector<std::string> resume = runArgs(dir);
  resume.push_back("--resume");
  ASSERT_EQ(test::runToEnd(resume, dir.string() + ".resume.log"), 0);
  test::expectSameRun(dir, reference);
}

TEST(Checkpoint, ResumeRefusesAChangedScene) {
  // A finished run of the demo smoke scene, then this test's scene pointed at its
  // checkpoint.
  const fs::path dir = freshDir("checkpoint_changed");
  const std::string smoke = std::string(REGOLITH_SOURCE_DIR) + "/scenes/demo/demo.smoke.json";
  ASSERT_EQ(test::runToEnd({REGOLITH_BINARY, "run", smoke, "--out", dir.string(), "--threads", "1"},
                           dir.string() + ".first.log"),
            0);
  std::vector<std::string> resume = runArgs(dir);
  resume.push_back("--resume");
  const int code = test::runToEnd(resume, dir.string() + ".log");
  EXPECT_EQ(code, 1);
  std::ifstream log(dir.string() + ".log");
  const std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("the scene text differs"), std::string::npos) << text;
}

}  // namespace
}  // namespace regolith
