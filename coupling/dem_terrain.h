// A terrain file's DEM level run beside MuJoCo (docs/coupling.md): the named bodies are
// mesh bodies of a DEM scene, moved by MuJoCo and loaded by the grains.
//
// The exchange, once per interval H (a whole number of MuJoCo steps and of DEM steps):
//  1. advance(), before the MuJoCo step that starts the interval: each body's pose x_n, R_n
//     and twist v_n, w_n at its centre of mass (MuJoCo's state at the interval's start, as
//     mj_step will see it) set the DEM body's velocity, constant through the interval,
//        v = v_n + (x_n - x_D) / H,   w = w_n + log(R_n R_D^T) / H,
//     where x_D, R_D is the DEM body's own pose: the DEM body reaches x_n + H v_n, the pose
//     MuJoCo's velocity predicts, at the interval's end. Its pose is never written, so the
//     engine's contact lists and its tangential springs (integrated from velocities) see
//     one continuous motion. It trails MuJoCo's by the change of velocity over one
//     interval, H^2 |a|, closed in the next interval;
//  2. the DEM takes H / dt steps and hands back each body's contact force and moment about
//     its centre of mass averaged over those steps (Simulation::takeTrackedOwners);
//  3. during MuJoCo's steps of the interval, apply() adds that wrench to qfrc_passive at the
//     centre of mass (mj_applyFT).
// The explicit scheme is stable for H < sqrt(2/3) sqrt(m / k) (exchange_stability.h); the
// bound is checked when the terrain is built.
#pragma once

#include <mujoco/mujoco.h>

#include <memory>
#include <string>
#include <vector>

#include "core/simulation.h"
#include "coupling/exchange_stability.h"
#include "robots/external_terrain.h"
#include "robots/terrain_file.h"
#include "scenes/scene.h"

namespace regolith::coupling {

struct CoupledBody {
  int body = -1;                                   // MuJoCo body id
  std::string name;                                // its name
  Index owner = -1;                                // the DEM owner (scene numbering)
  std::size_t boundaryBegin = 0, boundaryEnd = 0;  // its triangles among the model's boundaries
  StabilityBound bound;
  // Over the last interval: the mean wrench (world, about the centre of mass), and the DEM
  // body's pose and velocities at the interval's end.
  Eigen::Vector3d force = Eigen::Vector3d::Zero(), moment = Eigen::Vector3d::Zero();
  Simulation::TrackedOwner dem;
  std::vector<Vec3d> localVertices;  // its mesh in the DEM owner's frame (principal axes, centre of mass)
};

class DemTerrain : public robots::ExternalTerrain {
 public:
  // Loads the DEM scene and adds the bodies to it at their poses in `d` (the initial
  // state), checks the exchange interval and its stability bound, starts the engine.
  // Throws robots::TerrainError with the terrain file's pointers for every problem: a body
  // the model lacks or one with no geometry, a scene that does not load, a material it
  // lacks, a gravity other than MuJoCo's, an interval that is not a whole number of MuJoCo
  // and DEM steps or is past the stability bound (unless "stability": "warn"). `warnings`
  // gets what was accepted with a caveat.
  DemTerrain(const mjModel* m, mjData* d, const robots::TerrainSpec& terrain, std::vector<std::string>* warnings);

  void advance(const mjModel* m, mjData* d) override;
  void apply(const mjModel* m, mjData* d) override;
  // Contacts: the grains touching the body's triangles now. Sinkage: how far its lowest
  // point lies below the bed's initial top (the highest grain's top when the run began;
  // a flat bed under gravity along -z is what it measures), 0 above it.
  std::vector<robots::ExternalWrench> wrenches() const override;
  std::vector<int> bodyIds() const override;
  double bedTop() const { return m_bedTop; }
  std::string kind() const override { return "dem"; }

  // What a checkpoint keeps (io/checkpoint/robot_checkpoint.h): the engine's state, per
  // body its last wrench and the DEM body's last reading (rows of 19: force, moment,
  // position, orientation (w, x, y, z), velocity, angular velocity), and the MuJoCo steps
  // taken into the current interval. Restore into a DemTerrain built from the same files
  // that has not advanced; the run then continues bit for bit (CPU build). Throws
  // std::invalid_argument for a state of other bodies.
  struct State {
    EngineState engine;
    std::vector<double> bodies;
    std::uint64_t stepsIntoInterval = 0;
  };
  State saveState() const;
  void restoreState(const State& s);

  const std::vector<CoupledBody>& bodies() const { return m_bodies; }
  const Scene& scene() const { return m_scene; }
  Simulation& simulation() { return *m_sim; }
  const Simulation& simulation() const { return *m_sim; }
  double interval() const { return m_interval; }
  std::size_t triangleCount() const {
    std::size_t n = 0;
    for (const CoupledBody& b : m_bodies) n += b.boundaryEnd - b.boundaryBegin;
    return n;
  }
  std::uint64_t demStepsPerInterval() const { return m_demSteps; }
  int mujocoStepsPerInterval() const { return m_mujocoSteps; }
  // Wall-clock seconds spent in the engine's steps and in the rest of the exchange (reading
  // MuJoCo's state, prescribing, taking the wrenches), for `regolith bench cosim`.
  double demSeconds() const { return m_demSeconds; }
  double exchangeSeconds() const { return m_exchangeSeconds; }

 private:
  void exchange(const mjModel* m, mjData* d);

  Scene m_scene;
  std::unique_ptr<Simulation> m_sim;
  std::vector<CoupledBody> m_bodies;
  double m_interval = 0;
  std::uint64_t m_demSteps = 0;
  int m_mujocoSteps = 1;
  int m_stepsIntoInterval = 0;  // MuJoCo steps taken since the last exchange
  double m_demSeconds = 0, m_exchangeSeconds = 0;
  double m_bedTop = 0;  // [m] the highest grain's top at the start
};

}  // namespace regolith::coupling
