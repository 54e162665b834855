// `regolith bench robot`: the walking hexapod of examples/robots/hexapod (tripod gait, flat
// or deforming sand) timed on one core: real-time factor, plates, and the shares of a step
// spent in the terrain forces (RFT and the grid) and in MuJoCo.
#pragma once

#include <cstddef>
#include <nlohmann/json_fwd.hpp>
#include <string>

namespace regolith::robots {

struct RobotBenchOptions {
  std::string hexapodDir;  // the folder of hexapod.xml and its *.terrain.json
  bool deforming = false;
  double seconds = 3.0;  // simulated, the gait starting at 0.5 s
};

struct RobotBenchResult {
  std::size_t plates = 0;
  std::size_t steps = 0;
  double simulatedSeconds = 0, wallSeconds = 0;
  double realTimeFactor = 0;  // simulated / wall
  double terrainShare = 0;    // of the wall time: TerrainForces (RFT per plate, the grid)
  double mujocoShare = 0;     // the rest: mj_step without the terrain, and the controller
  double distance = 0;        // chassis x travelled [m], so the work cannot be optimised away
};

RobotBenchResult runRobotBench(const RobotBenchOptions& o);
// The result as one JSON object, the only list of its fields: `--json` prints it, and
// robotBenchText reads the line for people from it.
nlohmann::json robotBenchJson(const RobotBenchResult& r);
std::string robotBenchText(const nlohmann::json& j);

}  // namespace regolith::robots
