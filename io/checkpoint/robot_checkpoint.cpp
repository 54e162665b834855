// A robot run's checkpoint (robot_checkpoint.h).
#include "io/checkpoint/robot_checkpoint.h"

#include <stdexcept>

#include "io/checkpoint/checkpoint.h"
#include "io/h5/h5_file.h"
#include "io/run_file/run_file_layout.h"

namespace regolith {
namespace {

constexpr const char* kRobotCheckpointFormat = "regolith-robot-checkpoint";
constexpr std::int64_t kRobotCheckpointVersion = 1;
constexpr const char* kRobotRealType = sizeof(Real) == sizeof(double) ? "float64" : "float32";
constexpr std::size_t kCouplingColumns = 19;
constexpr std::size_t kRftBodyColumns = 19;  // robots::TerrainForces::kStateBodyColumns (io/ does not include robots/)

}  // namespace

void writeRobotCheckpoint(const std::string& path, const RobotCheckpoint& c) {
  writeFileAtomically(path, [&](const h5::File& f) {
    f.setAttribute("format", kRobotCheckpointFormat);
    f.setAttribute("format_version", kRobotCheckpointVersion);
    f.setAttribute("real_type", kRobotRealType);
    f.setAttribute("model_file", c.modelFile);
    f.writeString("terrain_json", c.terrainJson);
    f.setAttribute("step", c.step);
    f.setAttribute("last_frame_step", c.lastFrameStep);
    f.setAttribute("last_series_step", c.lastSeriesStep);
    f.setAttribute("work_positive", c.workPositive);
    f.setAttribute("work_net", c.workNet);
    const h5::Group mujoco = f.create("mujoco");
    mujoco.setAttribute("time", c.mujocoTime);
    for (const auto& [name, values] : c.mujoco) mujoco.write(name, values, {values.size()});
    if (!c.rftBodies.empty() || !c.grid.empty()) {
      const h5::Group rft = f.create("rft");
      rft.setAttribute("computed", static_cast<std::int64_t>(c.rftComputed));
      rft.setAttribute("last_time", c.rftLastTime);
      rft.write("bodies", c.rftBodies, {c.rftBodies.size() / kRftBodyColumns, kRftBodyColumns});
      rft.write("held", c.rftHeld, {c.rftHeld.size() / 3, 3});
      if (!c.grid.empty()) rft.write("grid", c.grid, {c.grid.size()});
    }
    if (!c.wheelLatches.empty()) f.create("wheels").write("latches", c.wheelLatches, {c.wheelLatches.size() / 2, 2});
    if (!c.estimator.empty()) {
      const h5::Group e = f.create("estimator");
      e.write("values", c.estimator, {c.estimator.size()});
      e.writeString("generator", c.estimatorGenerator);
    }
    if (!c.hasDem) return;
    const h5::Group coupling = f.create("coupling");
    coupling.setAttribute("steps_into_interval", c.stepsIntoInterval);
    coupling.write("bodies", c.couplingBodies, {c.couplingBodies.size() / kCouplingColumns, kCouplingColumns});
    writeEngineState(f.create("engine"), c.engine);
  });
}

RobotCheckpoint readRobotCheckpoint(const std::string& path) {
  const h5::File f = h5::File::openReadOnly(path);
  run_layout::requireFormat(f, kRobotCheckpointFormat, kRobotCheckpointVersion);
  if (f.stringAttribute("real_type") != kRobotRealType)
    throw std::runtime_error(path + ": written by a build with Real = " + f.stringAttribute("real_type") +
                             ", this build has Real = " + kRobotRealType);
  RobotCheckpoint c;
  c.modelFile = f.stringAttribute("model_file");
  c.terrainJson = f.readString("terrain_json");
  c.step = f.uint64Attribute("step");
  c.lastFrameStep = f.uint64Attribute("last_frame_step");
  c.lastSeriesStep = f.uint64Attribute("last_series_step");
  c.workPositive = f.doubleAttribute("work_positive");
  c.workNet = f.doubleAttribute("work_net");
  const h5::Group mujoco = f.open("mujoco");
  c.mujocoTime = mujoco.doubleAttribute("time");
  for (const std::string& name : mujoco.children()) c.mujoco.emplace_back(name, mujoco.read<double>(name));
  if (f.has("rft")) {
    const h5::Group rft = f.open("rft");
    c.rftComputed = rft.int64Attribute("computed") != 0;
    c.rftLastTime = rft.doubleAttribute("last_time");
    c.rftBodies = rft.read<double>("bodies");
    c.rftHeld = rft.read<double>("held");
    if (rft.has("grid")) c.grid = rft.read<double>("grid");
  }
  if (f.has("wheels")) c.wheelLatches = f.open("wheels").read<double>("latches");
  if (f.has("estimator")) {
    const h5::Group e = f.open("estimator");
    c.estimator = e.read<double>("values");
    c.estimatorGenerator = e.readString("generator");
  }
  c.hasDem = f.has("engine");
  if (!c.hasDem) return c;
  const h5::Group coupling = f.open("coupling");
  c.stepsIntoInterval = coupling.uint64Attribute("steps_into_interval");
  c.couplingBodies = coupling.read<double>("bodies");
  c.engine = readEngineState(f.open("engine"));
  return c;
}

}  // namespace regolith
