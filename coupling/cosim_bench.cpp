// `regolith bench cosim` (cosim_bench.h).
#include "coupling/cosim_bench.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>

#include "coupling/dem_terrain.h"
#include "kernels/stages.h"
#include "robots/robot_simulation.h"

namespace regolith::coupling {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// The bed: grains of radius r in an hcp lattice 0.1 r apart, in a bin Lx by Ly, as many
// layers as `spheres` needs. Soft grains (E = 1e7 Pa) for a step of 2e-5 s.
constexpr double kRadius = 0.002, kSpacing = 2.2 * kRadius, kLength = 0.4, kWidth = 0.12;
constexpr double kTimeStep = 2e-5, kInterval = 2e-4;  // 10 DEM steps per exchange
constexpr double kWheelRadius = 0.05, kWheelWidth = 0.04;

// Layers of an hcp lattice in the bin: rows kSpacing apart along x, sqrt(3)/2 kSpacing along
// y, layers sqrt(2/3) kSpacing apart (the scene's "hcp" packing).
double bedDepth(std::size_t spheres) {
  const double perLayer = std::floor(kLength / kSpacing) * std::floor(kWidth / (std::sqrt(3.0) / 2 * kSpacing));
  const double layers = std::ceil(double(spheres) / perLayer);
  return layers * std::sqrt(2.0 / 3.0) * kSpacing;
}

std::string sceneJson(std::size_t spheres) {
  const double depth = bedDepth(spheres);
  nlohmann::json s = {
      {"units", "SI"},
      {"description", "regolith bench cosim: an hcp bed under a MuJoCo wheel"},
      {"gravity", "earth"},
      {"time_step", kTimeStep},
      {"end_time", 1},
      {"seed", 1},
      {"materials",
       {{{"name", "grain"},
         {"youngs_modulus", 1e7},
         {"poisson_ratio", 0.3},
         {"restitution", 0.3},
         {"friction", 0.5},
         {"rolling_resistance", 0.05},
         {"density", 2500}},
        {{"name", "wheel"}, {"youngs_modulus", 1e7}, {"poisson_ratio", 0.3}, {"restitution", 0.3}, {"friction", 0.6}}}},
      {"templates", {{{"name", "grain"}, {"spheres", {{{"radius", kRadius}, {"material", "grain"}}}}}}},
      {"sources",
       {{{"kind", "lattice"},
         {"template", "grain"},
         {"packing", "hcp"},
         {"spacing", kSpacing},
         {"lo", {-kLength / 2 + kRadius, -kWidth / 2 + kRadius, kRadius}},
         {"hi", {kLength / 2 - kRadius, kWidth / 2 - kRadius, depth}}}}},
      {"bodies",
       {{{"name", "bin"},
         {"material", "wheel"},
         {"shape",
          {{"kind", "box"},
           {"lo", {-kLength / 2 - 0.001, -kWidth / 2 - 0.001, 0}},
           {"hi", {kLength / 2 + 0.001, kWidth / 2 + 0.001, depth + 0.2}},
           {"open", {"+z"}}}}}}}};
  return s.dump(1);
}

// A 4 kg carriage on slides along x and z with a 1 kg wheel on a hinge about y, driven at
// 2 rad/s by a velocity actuator (kv H / I = 0.32: stable with explicit Euler); it starts 2 mm
// above the bed's top.
std::string wheelMjcf(double bedTop) {
  char xml[2048];
  std::snprintf(xml, sizeof xml, R"(<mujoco>
  <option timestep="%g" integrator="Euler"/>
  <worldbody>
    <body name="carriage" pos="0 0 %g">
      <joint name="x" type="slide" axis="1 0 0"/>
      <joint name="z" type="slide" axis="0 0 1"/>
      <geom type="box" size="0.02 0.02 0.02" mass="4" contype="0" conaffinity="0"/>
      <body name="wheel">
        <joint name="spin" type="hinge" axis="0 1 0"/>
        <geom type="cylinder" size="%g %g" euler="90 0 0" mass="1" contype="0" conaffinity="0"/>
      </body>
    </body>
  </worldbody>
  <actuator><velocity joint="spin" kv="2"/></actuator>
</mujoco>
)",
                kInterval, bedTop + kWheelRadius + 0.002, kWheelRadius, kWheelWidth / 2);
  return xml;
}

