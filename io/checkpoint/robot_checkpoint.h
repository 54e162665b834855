// DIR/checkpoint.h5 of `regolith robot` (docs/robots.md and docs/coupling.md,
// "Checkpoints"): MuJoCo's state, the terrain's (RFT plates, wheels, the DEM coupling and
// engine), and where the output stood, so that `regolith robot --resume` continues as if
// the run had never stopped. Written to a temporary name and renamed, so a kill during
// the write leaves the previous one.
//
//   attributes   format = "regolith-robot-checkpoint", format_version, real_type,
//                model_file, step, last_frame_step, last_series_step, work_positive,
//                work_net; dataset terrain_json (the terrain file as run)
//   /mujoco      attribute time; one dataset per saved mjData array (qpos, qvel, act, ...)
//   /rft         attributes computed, last_time; bodies (B x 19: the smoother's last result
//                and the wrench, robots/terrain_forces.h), held (P x 3), and grid (the
//                deforming surface's state, robots/height_grid.h) with one
//   /wheels      latches (W x 2: has one, sinkage): wheels only
//   /estimator   values (the counters, the filter's state, covariance and last innovation)
//                and generator (its noise generator as text): the soil estimator only
//   /coupling    attribute steps_into_interval; bodies (B x 19: force, moment, the DEM
//                body's position, orientation (w, x, y, z), velocity, angular velocity)
//   /engine      the engine's state as in a DEM run's checkpoint (io/checkpoint/checkpoint.h)
//                (these two with a DEM level only)
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/engine_state.h"

namespace regolith {

struct RobotCheckpoint {
  std::string modelFile;    // as given; a resume must name the same
  std::string terrainJson;  // the terrain file as run; a resume must run the same
  std::uint64_t step = 0;   // MuJoCo steps taken
  std::uint64_t lastFrameStep = 0, lastSeriesStep = 0;
  double workPositive = 0, workNet = 0;  // the actuators' work so far [J]
  double mujocoTime = 0;
  std::vector<std::pair<std::string, std::vector<double>>> mujoco;  // mjData arrays by name
  // RFT plates (robots::TerrainForces::State): empty `rftBodies` for none.
  bool rftComputed = false;
  double rftLastTime = 0;
  std::vector<double> rftBodies, rftHeld;  // rows of 19 and of 3
  std::vector<double> grid;                // the deforming surface's state; empty for none
  std::vector<double> wheelLatches;        // rows of 2; empty for no wheels
  // The soil estimator (robots::WheelSoilEstimation::State): empty values for none.
  std::vector<double> estimator;
  std::string estimatorGenerator;
  // The DEM level, if the terrain has one.
  bool hasDem = false;
  std::vector<double> couplingBodies;  // rows of 19
  std::uint64_t stepsIntoInterval = 0;
  EngineState engine;
};

void writeRobotCheckpoint(const std::string& path, const RobotCheckpoint& c);
// Throws std::runtime_error naming the file for one that is not a robot checkpoint or was
// written by a build of another Real type.
RobotCheckpoint readRobotCheckpoint(const std::string& path);

}  // namespace regolith
