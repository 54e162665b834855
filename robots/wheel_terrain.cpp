// Bekker-Wong wheels of a MuJoCo model (wheel_terrain.h).
#include "robots/wheel_terrain.h"

#include <Eigen/Geometry>
#include <optional>
#include <stdexcept>

namespace regolith::robots {

GroundPlane groundUnder(const TerrainSurface& surface, double x, double y, double step) {
  GroundPlane g;
  const double h = surface.referenceHeightAt(x, y);
  if (const std::optional<Eigen::Vector3d>& plane = surface.planeNormal()) {  // flat or slope: exact
    g.point = Eigen::Vector3d(x, y, h);
    g.normal = *plane;
    return g;
  }
  const double dx = (surface.referenceHeightAt(x + step, y) - surface.referenceHeightAt(x - step, y)) / (2 * step);
  const double dy = (surface.referenceHeightAt(x, y + step) - surface.referenceHeightAt(x, y - step)) / (2 * step);
  g.point = Eigen::Vector3d(x, y, h);
  g.normal = Eigen::Vector3d(-dx, -dy, 1).normalized();
  return g;
}

WheelTerrainForces::WheelTerrainForces(const mjModel* m, const TerrainSpec& spec, TerrainSurface& surface)
    : m_surface(surface), m_regions(spec.soilRegions) {
  std::vector<JsonProblem> problems;
  for (const WheelSpec& w : spec.wheels) {
    const int id = mj_name2id(m, mjOBJ_BODY, w.body.c_str());
    if (id <= 0) {
      problems.push_back({w.pointer, "\"" + w.body + "\"", "the name of a body of the MuJoCo model (not the world)"});
      continue;
    }
    const double g = Eigen::Map<const Eigen::Vector3d>(m->opt.gravity).norm();
    Wheel wheel;
    wheel.body = id;
    wheel.axle = w.axle.normalized();
    wheel.rut.radius = w.wheel.radius, wheel.rut.width = w.wheel.width;
    wheel.rut.grouserHeight = w.grouserHeight, wheel.rut.grouserCount = w.grouserCount;
    wheel.spoke = bodySpoke(wheel.axle);
    try {  // the soil, shape and wheel are checked here, once, not in every step's wrench
      if (w.regression) {
        RegressionWheelOptions options;
        options.radius = w.wheel.radius, options.width = w.wheel.width;
        options.referenceLoad = w.referenceLoad, options.minSpeed = w.minSpeed;
        options.restSpeed = w.restSpeed, options.dampingRatio = w.dampingRatio;
        if (g > 0) options.gravity = g;
        wheel.regression.emplace(*w.regression, options);
      } else {
        BekkerWheelOptions options;
        options.restSpeed = w.restSpeed;
        options.dampingRatio = w.dampingRatio;
        // The wheel integrals to 1e-6 of the largest, not models/bekker's default 1e-10:
        // far below what soil parameters are known to, and about one quadrature panel per
        // part of the arc instead of several, every step of every wheel.
        options.quadrature.relTol = 1e-6;
        options.tableSinkageStep = w.tableSinkageStep, options.tableSlipStep = w.tableSlipStep;
        if (g > 0) options.gravity = g;  // weightless models keep the default: the damping needs a mass
        wheel.bekker.emplace(w.soil, w.shape, w.wheel, options);
        // Soil regions are Bekker-Wong soils: a regression wheel keeps its fit everywhere.
        for (const SoilRegionSpec& r : spec.soilRegions) wheel.regions.emplace_back(r.soil, w.shape, w.wheel, options);
      }
      m_wheels.push_back(std::move(wheel));
    } catch (const std::invalid_argument& e) {
      problems.push_back({w.pointer, "\"" + w.body + "\" (" + e.what() + ")", "a wheel and soil in range"});
    }
  }
  if (!problems.empty()) throw TerrainError(spec.file, std::move(problems));
}

std::vector<double> WheelTerrainForces::saveLatches() const {
  std::vector<double> latches;
  for (const Wheel& w : m_wheels) {
    const std::optional<double> held = w.regression ? w.regression->latch().last() : std::nullopt;
    latches.insert(latches.end(), {held ? 1.0 : 0.0, held.value_or(0.0)});
  }
  return latches;
}

void WheelTerrainForces::restoreLatches(const std::vector<double>& latches) {
  if (latches.size() != 2 * m_wheels.size())
    throw std::invalid_argument("wheel terrain state: " + std::to_string(latches.size() / 2) + " wheels, expected " +
                                std::to_string(m_wheels.size()) + " (a state saved on another terrain)");
  for (std::size_t i = 0; i < m_wheels.size(); ++i)
    if (m_wheels[i].regression)
      m_wheels[i].regression->latch().restore(latches[2 * i] != 0 ? std::optional<double>(latches[2 * i + 1])
                                                                  : std::nullopt);
}

void WheelTerrainForces::apply(const mjModel* m, mjData* d) {
  const bool fresh = !m_computed || d->time != m_lastTime;
  for (Wheel& w : m_wheels) {
    if (fresh) {
      const Eigen::Map<const Eigen::Matrix<double, 3, 3, Eigen::RowMajor>> rotation(d->xmat + 9 * w.body);
      WheelMotion motion;
      motion.centre = Eigen::Map<const Eigen::Vector3d>(d->xpos + 3 * w.body);
      motion.axle = rotation * w.axle;
      mjtNum twist[6];  // angular, then linear, at the body frame's origin, world axes
      mj_objectVelocity(m, d, mjOBJ_XBODY, w.body, twist, 0);
      motion.angularVelocity = Eigen::Vector3d(twist[0], twist[1], twist[2]);
      motion.velocity = Eigen::Vector3d(twist[3], twist[4], twist[5]);
      if (!motion.centre.allFinite() || !motion.axle.allFinite() || !motion.velocity.allFinite() ||
          !motion.angularVelocity.allFinite()) {
        w.last = WheelSoilWrench{};  // a blow-up: the run's finite() check reports it after the step
        continue;
      }
      // The ground under the rim's lowest point (straight down, for the lookup).
      const double radius = w.rut.radius;
      const Eigen::Vector3d low = rimLowestPoint(motion.centre, motion.axle, radius, Eigen::Vector3d::UnitZ());
      const GroundPlane ground = groundUnder(m_surface, low.x(), low.y(), 0.25 * radius);
      w.region = -1;
      for (std::size_t r = 0; w.bekker && r < m_regions.size() && w.region < 0; ++r)
        if (low.x() >= m_regions[r].xMin && low.x() <= m_regions[r].xMax && low.y() >= m_regions[r].yMin &&
            low.y() <= m_regions[r].yMax)
          w.region = static_cast<int>(r);
      w.last = w.regression ? w.regression->wrench(motion, ground) : w.current().wrench(motion, ground);
      if (HeightGrid* grid = m_surface.grid(); grid && w.last.contact) {
        const double phi = spokeAngle(motion.axle.normalized(), rotation * w.spoke);
        grid->imprint(wheelRutImprints(*grid, motion.centre, motion.axle, phi, w.last.slip, w.rut));
      }
    }
    if (!w.last.contact) continue;
    mjtNum force[3] = {w.last.force.x(), w.last.force.y(), w.last.force.z()};
    mjtNum moment[3] = {w.last.moment.x(), w.last.moment.y(), w.last.moment.z()};
    mjtNum point[3] = {d->xpos[3 * w.body], d->xpos[3 * w.body + 1], d->xpos[3 * w.body + 2]};
    mj_applyFT(m, d, force, moment, point, w.body, d->qfrc_passive);
  }
  m_lastTime = d->time;
  m_computed = true;
}

}  // namespace regolith::robots
