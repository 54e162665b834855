// The hexapod benchmark (robot_bench.h).
#include "robots/robot_bench.h"

#include <chrono>
#include <cstdio>

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

std::string robotBenchText(const RobotBenchResult& r) {
  char text[512];
  std::snprintf(text, sizeof text,
                "hexapod: %zu plates, %zu steps, %.3g s simulated in %.3g s: %.3g x real time (one core); "
                "terrain forces %.0f %%, MuJoCo %.0f %% of the wall time; walked %.4g m",
                r.plates, r.steps, r.simulatedSeconds, r.wallSeconds, r.realTimeFactor, 100 * r.terrainShare,
                100 * r.mujocoShare, r.distance);
  return text;
}

std::string robotBenchJson(const RobotBenchResult& r) {
  char text[512];
  std::snprintf(text, sizeof text,
                "{\"plates\": %zu, \"steps\": %zu, \"simulated_seconds\": %.17g, \"wall_seconds\": %.17g, "
                "\"real_time_factor\": %.17g, \"terrain_share\": %.17g, \"mujoco_share\": %.17g, \"distance\": %.17g}",
                r.plates, r.steps, r.simulatedSeconds, r.wallSeconds, r.realTimeFactor, r.terrainShare, r.mujocoShare,
                r.distance);
  return text;
}

}  // namespace regolith::robots
