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
  if (options.tableSinkageStep > 0 || options.tableSlipStep > 0)
    m_table = std::make_shared<WheelForceTable>(wheel.radius, options.quadrature, options.tableSinkageStep,
                                                options.tableSlipStep);
}

WheelKinematics wheelKinematics(const WheelMotion& motion, const GroundPlane& ground, double radius, double restSpeed) {
  requireFiniteVector(motion.centre, "centre");
  requireFiniteVector(motion.velocity, "velocity");
  requireFiniteVector(motion.angularVelocity, "angular velocity");
  requireFiniteVector(ground.point, "ground point");
  WheelKinematics k;
  k.normal = unitOrThrow(ground.normal, "ground normal");
  k.axle = unitOrThrow(motion.axle, "axle");
  const Eigen::Vector3d& n = k.normal;
  const Eigen::Vector3d& a = k.axle;
  const Eigen::Vector3d inPlaneAxle = a - a.dot(n) * n;
  if (inPlaneAxle.norm() < 1e-9)
    throw std::invalid_argument("wheel: axle along the ground normal: expected an axle with a horizontal part");
  k.side = inPlaneAxle.normalized();
  k.forward = k.side.cross(n);
  k.lowest = rimLowestPoint(motion.centre, a, radius, n);
  k.sinkage = std::min((ground.point - k.lowest).dot(n), radius);
  if (!(k.sinkage > 0)) {
    k.sinkage = std::max(k.sinkage, 0.0);
    return k;
  }
  k.contact = true;
  k.forwardSpeed = motion.velocity.dot(k.forward);
  k.sideSpeed = motion.velocity.dot(k.side);
  k.rimSpeed = motion.angularVelocity.dot(a) * radius;
  travelAndSlip(k.forwardSpeed, k.rimSpeed, k.direction, k.slip);
  k.slipAngle = std::atan(std::fabs(k.sideSpeed) / std::max(std::fabs(k.forwardSpeed), restSpeed));
  k.fade = std::min(1.0,
                    std::max({std::fabs(k.forwardSpeed), std::fabs(k.rimSpeed), std::fabs(k.sideSpeed)}) / restSpeed);
  // Slip is a ratio of speeds that rounding decides at rest (v = 1e-15 with omega r = 0
  // is a locked wheel, s = -1): it fades to 0 with the horizontal forces.
  k.slip *= k.fade;
  return k;
}

WheelSoilWrench kinematicPart(const WheelKinematics& k) {
  WheelSoilWrench out;
  out.side = k.side;
  out.forward = k.forward;
  out.sinkage = k.sinkage;
  out.contact = k.contact;
  if (!k.contact) return out;
  out.direction = k.direction;
  out.slip = k.slip;
  out.slipAngle = k.slipAngle;
  return out;
}

void assembleWheelWrench(const WheelKinematics& k, const WheelMotion& motion, double normalForce, double drawbarPull,
                         double torque, double lateral, WheelSoilWrench& out) {
  const double sideSign = k.sideSpeed > 0 ? -1 : (k.sideSpeed < 0 ? 1 : 0);
  const Eigen::Vector3d sideForce = sideSign * k.fade * lateral * k.side;
  out.normalForce = normalForce;
  out.force = out.normalForce * k.normal + k.direction * k.fade * drawbarPull * k.forward + sideForce;
  out.moment = -k.direction * k.fade * torque * k.axle + (k.lowest - motion.centre).cross(sideForce);
}

WheelSoilWrench BekkerWheelTerrain::wrench(const WheelMotion& motion, const GroundPlane& ground) const {
  const bekker::SoilParameters& soil = m_model.soil();
  const bekker::Wheel& wheel = m_model.wheel();
  const WheelKinematics k = wheelKinematics(motion, ground, wheel.radius, m_options.restSpeed);
  WheelSoilWrench out = kinematicPart(k);
  if (!k.contact) return out;

  const bekker::WheelForces f = m_table ? m_table->at(m_model, out.sinkage, out.slip)
                                        : m_model.forces(out.sinkage, out.slip, m_options.quadrature);
  out.load = f.load;
  out.drawbarPull = f.drawbarPull;
  out.torque = f.torque;
  const double contactLength = wheel.radius * (f.entryAngle + f.rearAngle);
  const double shearLimit = soil.cohesion * wheel.width * contactLength + f.load * std::tan(soil.frictionAngle);
  out.lateral = shearLimit * (1 - std::exp(-contactLength * std::tan(out.slipAngle) / soil.shearModulus));

  const double stiffness = (soil.n + 0.5) * f.load / out.sinkage;
  const double damping = 2 * m_options.dampingRatio * std::sqrt(stiffness * f.load / m_options.gravity);
  assembleWheelWrench(k, motion, std::max(0.0, f.load - damping * motion.velocity.dot(k.normal)), f.drawbarPull,
                      f.torque, out.lateral, out);
  return out;
}

}  // namespace regolith::robots
