// Checkpoints of runs on DEM grains (docs/coupling.md, "Checkpoints"): `regolith robot
// --resume` continues a run from DIR/checkpoint.h5 (MuJoCo's state, the coupling's and the
// engine's) bit for bit on the CPU build: a run cut in two equals the uninterrupted one,
// and so does a run stopped by a signal and resumed.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <thread>

#include "io/h5/h5_file.h"
#include "tests/coupling/coupling_test_support.h"
#include "tests/support/child_process.h"

namespace regolith::test {
namespace {

const std::string kModel = (kData / "drop_box.xml").string(), kTerrain = (kData / "drop_box_terrain.json").string();

int robot(const fs::path& out, double duration, const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args = {"robot",
                                   kModel,
                                   "--terrain",
                                   kTerrain,
                                   "--duration",
                                   std::to_string(duration),
                                   "--series-every",
                                   "0.005",
                                   "--frame-every",
                                   "0.01",
                                   "--out",
                                   out.string(),
                                   "-q"};
  args.insert(args.end(), extra.begin(), extra.end());
  fs::create_directories(out);
  return runRegolith(args, out.string() + ".log");
}

struct RunContents {
  std::vector<double> series, lastGrains;
  std::size_t frames = 0;
  std::string end;
};
RunContents contents(const fs::path& dir) {
  const h5::File f = h5::File::openReadOnly((dir / "run.h5").string());
  RunContents c;
  c.series = f.open("series").read<double>("box");
  const std::vector<std::string> frames = f.open("frames").children();
  c.frames = frames.size();
  c.lastGrains = f.open("frames").open(frames.back()).read<double>("sphere_position");
  c.end = f.open("meta").stringAttribute("end");
  return c;
}

TEST(CoupledResume, ARunCutInTwoEqualsTheUninterruptedOneBitForBit) {
  const fs::path dir = scratchDir("coupled_resume_split");
  ASSERT_EQ(robot(dir / "whole", 0.1), 0);
  ASSERT_EQ(robot(dir / "split", 0.05), 0);  // ends with a checkpoint at step 100
  ASSERT_EQ(robot(dir / "split", 0.1, {"--resume"}), 0);
  const RunContents whole = contents(dir / "whole"), split = contents(dir / "split");
  EXPECT_EQ(split.end, "completed");
  EXPECT_EQ(split.frames, whole.frames);  // every 20 steps, the 100th included in both
  EXPECT_EQ(split.series, whole.series);  // the same bits
  EXPECT_EQ(split.lastGrains, whole.lastGrains);
  EXPECT_EQ(fileText(dir / "split" / "series.csv"), fileText(dir / "whole" / "series.csv"));
}

TEST(CoupledResume, ARunStoppedByASignalResumesToTheSameEnd) {
  const fs::path dir = scratchDir("coupled_resume_signal");
  ASSERT_EQ(robot(dir / "whole", 0.3), 0);
  const fs::path stopped = dir / "stopped";
  fs::create_directories(stopped);
  {
    ChildProcess p({REGOLITH_BINARY, "robot", kModel, "--terrain", kTerrain, "--duration", "0.3", "--series-every",
                    "0.005", "--frame-every", "0.01", "--out", stopped.string(), "-q"},
                   stopped.string() + ".log");
    ASSERT_TRUE(waitForFile(p, stopped / "run.h5"));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    p.signal(SIGTERM);
    const int status = p.wait();
    // Stopped (128 + 15) with a checkpoint of the step it stopped after, or done already on
    // a fast machine: either way a resume must reach the uninterrupted run's end.
    ASSERT_TRUE(WIFEXITED(status) && (WEXITSTATUS(status) == 128 + SIGTERM || WEXITSTATUS(status) == 0))
        << fileText(stopped.string() + ".log");
  }
  ASSERT_TRUE(fs::exists(stopped / "checkpoint.h5"));
  ASSERT_EQ(robot(stopped, 0.3, {"--resume"}), 0) << fileText(stopped.string() + ".log");
  const RunContents whole = contents(dir / "whole"), resumed = contents(stopped);
  EXPECT_EQ(resumed.end, "completed");
  EXPECT_EQ(resumed.series, whole.series);
  EXPECT_EQ(resumed.lastGrains, whole.lastGrains);
}

TEST(CoupledResume, ResumeRefusesAnotherTerrain) {
  const fs::path dir = scratchDir("coupled_resume_refused");
  ASSERT_EQ(robot(dir / "run", 0.01), 0);
  // Another --set (the same value, said again): the checkpoint belongs to another terrain.
  EXPECT_EQ(robot(dir / "run", 0.02, {"--resume", "--set", "/dem/material=body"}), 2);
  EXPECT_NE(fileText(dir.string() + "/run.log").find("another terrain file or --set"), std::string::npos);
}

}  // namespace
}  // namespace regolith::test
