// Bekker-Wong wheels of a MuJoCo model (issue 24): the terrain file's `wheels`, each a body
// whose frame origin is the wheel's centre, get their soil wrench from the wheel integrals
// (wheel_contact.h) instead of plates.
//
// Per step (apply): the wheel's centre and axle from the body's pose (xpos, xmat), its
// velocity and angular velocity at that origin (mj_objectVelocity of the body frame, world
// axes); the ground under its rim's lowest point is the surface RFT sees there
// (terrain_surface.h: the base surface, or the deforming grid's press-start height), its
// normal the plane's for flat or sloped sand, else from central differences of that
// surface a quarter radius either side (a height map, the deforming grid); the
// wrench goes into qfrc_passive at the centre (mj_applyFT). With a deforming grid the
// ground is its reference surface (the sand before anything pressed it: a wheel stands on
// the compacted soil of a rut as on the sand that made it), and a wheel in contact leaves
// its rut there after its wrench (wheel_rut.h). Once per step, like TerrainForces: a second call at the
// same simulation time applies the stored wrenches again.
// Soil by region (the terrain file's soil_regions): each wheel also holds a wheel terrain
// per region, and each step the first region containing the ground point under its rim's
// lowest point gives its soil (its own soil outside every region).
#pragma once

#include <mujoco/mujoco.h>

#include <optional>
#include <vector>

#include "robots/passive_hook.h"
#include "robots/terrain_file.h"
#include "robots/terrain_surface.h"
#include "robots/regression_wheel.h"
#include "robots/wheel_contact.h"
#include "robots/wheel_rut.h"

namespace regolith::robots {

class WheelTerrainForces : public PassiveForceSource {
 public:
  // Throws TerrainError (the wheel's pointer) for a body the model lacks.
  WheelTerrainForces(const mjModel* m, const TerrainSpec& spec, TerrainSurface& surface);

  void apply(const mjModel* m, mjData* d) override;
  void reset() { m_computed = false; }
  // Per wheel, the regression wheel's latched sinkage (has one, value): the only state a
  // step leaves behind for the next (a Bekker-Wong wheel's is none; its force table is a
  // cache that gives the same values however it was filled). For a robot run's checkpoint.
  std::vector<double> saveLatches() const;
  // Throws std::invalid_argument for another number of wheels.
  void restoreLatches(const std::vector<double>& latches);

  struct Wheel {
    int body = -1;
    std::optional<BekkerWheelTerrain> bekker;  // one of the two wheel models
    std::optional<RegressionWheelTerrain> regression;
    Eigen::Vector3d axle;  // body frame, unit
    WheelSoilWrench last;  // of the last step
    WheelRutShape rut;
    Eigen::Vector3d spoke;                    // body frame, unit, normal to the axle: the rim's turning (wheel_rut.h)
    std::vector<BekkerWheelTerrain> regions;  // one per soil region, in the file's order
    int region = -1;                          // of the last step: -1 its own soil
    // The Bekker-Wong wheel of the last step's ground (a Bekker wheel only).
    const BekkerWheelTerrain& current() const { return region < 0 ? *bekker : regions[region]; }
  };
  const std::vector<Wheel>& wheels() const { return m_wheels; }

 private:
  TerrainSurface& m_surface;  // its deforming grid gets the wheels' ruts
  std::vector<Wheel> m_wheels;
  std::vector<SoilRegionSpec> m_regions;
  double m_lastTime = 0;
  bool m_computed = false;
};

// The ground a wheel stands on at (x, y): the height RFT sees there and the surface's
// normal, exact where the surface is one plane (TerrainSurface::planeNormal: flat or
// slope without a deforming grid), else from central differences `step` to either side.
GroundPlane groundUnder(const TerrainSurface& surface, double x, double y, double step);

// Several force sources behind one passive hook, applied in order.
class PassiveForceList : public PassiveForceSource {
 public:
  void add(PassiveForceSource& source) { m_sources.push_back(&source); }
  void apply(const mjModel* m, mjData* d) override {
    for (PassiveForceSource* s : m_sources) s->apply(m, d);
  }

 private:
  std::vector<PassiveForceSource*> m_sources;
};

}  // namespace regolith::robots
