// Checkpoints of `regolith robot` on RFT sand and wheels (docs/robots.md, "Checkpoints"):
// a run cut in two and resumed with --resume equals the uninterrupted run bit for bit,
// series, frames (with the deforming surface's heights) and wheel rows, with the state a
// step leaves behind for the next saved: the RFT smoother and held plate directions (the
// hexapod, kappa_F = 0.5), the deforming surface under a box and under the rover's ruts,
// and the regression wheels' sinkage latch (saved, though this rover run does not reach
// it: its wheels are faster than the latch's 0.01 m/s at the cut; RegressionRules tests
// the restore), and the soil estimator's filter, counters and noise generator (its rows
// compared bit for bit, its NaN where it had no measurement included).
// The DEM level's checkpoints: tests/coupling/coupled_resume_test.cpp.
#include <sys/wait.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "io/h5/h5_file.h"
#include "tests/support/scratch_dir.h"

namespace regolith::test {
namespace {

namespace fs = std::filesystem;

const fs::path kExamples = fs::path(REGOLITH_SOURCE_DIR) / "examples/robots";

std::string textOf(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// `regolith robot ARGS --duration D --out DIR -q`; its exit code.
int robot(const std::string& args, double duration, const fs::path& out, const std::string& extra = "") {
  fs::create_directories(out.parent_path());
  const std::string command = std::string(REGOLITH_BINARY) + " robot " + args + " --duration " +
                              std::to_string(duration) + " --out " + out.string() + " -q " + extra + " > " +
                              out.string() + ".log 2>&1";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Every dataset of /series, /frames and /wheels of DIR/run.h5, by path.
std::vector<std::pair<std::string, std::vector<double>>> runData(const fs::path& dir) {
  const h5::File f = h5::File::openReadOnly((dir / "run.h5").string());
  std::vector<std::pair<std::string, std::vector<double>>> data;
  for (const char* group : {"series", "wheels"}) {
    if (!f.has(group)) continue;
    const h5::Group g = f.open(group);
    for (const std::string& name : g.children())
      data.emplace_back(std::string(group) + "/" + name, g.read<double>(name));
  }
  const h5::Group frames = f.open("frames");
  for (const std::string& frame : frames.children()) {
    const h5::Group g = frames.open(frame);
    for (const std::string& name : g.children())
      data.emplace_back("frames/" + frame + "/" + name, g.read<double>(name));
  }
  return data;
}

void expectCutInTwoEqualsWhole(const std::string& name, const std::string& args, double half) {
  const fs::path dir = scratchDir("robot_resume_" + name);
  ASSERT_EQ(robot(args, 2 * half, dir / "whole"), 0) << textOf(dir / "whole.log");
  ASSERT_EQ(robot(args, half, dir / "split"), 0) << textOf(dir / "split.log");
  ASSERT_TRUE(fs::exists(dir / "split" / "checkpoint.h5"));
  ASSERT_EQ(robot(args, 2 * half, dir / "split", "--resume"), 0) << textOf(dir / "split.log");
  EXPECT_EQ(textOf(dir / "split" / "series.csv"), textOf(dir / "whole" / "series.csv"));
  const auto whole = runData(dir / "whole"), split = runData(dir / "split");
  ASSERT_EQ(split.size(), whole.size()) << "the same datasets (the first half's closing frame is dropped)";
  for (std::size_t i = 0; i < whole.size(); ++i) {
    EXPECT_EQ(split[i].first, whole[i].first);
    // The same bits: memcmp, so that the estimator's NaN (no measurement) compares too.
    const std::vector<double>&a = split[i].second, &b = whole[i].second;
    EXPECT_TRUE(a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0)
        << whole[i].first << ": the same bits";
  }
}

TEST(RobotResume, TheHexapodOnRftSandCutInTwoEqualsTheUninterruptedRun) {
  const fs::path h = kExamples / "hexapod";
  expectCutInTwoEqualsWhole("hexapod",
                            (h / "hexapod.xml").string() + " --terrain " + (h / "flat.terrain.json").string() +
                                " --gait tripod --period 1 --stride 0.5 --lift 0.6 --duty 0.5 --gait-start 0.5",
                            0.7);
}

TEST(RobotResume, TheRoverOnRegressionWheelsCutInTwoEqualsTheUninterruptedRun) {
  const fs::path r = kExamples / "rover";
  expectCutInTwoEqualsWhole("rover",
                            (r / "rover.xml").string() + " --terrain " +
                                (r / "rover_regression.terrain.json").string() + " --control " +
                                (r / "speed_0.5.csv").string(),
                            0.5);
}

TEST(RobotResume, ABoxOnTheDeformingSurfaceCutInTwoEqualsTheUninterruptedRun) {
  const fs::path data = fs::path(REGOLITH_SOURCE_DIR) / "tests/data/robots";
  expectCutInTwoEqualsWhole(
      "deforming", (data / "drop_box.xml").string() + " --terrain " + (data / "drop_box_terrain.json").string(), 0.1);
}

TEST(RobotResume, TheRoverLeavingRutsCutInTwoEqualsTheUninterruptedRun) {
  const fs::path r = kExamples / "rover";
  expectCutInTwoEqualsWhole("ruts",
                            (r / "rover.xml").string() + " --terrain " + (r / "rover_ruts.terrain.json").string() +
                                " --control " + (r / "speed_0.5.csv").string(),
                            0.5);
}

TEST(RobotResume, TheRoverEstimatingItsSoilCutInTwoEqualsTheUninterruptedRun) {
  const fs::path r = kExamples / "rover";
  expectCutInTwoEqualsWhole("estimator",
                            (r / "rover.xml").string() + " --terrain " +
                                (r / "rover_soil_estimation.terrain.json").string() + " --control " +
                                (r / "speed_0.5.csv").string(),
                            0.5);
}

}  // namespace
}  // namespace regolith::test
