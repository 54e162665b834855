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
//    the rest speed keeps the direction it last moved in faster while below the sand's
//    highest point: quasi-static RFT needs a direction of motion, and without this a
//    loaded foot at rest (a stance leg, a box on sand) loses its support every time its
//    speed drops to rounding and creeps down by on/off chatter (rest_speed 0 turns the
//    hold off);
//  - per body, the plate forces sum to F and their moments about the centre of mass to
//    M = sum (c - x_com) x f; the pair is smoothed, F_s,n = kappa F_n + (1 - kappa) F_s,n-1
//    (models/rft ForceSmoother, one per body), and applied with mj_applyFT at x_com into
//    qfrc_passive: the plates' true moments, not a force at the body origin;
//  - the deforming grid, if any, is pressed by this step's plates.
// A body whose every plate is above the highest point of the sand (its origin higher than
// the surface's maximum by its reach) is not evaluated: its plates are placed, with depth
// -inf and no force; so is any plate above that maximum, and a run of consecutive plates
// (a cluster) whose bounding sphere is above it is skipped without placing each. A walking
// robot's chassis and swinging legs cost almost nothing: such plates are placed only when
// plates() is asked for them (most plates of a walking robot are above the sand every
// step). A plate below that maximum gets its velocity (and its held direction, below);
// its surface height and force only when it is below the surface's local bound
// (TerrainSurface::rftBoundNear), else depth -inf and no force.
// Once per step: a second call at the same simulation time (mj_forward after mj_step, for
// output) applies the stored wrenches again without advancing smoothing or the grid.
#pragma once

#include <mujoco/mujoco.h>

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <optional>
#include <vector>

#include "models/rft/rft_kernel.h"
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
  double depth = 0;  // -inf for plates found above the sand without measuring it
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

  // What a step leaves behind for the next, as numbers (a robot run's checkpoint,
  // io/checkpoint/robot_checkpoint.h): whether and when it last computed, per body the
  // smoother's last result and the wrench (kStateBodyColumns each), per plate its held
  // direction (3 each), and the deforming grid's state (HeightGrid::saveState; empty
  // without one).
  static constexpr std::size_t kStateBodyColumns = 19;
  struct State {
    bool computed = false;
    double lastTime = 0;
    std::vector<double> bodies;  // rows of kStateBodyColumns
    std::vector<double> held;    // rows of 3
    std::vector<double> grid;
  };
  State saveState() const;
  // Throws std::invalid_argument for a state of another terrain (other body or plate counts).
  void restoreState(const State& s);

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
  // Consecutive plates [begin, end) of a body and their bounding sphere, body frame.
  struct Cluster {
    std::size_t begin = 0, end = 0;
    Eigen::Vector3d centre = Eigen::Vector3d::Zero();
    double radius = 0;  // [m]
  };
  struct Body {
    int id;
    std::vector<rft::Plate> plates;  // body frame
    rft::ForceSmoother smoother;
    double reach = 0;                                        // the farthest plate centroid from the body origin [m]
    std::vector<Cluster> clusters{};                         // covering plates in order
    Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();  // pose of the last step
    Eigen::Vector3d position = Eigen::Vector3d::Zero();
  };
  // How far a step placed a plate (m_state).
  enum PlateState : unsigned char { kUnplaced, kPlacedClear, kEvaluated };
  // RFT's coefficients were measured with gravity along -z: its depth runs along gravity
  // and a plate's angles are taken against it. Under a gravity tilted against the sand's
  // normal (a slope given as gravity over a flat bed, as the DEM scenes give it) each plate
  // in the sand is evaluated in a frame turned so that gravity is -z, at its depth along
  // gravity: what the same plate sees under a sloped surface and vertical gravity. On a
  // flat or sloped base surface that is exact; over a height map or a deforming grid the
  // depth along gravity is taken as the local vertical depth over the cosine between
  // gravity and z (the surface taken as locally horizontal).
  struct GravityFrame {
    bool tilted = false;                                  // false: RFT's frame is the world's
    Eigen::Matrix3d toRft = Eigen::Matrix3d::Identity();  // world axes -> gravity along -z
    double depthScale = 1;                                // depth along gravity per depth along z
  };
  // The frame for the model's gravity over this surface; empty when a tilted gravity does
  // not pull into the sand (within kMinGravityIntoSand of its plane, or away from it).
  // Gravity along z is RFT's own frame over any surface.
  std::optional<GravityFrame> gravityFrame(const mjModel* m) const;
  static void buildClusters(Body& b);
  void compute(const mjModel* m, const mjData* d);
  // Places body b's plates under the sand's top (k indexes m_placed), records the sand's
  // plates in m_pressing and the leading ones in m_leading; returns the deepest depth (>= 0).
  double placeBody(const Body& b, std::size_t k, const Eigen::Vector3d& com, const Eigen::Vector3d& omega,
                   const Eigen::Vector3d& vcom, double top);
  // RFT forces of m_leading into m_placed, and their sum and moments about com; empties
  // m_leading.
  rft::RftResult leadingForces(const Eigen::Vector3d& com);

  TerrainSpec m_spec;
  rft::PlateForceKernel m_kernel;
  TerrainSurface m_surface;
  std::vector<Body> m_bodies;
  std::vector<BodyWrench> m_wrenches;
  // Plates evaluated by the last step are current; the others are completed by plates()
  // (normals and areas of kPlacedClear, everything of kUnplaced) when m_placedCurrent is
  // false.
  mutable std::vector<PlacedPlate> m_placed;
  std::vector<PlateState> m_state;
  mutable bool m_placedCurrent = false;
  // Per plate, the velocity it last moved with faster than the rest speed (zero until
  // then); its direction is divided out only when a slow plate needs it.
  std::vector<Eigen::Vector3d> m_heldVelocity;
  // The largest |v|^2 whose square root is not above the rest speed: |v|^2 > it exactly
  // when |v| > the rest speed, without a square root per plate.
  double m_restSpeedSquared = 0;
  std::vector<GridPlate> m_pressing;
  // A body's plates in the sand whose face leads, gathered before their forces are
  // computed in one tight loop (no other work between kernels, so consecutive plates'
  // divisions and square roots overlap).
  struct Leading {
    std::size_t plate;         // index in m_placed
    rft::Plate placed;         // normal in RFT's frame (GravityFrame), centroid in the world's
    Eigen::Vector3d velocity;  // as RFT sees it (the held direction for a slow plate), RFT's frame
    double depth;              // along gravity
  };
  std::vector<Leading> m_leading;
  GravityFrame m_gravity;
  Eigen::Vector3d m_gravityOf = Eigen::Vector3d::Zero();  // the gravity m_gravity was made for
  double m_lastTime = 0;
  bool m_computed = false;
  double m_computeSeconds = 0;
};

// The terrain file's model options: its gravity, if it states one, and with
// "mujoco_contacts": false MuJoCo's contact pass turned off (mjDSBL_CONTACT).
void applyTerrainOptions(mjModel* m, const TerrainSpec& spec);

}  // namespace regolith::robots