CosimBenchRun timeOne(const CosimBenchOptions& o, const std::string& mjcf, const std::string& terrainPath, int threads,
                      CosimBenchResult& result) {
  setThreadCount(threads);
  const robots::TerrainSpec terrain = robots::loadTerrain(terrainPath);
  robots::RobotSimulation robot(mjcf, terrain);
  auto grains = std::make_unique<DemTerrain>(robot.model(), robot.data(), terrain, nullptr);
  DemTerrain& dem = *grains;
  robot.attachTerrain(std::move(grains));
  robot.data()->ctrl[0] = 2.0;  // rad/s
  result.spheres = dem.scene().initial.sphereCount();
  result.triangles = dem.triangleCount();
  result.timeStep = dem.scene().model.timeStep;
  result.interval = dem.interval();
  const auto intervals = [&](double seconds) { return std::size_t(std::lround(seconds / dem.interval())); };
  for (std::size_t k = 0; k < intervals(o.settleSeconds); ++k) robot.step();
  CosimBenchRun run;
  run.threads = threads;
  const double dem0 = dem.demSeconds(), exchange0 = dem.exchangeSeconds(), z0 = robot.data()->qpos[1];
  const std::uint64_t steps0 = dem.simulation().stepCount();
  const Clock::time_point t0 = Clock::now();
  run.intervals = intervals(o.seconds);
  for (std::size_t k = 0; k < run.intervals; ++k) robot.step();
  run.wallSeconds = std::chrono::duration<double>(Clock::now() - t0).count();
  run.demSeconds = dem.demSeconds() - dem0;
  run.exchangeSeconds = dem.exchangeSeconds() - exchange0;
  run.mujocoSeconds = std::max(0.0, run.wallSeconds - run.demSeconds - run.exchangeSeconds);
  run.overhead = (run.exchangeSeconds + run.mujocoSeconds) / run.demSeconds;
  run.demSteps = dem.simulation().stepCount() - steps0;
  run.sinkage = z0 - robot.data()->qpos[1];
  return run;
}

}  // namespace

CosimBenchResult runCosimBench(const CosimBenchOptions& o) {
  const fs::path dir = o.scratchDir.empty() ? fs::temp_directory_path() / "regolith_bench_cosim"
                                            : fs::path(o.scratchDir);
  fs::create_directories(dir);
  const fs::path scene = dir / "bed.json", terrain = dir / "wheel.terrain.json", mjcf = dir / "wheel.xml";
  std::ofstream(scene) << sceneJson(o.spheres);
  std::ofstream(terrain) << nlohmann::json{{"gravity", "earth"},
                                           {"dem",
                                            {{"scene", scene.string()},
                                             {"material", "wheel"},
                                             {"bodies", {{{"body", "wheel"}, {"resolution", 0.005}}}}}}}
                                .dump(2);
  std::ofstream(mjcf) << wheelMjcf(bedDepth(o.spheres) + kRadius);
  CosimBenchResult result;
  for (const int t : o.threads) result.runs.push_back(timeOne(o, mjcf.string(), terrain.string(), t, result));
  return result;
}

nlohmann::json cosimBenchJson(const CosimBenchResult& r) {
  nlohmann::json runs = nlohmann::json::array();
  for (const CosimBenchRun& x : r.runs)
    runs.push_back({{"threads", x.threads},
                    {"intervals", x.intervals},
                    {"dem_steps", x.demSteps},
                    {"wall_seconds", x.wallSeconds},
                    {"dem_seconds", x.demSeconds},
                    {"exchange_seconds", x.exchangeSeconds},
                    {"mujoco_seconds", x.mujocoSeconds},
                    {"overhead", x.overhead},
                    {"sinkage_m", x.sinkage}});
  return {{"bench", "cosim"},        {"spheres", r.spheres},   {"triangles", r.triangles},
          {"time_step", r.timeStep}, {"interval", r.interval}, {"runs", runs}};
}

std::string cosimBenchText(const nlohmann::json& j) {
  std::string out;
  char line[512];
  std::snprintf(line, sizeof line,
                "cosim: MuJoCo wheel (%zu triangles) on %zu DEM grains, exchange every %g s (%g s DEM steps)\n",
                j["triangles"].get<std::size_t>(), j["spheres"].get<std::size_t>(), j["interval"].get<double>(),
                j["time_step"].get<double>());
  out += line;
  for (const nlohmann::json& x : j["runs"]) {
    const double wall = x["wall_seconds"].get<double>();
    std::snprintf(line, sizeof line,
                  "  threads %d: %.3f s wall for %zu DEM steps; DEM %.1f %%, exchange %.2f %%, MuJoCo %.2f %% of the "
                  "wall time; exchange + MuJoCo = %.2f %% of the DEM's time\n",
                  x["threads"].get<int>(), wall, x["dem_steps"].get<std::size_t>(),
                  100 * x["dem_seconds"].get<double>() / wall, 100 * x["exchange_seconds"].get<double>() / wall,
                  100 * x["mujoco_seconds"].get<double>() / wall, 100 * x["overhead"].get<double>());
    out += line;
  }
  if (!out.empty()) out.pop_back();
  return out;
}

}  // namespace regolith::coupling
