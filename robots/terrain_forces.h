// RFT forces of granular terrain on the bodies of a MuJoCo model (RFT-SiM, arXiv
// 2606.19504, in C++): the force source behind the passive-force hook (passive_hook.h).
//
// Built once from a terrain file and a model: every interacting body or geom named in the
// file becomes plates in its body's frame (geom_plates.h). Then, per step (apply):
//  - each plate is placed from the body's pose (xpos, xmat), and its velocity is the body's
//    twist at the plate, v = v_com + omega x (c - x_com) (mj_objectVelocity: cvel carried
//    to the body's centre of mass xipos, world axes);
//  - its force is models/rft's plateForce at its depth below the surface RFT sees
//    (terrain_surface.h: the deformed grid where deformation is on). A plate slower than
//    the rest speed keeps the direction it last moved in faster: quasi-static RFT needs a
//    direction of motion, and without this a loaded foot at rest (a stance leg, a box on
//    sand) loses its support every time its speed drops to rounding and creeps down by
//    on/off chatter (rest_speed 0 turns the hold off);
//  - per body, the plate forces sum to F and their moments about the centre of mass to
//    M = sum (c - x_com) x f; the pair is smoothed, F_s,n = kappa F_n + (1 - kappa) F_s,n-1
//    (models/rft ForceSmoother, one per body), and applied with mj_applyFT at x_com into
//    qfrc_passive: the plates' true moments, not a force at the body origin;
//  - the deforming grid, if any, is pressed by this step's plates.
// A body whose every plate is above the highest point of the sand (its origin higher than
// the surface's maximum by its reach) is not evaluated: its plates are placed, with depth
// -inf and no force; so is any plate above that maximum. A walking robot's chassis and
// swinging legs cost almost nothing: such plates are placed only when plates() is asked
// for them (most plates of a walking robot are above the sand every step).
// Once per step: a second call at the same simulation time (mj_forward after mj_step, for
// output) applies the stored wrenches again without advancing smoothing or the grid.
#pragma once

#include <mujoco/mujoco.h>

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <vector>

#include "models/rft/rft_model.h"
#include "robots/passive_hook.h"
#include "robots/terrain_file.h"
#include "robots/terrain_surface.h"

namespace regolith::robots {

struct BodyWrench {
  int body = -1;                                     // MuJoCo body id
  Eigen::Vector3d force = Eigen::Vector3d::Zero();   // [N], world, smoothed
  Eigen::Vector3d moment = Eigen::Vector3d::Zero();  // [N m] about the centre of mass, smoothed
  Eigen::Vector3d point = Eigen::Vector3d::Zero();   // the centre of mass (xipos) [m]
  std::size_t platesInContact = 0;
  double sinkage = 0;  // [m] the depth of its deepest plate below the surface RFT sees, >= 0
};

// One plate as last placed, with its raw (unsmoothed) force.
struct PlacedPlate {
  int body = -1;
  rft::Plate plate;  // world frame
  Eigen::Vector3d velocity = Eigen::Vector3d::Zero();
  double depth = 0;  // -inf for plates above the sand's highest point (not evaluated)
  Eigen::Vector3d force = Eigen::Vector3d::Zero();
};

class TerrainForces : public PassiveForceSource {
 public:
  // Throws TerrainError (with the file's pointers) for names the model lacks, geoms that
  // cannot intrude (planes, height fields) or a body without geoms.
  TerrainForces(const mjModel* m, const TerrainSpec& spec);

  void apply(const mjModel* m, mjData* d) override;
  // Forget the last step (its time, smoothing state, plates' held directions), e.g. after
  // mj_resetData sets the time back: the next call computes afresh. The grid keeps its
  // footprints.
  void reset();

  const std::vector<BodyWrench>& wrenches() const { return m_wrenches; }
  // Every plate as of the last step. Plates above the sand are placed here, on demand,
  // from the poses of that step: the step itself only places the plates it evaluates.
  const std::vector<PlacedPlate>& plates() const;
  std::size_t plateCount() const { return m_placed.size(); }
  // Wall time spent computing forces and pressing the grid so far [s] (benchmarks).
  double computeSeconds() const { return m_computeSeconds; }
  TerrainSurface& surface() { return m_surface; }
  const TerrainSurface& surface() const { return m_surface; }
  const TerrainSpec& spec() const { return m_spec; }

 private:
  struct Body {
    int id;
    std::vector<rft::Plate> plates;  // body frame
    rft::ForceSmoother smoother;
    double reach = 0;                                        // the farthest plate centroid from the body origin [m]
    Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();  // pose of the last step
    Eigen::Vector3d position = Eigen::Vector3d::Zero();
  };
  void compute(const mjModel* m, const mjData* d);

  TerrainSpec m_spec;
  rft::PlateForceKernel m_kernel;
  TerrainSurface m_surface;
  std::vector<Body> m_bodies;
  std::vector<BodyWrench> m_wrenches;
  // Plates evaluated by the last step are current; the others (m_evaluated 0) are
  // placed by plates() when m_placedCurrent is false.
  mutable std::vector<PlacedPlate> m_placed;
  std::vector<unsigned char> m_evaluated;
  mutable bool m_placedCurrent = false;
  std::vector<Eigen::Vector3d> m_lastDirection;  // per plate, zero until it has moved
  std::vector<GridPlate> m_pressing;
  double m_lastTime = 0;
  bool m_computed = false;
  double m_computeSeconds = 0;
};

// The terrain file's gravity, if it states one, into the model's options.
void applyGravity(mjModel* m, const TerrainSpec& spec);

}  // namespace regolith::robots
