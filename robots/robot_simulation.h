// One MuJoCo model on granular terrain, stepped: the MJCF loaded, the terrain's gravity
// set, the terrain forces hooked into mj_step (passive_hook.h), a controller writing the
// actuator targets before each step. What `regolith robot` runs and the tests drive; it
// writes no files (apps/robot_command.cpp does).
#pragma once

#include <mujoco/mujoco.h>

#include <Eigen/Core>
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "robots/controls.h"
#include "robots/external_terrain.h"
#include "robots/mujoco_warnings.h"
#include "robots/soil_estimation.h"
#include "robots/terrain_file.h"
#include "robots/terrain_forces.h"
#include "robots/wheel_terrain.h"

namespace regolith::robots {

// Pose, twist and terrain wrench of one body at one time (world frame, SI).
struct BodySample {
  Eigen::Vector3d position = Eigen::Vector3d::Zero();  // body frame origin
  Eigen::Vector4d orientation{1, 0, 0, 0};             // (w, x, y, z), body to world
  Eigen::Vector3d velocity = Eigen::Vector3d::Zero();  // of the centre of mass
  Eigen::Vector3d angularVelocity = Eigen::Vector3d::Zero();
  Eigen::Vector3d terrainForce = Eigen::Vector3d::Zero();
  Eigen::Vector3d terrainMoment = Eigen::Vector3d::Zero();  // about the centre of mass
  int platesInContact = 0;
  double sinkage = 0;  // [m] its deepest plate's depth (a foot's sinkage), or a wheel's; 0 out of the sand
};

// Triangles for viewing: every geom of the interacting bodies (tessellated as for the
// plates, at `density`), placed in the world; owner = MuJoCo body id per triangle.
struct WorldMesh {
  std::vector<Eigen::Vector3d> vertices;
  std::vector<std::array<int, 3>> triangles;
  std::vector<int> owner;
};

class RobotSimulation {
 public:
  // Throws std::invalid_argument with MuJoCo's message for an MJCF that does not load
  // (or is not a regular file, or has a time step not positive: mjcf_load.h),
  // TerrainError for names in the terrain file the model lacks. The model's first
  // keyframe, if any, is the initial state.
  RobotSimulation(const std::string& mjcfPath, const TerrainSpec& terrain);
  ~RobotSimulation();
  RobotSimulation(const RobotSimulation&) = delete;
  RobotSimulation& operator=(const RobotSimulation&) = delete;

  void setController(std::unique_ptr<Controller> controller) { m_controller = std::move(controller); }
  // A terrain computed outside MuJoCo (external_terrain.h: DEM grains), beside the plates
  // and wheels of the terrain file; advanced before every step from then on.
  void attachTerrain(std::unique_ptr<ExternalTerrain> terrain);
  const ExternalTerrain* externalTerrain() const { return m_external.get(); }
  ExternalTerrain* externalTerrain() { return m_external.get(); }
  // The controller, then the external terrain's advance(), then mj_step, then the soil
  // estimator's observe(). What advance() throws passes through (the state untouched). Throws
  // MujocoBlowUp (mujoco_warnings.h) when MuJoCo reset the state in the step (a NaN, Inf
  // or huge qpos, qvel, qacc or ctrl), after putting back the state before it.
  void step();
  // MuJoCo's warnings that did not stop the run (each kind once), since the last call.
  std::vector<std::string> takeNotes();

  double time() const { return m_data->time; }
  double timeStep() const { return m_model->opt.timestep; }
  const mjModel* model() const { return m_model; }
  mjData* data() { return m_data; }
  const mjData* data() const { return m_data; }
  TerrainForces& terrain() { return *m_forces; }
  const TerrainForces& terrain() const { return *m_forces; }
  // The terrain file's Bekker-Wong wheels (none when it names none).
  const WheelTerrainForces& wheels() const { return *m_wheels; }
  WheelTerrainForces& wheels() { return *m_wheels; }
  // The terrain file's soil estimator beside the wheels; null without an `estimator`.
  const WheelSoilEstimation* estimation() const { return m_estimation.get(); }
  WheelSoilEstimation* estimation() { return m_estimation.get(); }

  // Bodies 1 .. nbody-1 (the world left out), by name ("body<i>" when unnamed).
  std::vector<std::string> bodyNames() const;
  // Poses and twists at time(): MuJoCo leaves xpos, xquat and cvel of the step's start
  // after mj_step, so they are recomputed from qpos, qvel first (mj_kinematics, mj_comPos,
  // mj_comVel; the state is untouched). Terrain wrenches are those applied over the last
  // step.
  std::vector<BodySample> sample();
  // True while every position and velocity is finite.
  bool finite() const;
  // Uses the poses of the last sample() or step.
  WorldMesh bodyMesh(double density = 5000) const;

 private:
  mjModel* m_model = nullptr;
  mjData* m_data = nullptr;
  std::unique_ptr<TerrainForces> m_forces;
  std::unique_ptr<WheelTerrainForces> m_wheels;
  std::unique_ptr<WheelSoilEstimation> m_estimation;
  PassiveForceList m_sources;  // the plates' forces, then the wheels'
  std::unique_ptr<PassiveHook> m_hook;
  std::unique_ptr<Controller> m_controller;
  std::unique_ptr<ExternalTerrain> m_external;
  std::vector<double> m_saved;  // qpos, qvel, act before the step
  std::vector<std::string> m_notes, m_noted;
};

}  // namespace regolith::robots
