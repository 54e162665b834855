// The same scene and seed run twice give identical run files: every dataset of every
// frame and series (h5diff, HDF5's own comparison tool), the same /meta apart from the
// start time, and the same series.csv.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/support/child_process.h"
#include "tests/support/scratch_dir.h"
#include "io/run_file/run_file.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(Reproducible, SameSceneAndSeedGiveIdenticalRunFiles) {
  const std::string scene = std::string(REGOLITH_SOURCE_DIR) + "/scenes/demo/demo.smoke.json";
  std::vector<fs::path> dirs;
  for (const char* name : {"regolith_repro_a_", "regolith_repro_b_"}) {
    const fs::path d = test::scratchDir(name);
    // Two threads: the async mode's kinematic stream and a thread for the dynamic one.
    ASSERT_EQ(
        test::runToEnd({REGOLITH_BINARY, "run", scene, "--out", d.string(), "--threads", "2"}, d.string() + ".log"), 0)
        << "see " << d << ".log";
    dirs.push_back(d);
  }
  const fs::path a = dirs[0] / "run.h5", b = dirs[1] / "run.h5";
  // h5diff exits 0 when every compared object is equal; /meta holds the wall-clock start.
  const int diff = test::runToEnd({REGOLITH_H5DIFF, "--exclude-path", "/meta", a.string(), b.string()},
                                  dirs[0].string() + ".h5diff.log");
  EXPECT_EQ(diff, 0) << "h5diff found differences, see " << dirs[0] << ".h5diff.log";

  const RunFileReader ra(a.string()), rb(b.string());
  EXPECT_GE(ra.frameCount(), 2u);
  const RunMeta &ma = ra.header().meta, &mb = rb.header().meta;
  EXPECT_EQ(ma.sceneJson, mb.sceneJson);
  EXPECT_EQ(ma.seed, mb.seed);
  EXPECT_EQ(ma.version, mb.version);
  EXPECT_EQ(ma.gitRevision, mb.gitRevision);
  EXPECT_EQ(ma.backend, mb.backend);
  EXPECT_EQ(slurp(dirs[0] / "series.csv"), slurp(dirs[1] / "series.csv"));
  EXPECT_FALSE(slurp(dirs[0] / "series.csv").empty());
}

}  // namespace
}  // namespace regolith
