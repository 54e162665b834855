// A terrain that MuJoCo's step does not compute itself: the DEM grains of a terrain file's
// DEM level (coupling/, docs/coupling.md). robots/ knows it through this interface only.
//
// RobotSimulation::step calls advance() after the controller and before mj_step: the
// terrain advances its own model over the coming step from the state at its start (poses
// and velocities as mj_step will see them) and stores the wrenches the bodies received;
// then, inside mj_step, apply() (the passive-force hook, passive_hook.h) adds those
// wrenches to qfrc_passive at each body's centre of mass. Work that may fail runs in
// advance(), outside MuJoCo's C code, so an exception leaves the MuJoCo state untouched.
#pragma once

#include <mujoco/mujoco.h>

#include <Eigen/Core>
#include <string>
#include <vector>

#include "robots/passive_hook.h"

namespace regolith::robots {

// What one body received over the last exchange interval (world frame).
struct ExternalWrench {
  int body = -1;                                     // MuJoCo body id
  Eigen::Vector3d force = Eigen::Vector3d::Zero();   // [N]
  Eigen::Vector3d moment = Eigen::Vector3d::Zero();  // [N m] about the centre of mass
  int contacts = 0;                                  // touching grain contacts now
  double sinkage = 0;                                // [m] the terrain's own measure (coupling/dem_terrain.h)
};

class ExternalTerrain : public PassiveForceSource {
 public:
  // Before mj_step; may throw (a blow-up, an exchange that failed): the MuJoCo state is
  // then as before the call.
  virtual void advance(const mjModel* m, mjData* d) = 0;
  // Per body, the wrench of the last interval, with its contact count and sinkage now.
  virtual std::vector<ExternalWrench> wrenches() const = 0;
  // The MuJoCo bodies it carries (cheaper than wrenches(): nothing is counted).
  virtual std::vector<int> bodyIds() const = 0;
  // "dem": how the run names this terrain in messages and output.
  virtual std::string kind() const = 0;
};

}  // namespace regolith::robots
