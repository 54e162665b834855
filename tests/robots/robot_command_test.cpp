// `regolith robot` as a user runs it: a box dropped on deforming sand writes run.h5,
// run.xmf and series.csv; a bad terrain file exits 2 with its pointer, an existing run
// exits 1 without --overwrite. And `regolith bench robot`.
#include <sys/wait.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "io/h5/h5_file.h"
#include "tests/support/scratch_dir.h"

namespace regolith::test {
namespace {

namespace fs = std::filesystem;

int regolithRobot(const std::string& args, const fs::path& log) {
  const std::string data = std::string(REGOLITH_SOURCE_DIR) + "/tests/data/robots/";
  const std::string command = std::string(REGOLITH_BINARY) + " robot " + data + "drop_box.xml --terrain " + data +
                              "drop_box_terrain.json " + args + " > " + log.string() + " 2>&1";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string text(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(RobotCommand, WritesRunFilesOfADroppedBox) {
  const fs::path dir = scratchDir("robot_command");
  ASSERT_EQ(regolithRobot("--duration 0.2 --out " + dir.string() + " -q", dir.string() + ".log"), 0)
      << text(dir.string() + ".log");
  for (const char* f : {"run.h5", "run.xmf", "series.csv"}) EXPECT_TRUE(fs::exists(dir / f)) << f;
  // series.csv: the initial row and one every 2 ms over 0.2 s; the box ends in the sand,
  // carried by it (the terrain force column fz about m g = 19.6 N at rest).
  std::ifstream csv(dir / "series.csv");
  std::string line, last;
  int rows = 0;
  std::getline(csv, line);
  EXPECT_EQ(line.rfind("time,body,x,y,z", 0), 0u);
  while (std::getline(csv, line)) ++rows, last = line;
  EXPECT_EQ(rows, 101);
  std::vector<double> v;
  std::stringstream cells(last);
  std::string cell;
  while (std::getline(cells, cell, ',')) v.push_back(cell == "box" ? 0 : std::atof(cell.c_str()));
  ASSERT_GT(v.size(), 18u);
  EXPECT_LT(v[4] - 0.02, 0) << "the box's bottom is below the surface";
  EXPECT_GT(v[17], 5) << "the sand carries it";
  // Frames at 0, 0.05, ..., 0.2 s.
  EXPECT_NE(text(dir / "run.xmf").find("frame_000004\""), std::string::npos);
  // The last frame's grid: the box's footprint as a permanent depth beside the heights
  // (the same shape), and no trace pattern (a plate leaves none).
  {
    const h5::File f = h5::File::openReadOnly((dir / "run.h5").string());
    const h5::Group frame = f.open("frames").open("000004");
    std::vector<hsize_t> heightDims, depthDims, traceDims;
    const std::vector<double> height = frame.read<double>("terrain_height", &heightDims);
    const std::vector<double> depth = frame.read<double>("terrain_permanent_depth", &depthDims);
    const std::vector<double> trace = frame.read<double>("terrain_trace", &traceDims);
    EXPECT_EQ(depthDims, heightDims);
    EXPECT_EQ(traceDims, heightDims);
    double deepest = 0, largestTrace = 0;
    for (double d : depth) deepest = std::min(deepest, d);
    for (double w : trace) largestTrace = std::max(largestTrace, std::fabs(w));
    EXPECT_LT(deepest, -0.005) << "the box pressed a footprint of several mm";
    EXPECT_EQ(largestTrace, 0);
  }

  EXPECT_EQ(regolithRobot("--duration 0.2 --out " + dir.string() + " -q", dir.string() + ".log"), 1) << "run.h5 exists";
  EXPECT_EQ(
      regolithRobot("--duration 0.2 --out " + dir.string() + " -q --overwrite --set /kappa_F=2", dir.string() + ".log"),
      2);
  EXPECT_NE(text(dir.string() + ".log").find("/kappa_F: found 2"), std::string::npos) << text(dir.string() + ".log");
}

// `regolith bench robot`: the hexapod with the 3,000 plates or more, its shares.
TEST(RobotCommand, BenchTimesTheHexapod) {
  const fs::path log = scratchDir("robot_bench").string() + ".log";
  const std::string command = std::string(REGOLITH_BINARY) + " bench robot --seconds 0.2 --json > " + log.string();
  ASSERT_EQ(std::system(command.c_str()), 0);
  const std::string out = text(log);
  const std::size_t plates = out.find("\"plates\": ");
  ASSERT_NE(plates, std::string::npos) << out;
  EXPECT_GE(std::atoi(out.c_str() + plates + 10), 3000) << out;
  EXPECT_NE(out.find("\"terrain_share\": 0."), std::string::npos) << out;
}

}  // namespace
}  // namespace regolith::test
