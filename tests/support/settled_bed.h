// `regolith bed SCENE` run by the real binary, as a user would, for the tests of beds.
#pragma once

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/child_process.h"
#include "tests/support/scratch_dir.h"

namespace regolith::test {

// Settles the scene into <scratch>/<name><pid>/bed.h5 and returns that path, or "" after
// a failure (recorded, with the log's path). Exit 0 means the settle criterion held before
// the end time (4 would mean it did not). One thread, as every test process
// (tests/CMakeLists.txt): beside WheelLoad.Slow..., both on two threads on CI's two cores,
// the trio bed took 232 s instead of 26.
inline std::string settledBed(const std::string& scenePath, const std::string& name) {
  const std::filesystem::path dir = scratchDir(name);
  std::filesystem::create_directories(dir);
  const std::string bed = (dir / "bed.h5").string(), log = (dir / "bed.log").string();
  const int code = runToEnd({REGOLITH_BINARY, "bed", scenePath, "--out", bed, "--threads", "1", "--quiet"}, log);
  EXPECT_EQ(code, 0) << "see " << log;
  return code == 0 ? bed : "";
}

}  // namespace regolith::test
