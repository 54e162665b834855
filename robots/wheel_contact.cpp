// One wheel on Bekker-Wong soil (wheel_contact.h).
#include "robots/wheel_contact.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "models/regression/slip.h"

namespace regolith::robots {
namespace {

Eigen::Vector3d unitOrThrow(const Eigen::Vector3d& v, const char* what) {
  const double length = v.norm();
  if (!std::isfinite(length) || length == 0)
    throw std::invalid_argument(std::string("wheel: ") + what + ": expected a finite, nonzero vector");
  return v / length;
}

void requireFiniteVector(const Eigen::Vector3d& v, const char* what) {
  if (!v.allFinite()) throw std::invalid_argument(std::string("wheel: ") + what + ": expected finite components");
}

// Direction of travel and slip from the forward speed v and the rim speed omega r
// (the header's rules for opposite signs).
void travelAndSlip(double v, double wr, double& direction, double& slip) {
  if ((v > 0 && wr < 0) || (v < 0 && wr > 0)) {
    const bool spinning = std::fabs(wr) >= std::fabs(v);
    direction = spinning ? (wr > 0 ? 1 : -1) : (v > 0 ? 1 : -1);
    slip = spinning ? 1 : -1;
    return;
  }
  direction = (std::fabs(wr) >= std::fabs(v) ? wr : v) < 0 ? -1 : 1;
  slip = regression::slipRatio(v, wr);
}

}  // namespace

Eigen::Vector3d rimLowestPoint(const Eigen::Vector3d& centre, const Eigen::Vector3d& axle, double radius,
                               const Eigen::Vector3d& up) {
  Eigen::Vector3d inPlane = up - up.dot(axle) * axle;
  inPlane = inPlane.norm() > 1e-9 ? inPlane.normalized() : up;
  return centre - radius * inPlane;
}

BekkerWheelTerrain::BekkerWheelTerrain(const bekker::SoilParameters& soil, const bekker::StressShape& shape,
                                       const bekker::Wheel& wheel, const BekkerWheelOptions& options)
    : m_model(soil, shape, wheel), m_options(options) {
  if (!(options.restSpeed > 0) || !std::isfinite(options.restSpeed))
    throw std::invalid_argument("wheel: rest speed: expected a finite value > 0 m/s");
  if (!(options.dampingRatio >= 0) || !std::isfinite(options.dampingRatio))
    throw std::invalid_argument("wheel: damping ratio: expected a finite value >= 0");
  if (!(options.gravity > 0) || !std::isfinite(options.gravity))
    throw std::invalid_argument("wheel: gravity: expected a finite value > 0 m/s^2");
}

WheelSoilWrench BekkerWheelTerrain::wrench(const WheelMotion& motion, const GroundPlane& ground) const {
  const bekker::SoilParameters& soil = m_model.soil();
  const bekker::Wheel& wheel = m_model.wheel();
  const double restSpeed = m_options.restSpeed;
  requireFiniteVector(motion.centre, "centre");
  requireFiniteVector(motion.velocity, "velocity");
  requireFiniteVector(motion.angularVelocity, "angular velocity");
  requireFiniteVector(ground.point, "ground point");
  const Eigen::Vector3d n = unitOrThrow(ground.normal, "ground normal");
  const Eigen::Vector3d a = unitOrThrow(motion.axle, "axle");

  WheelSoilWrench out;
  const Eigen::Vector3d inPlaneAxle = a - a.dot(n) * n;
  if (inPlaneAxle.norm() < 1e-9)
    throw std::invalid_argument("wheel: axle along the ground normal: expected an axle with a horizontal part");
  out.side = inPlaneAxle.normalized();
  out.forward = out.side.cross(n);
  const Eigen::Vector3d lowest = rimLowestPoint(motion.centre, a, wheel.radius, n);
  out.sinkage = std::min((ground.point - lowest).dot(n), wheel.radius);
  if (!(out.sinkage > 0)) {
    out.sinkage = std::max(out.sinkage, 0.0);
    return out;
  }
  out.contact = true;

  const double v = motion.velocity.dot(out.forward);
  const double vSide = motion.velocity.dot(out.side);
  const double wr = motion.angularVelocity.dot(a) * wheel.radius;
  travelAndSlip(v, wr, out.direction, out.slip);
  out.slipAngle = std::atan(std::fabs(vSide) / std::max(std::fabs(v), restSpeed));
  const double fade = std::min(1.0, std::max({std::fabs(v), std::fabs(wr), std::fabs(vSide)}) / restSpeed);
  // Slip is a ratio of speeds that rounding decides at rest (v = 1e-15 with omega r = 0
  // is a locked wheel, s = -1): it fades to 0 with the horizontal forces.
  out.slip *= fade;

  const bekker::WheelForces f = m_model.forces(out.sinkage, out.slip, m_options.quadrature);
  out.load = f.load;
  out.drawbarPull = f.drawbarPull;
  out.torque = f.torque;
  const double contactLength = wheel.radius * (f.entryAngle + f.rearAngle);
  const double shearLimit = soil.cohesion * wheel.width * contactLength + f.load * std::tan(soil.frictionAngle);
  out.lateral = shearLimit * (1 - std::exp(-contactLength * std::tan(out.slipAngle) / soil.shearModulus));

  const double sideSign = vSide > 0 ? -1 : (vSide < 0 ? 1 : 0);
  const Eigen::Vector3d sideForce = sideSign * fade * out.lateral * out.side;
  const double stiffness = (soil.n + 0.5) * f.load / out.sinkage;
  const double damping = 2 * m_options.dampingRatio * std::sqrt(stiffness * f.load / m_options.gravity);
  out.normalForce = std::max(0.0, f.load - damping * motion.velocity.dot(n));
  out.force = out.normalForce * n + out.direction * fade * f.drawbarPull * out.forward + sideForce;
  out.moment = -out.direction * fade * f.torque * a + (lowest - motion.centre).cross(sideForce);
  return out;
}

}  // namespace regolith::robots
