// Shared by the Batch suite's files: a scratch folder per test, sweep files over the
// batch test scene (tests/data/batch_scene.json: about 1.5 s per run on one core), the
// manifest as JSON.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/json_file.h"

#include "tests/support/scratch_dir.h"

namespace regolith::test {

inline const std::string kBatchScene = std::string(REGOLITH_SOURCE_DIR) + "/tests/data/batch_scene.json";

// A fresh folder for this test (named after it, unique to the process).
inline std::filesystem::path batchDir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::filesystem::path d = scratchDir(std::string("regolith_batch_") + info->name() + "_");
  std::filesystem::create_directories(d);
  return d;
}

// Writes `sweep` (with "scene" set to the batch test scene unless given) to DIR/sweep.json.
// Under the sanitizers (some 15 times slower) the scene's phases are cut to a quarter in a
// copy beside the sweep, so the whole-program tests stay short.
inline std::string writeSweep(const std::filesystem::path& dir, nlohmann::json sweep) {
#ifdef REGOLITH_SANITIZED
  if (!sweep.contains("scene")) {
    std::ifstream in(kBatchScene);
    nlohmann::json scene = nlohmann::json::parse(in);
    for (nlohmann::json& phase : scene["phases"]) phase["duration"] = phase["duration"].get<double>() / 4;
    std::ofstream(dir / "scene.json") << scene.dump(2);
    sweep["scene"] = (dir / "scene.json").string();
  }
#endif
  if (!sweep.contains("scene")) sweep["scene"] = kBatchScene;
  const std::string path = (dir / "sweep.json").string();
  std::ofstream(path) << sweep.dump(2);
  return path;
}

}  // namespace regolith::test
