// What the coupling tests share: scratch files, the test data folder, and a robot on a
// terrain file with a DEM level built as `regolith robot` builds it.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "coupling/dem_terrain.h"
#include "robots/robot_simulation.h"
#include "tests/support/scratch_dir.h"

namespace regolith::test {

namespace fs = std::filesystem;
inline const fs::path kData = fs::path(REGOLITH_SOURCE_DIR) / "tests/data/coupling";

inline std::string fileText(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::string writeFile(const std::string& name, const std::string& text) {
  static const fs::path dir = scratchDir("coupling_test");
  fs::create_directories(dir);
  std::ofstream(dir / name) << text;
  return (dir / name).string();
}

// A robot on a terrain file with a DEM level, as `regolith robot` builds it.
struct CoupledRun {
  std::unique_ptr<robots::RobotSimulation> robot;
  coupling::DemTerrain* dem = nullptr;
  CoupledRun(const std::string& mjcf, const robots::TerrainSpec& terrain) {
    robot = std::make_unique<robots::RobotSimulation>(mjcf, terrain);
    auto grains = std::make_unique<coupling::DemTerrain>(robot->model(), robot->data(), terrain, nullptr);
    dem = grains.get();
    robot->attachTerrain(std::move(grains));
  }
  void run(double seconds) {
    const long steps = std::lround(seconds / robot->timeStep());
    for (long k = 0; k < steps; ++k) robot->step();
  }
};

}  // namespace regolith::test
