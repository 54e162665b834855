// The hexapod benchmark (robot_bench.h).
#include "robots/robot_bench.h"

#include <chrono>
#include <cmath>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <sstream>

#include "robots/robot_simulation.h"

namespace regolith::robots {

RobotBenchResult runRobotBench(const RobotBenchOptions& o) {
  const std::string terrain = o.hexapodDir + (o.deforming ? "/deforming.terrain.json" : "/flat.terrain.json");
  RobotSimulation sim(o.hexapodDir + "/hexapod.xml", loadTerrain(terrain));
  TripodGait gait;
  gait.start = 0.5;
  sim.setController(tripodGait(gait, sim.model()));
  RobotBenchResult r;
  r.plates = sim.terrain().plateCount();
  const auto start = std::chrono::steady_clock::now();
  while (sim.time() < o.seconds) {
    sim.step();
    ++r.steps;
  }
  r.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.simulatedSeconds = sim.time();
  r.realTimeFactor = r.simulatedSeconds / r.wallSeconds;
  r.terrainShare = sim.terrain().computeSeconds() / r.wallSeconds;
  r.mujocoShare = 1 - r.terrainShare;
  r.distance = sim.data()->qpos[0];
  return r;
}

nlohmann::json robotBenchJson(const RobotBenchResult& r) {
  return {{"plates", r.plates},
          {"steps", r.steps},
          {"simulated_seconds", r.simulatedSeconds},
          {"wall_seconds", r.wallSeconds},
          {"real_time_factor", r.realTimeFactor},
          {"terrain_share", r.terrainShare},
          {"mujoco_share", r.mujocoShare},
          {"distance", r.distance}};
}

std::string robotBenchText(const nlohmann::json& j) {
  auto number = [&](const char* key, int digits) {
    std::ostringstream out;
    out << std::setprecision(digits) << j.at(key).get<double>();
    return out.str();
  };
  auto percent = [&](const char* key) { return std::to_string(std::lround(100 * j.at(key).get<double>())); };
  return "hexapod: " + std::to_string(j.at("plates").get<std::size_t>()) + " plates, " +
         std::to_string(j.at("steps").get<std::size_t>()) + " steps, " + number("simulated_seconds", 3) +
         " s simulated in " + number("wall_seconds", 3) + " s: " + number("real_time_factor", 3) +
         " x real time (one core); terrain forces " + percent("terrain_share") + " %, MuJoCo " +
         percent("mujoco_share") + " % of the wall time; walked " + number("distance", 4) + " m";
}

}  // namespace regolith::robots
