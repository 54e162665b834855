// One wheel on Bekker-Wong soil, for a wheeled robot (issue 24): from the wheel's pose and
// motion and the undisturbed ground under it, its sinkage, slip and slip angle, and the
// soil's force and moment on it (models/bekker/rigid_wheel.h for the stresses).
//
// The wheel's frame. n is the ground's unit normal (up), a the axle (unit), a_g its
// projection into the ground plane (normalized): the side direction. Forward is
// f = a_g x n (axle +y on ground +z: forward +x), so a positive spin omega = w . a rolls
// the wheel forward. The lowest point of the rim is p = c - r u, u the normal projected
// into the wheel's plane (normalized); the sinkage is how far p is below the ground,
// z = (ground point - p) . n, capped at r (the entry angle's 90 degrees).
//
// Slip (models/regression/slip.h): v = velocity . f, omega r, both of one sign sigma (the
// direction of travel, that of the larger magnitude when they differ). Opposite signs
// (spinning against the motion) are the limits: s = 1 when |omega r| >= |v| (spinning
// in place against a push), else s = -1 (a locked wheel dragged). Slip angle alpha =
// atan(|v_side| / max(|v|, rest speed)), v_side = velocity . a_g.
//
// The wrench, with W, DP and T of bekker::wheelForces(z, s):
//  - W along n (normal stresses are radial: no moment about the axle);
//  - sigma DP along f (DP > 0 pushes the wheel on in its direction of travel);
//  - -sigma T about the axle a (T is the torque the shear stresses need from the drive:
//    the soil resists a driven wheel's spin and drives a braked one's);
//  - a lateral force against v_side (Ishigami, Miwa, Nagatani & Yoshida 2007, J. Field
//    Robotics 24(3):233, reduced to the patch as a whole): the Janosi-Hanamoto shear limit
//    of the patch, (c A + W tan phi)(1 - exp(-j_y / K)), with the lateral shear
//    displacement at the patch's rear end, j_y = L tan(alpha), L = r (theta_f + theta_r)
//    the contact length and A = b L its area; it acts at p, so it also turns the wheel
//    about f and n.
// Normal damping: W(z) is a loading curve, and a wheel bouncing on it alone would never
// come to rest (the soil's plastic losses are not in it). While in contact the normal
// force is W - c v_n (v_n = velocity . n, never below zero), with c = 2 zeta sqrt(k m):
// k = (n + 1/2) W / z, the slope of W ~ z^(n + 1/2) (Bekker's pressure over a contact
// length growing as sqrt(2 r z)), and m = W / g the mass the wheel carries, so zeta = 1
// (the default) is critically damped for the wheel's own share of the vehicle.
// Quasi-static soil has no direction at rest: below the rest speed (the largest of |v|,
// |omega r| and |v_side|) the horizontal force and the torque fade linearly to zero, so
// a wheel at rest feels W alone (at s = 0: the slip fades to 0 alike, since rounding
// decides the ratio of two speeds near zero) and a wheel on a slope creeps at about the rest speed
// where friction holds a real one (RFT's rest-speed hold, terrain_forces.h, has the
// same purpose).
#pragma once

#include <Eigen/Core>
#include <memory>

#include "models/bekker/rigid_wheel.h"
#include "models/bekker/soil_parameters.h"
#include "robots/wheel_force_table.h"

namespace regolith::robots {

struct WheelMotion {                                          // world frame, SI
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();           // the axle's centre [m]
  Eigen::Vector3d axle = Eigen::Vector3d::UnitY();            // any length > 0
  Eigen::Vector3d velocity = Eigen::Vector3d::Zero();         // of the centre [m/s]
  Eigen::Vector3d angularVelocity = Eigen::Vector3d::Zero();  // [rad/s]
};

struct GroundPlane {  // the undisturbed surface under the wheel
  Eigen::Vector3d point = Eigen::Vector3d::Zero();
  Eigen::Vector3d normal = Eigen::Vector3d::UnitZ();  // up; any length > 0
};

struct WheelSoilWrench {
  bool contact = false;                                       // the rim is below the ground
  double sinkage = 0;                                         // z [m]
  double slip = 0;                                            // s in [-1, 1]
  double slipAngle = 0;                                       // alpha [rad] in [0, pi/2)
  double direction = 1;                                       // sigma: +1 travelling forward (along f), -1 backward
  double load = 0, drawbarPull = 0, torque = 0, lateral = 0;  // W, DP [N], T [N m], |F_side| [N]
  double normalForce = 0;                                     // W - c v_n, >= 0 [N]: what acts along n
  Eigen::Vector3d forward = Eigen::Vector3d::Zero(), side = Eigen::Vector3d::Zero();
  Eigen::Vector3d force = Eigen::Vector3d::Zero();   // world [N]
  Eigen::Vector3d moment = Eigen::Vector3d::Zero();  // about the centre, world [N m]
};

// The lowest point of a wheel's rim: c - r u, u the unit `up` projected into the wheel's
// plane (normalized), or `up` itself when the axle is along it (a wheel lying flat).
// `axle` and `up` are unit vectors. The wrench takes it down the ground normal; the
// terrain lookup (wheel_terrain.h) down world z, to find the ground under it.
Eigen::Vector3d rimLowestPoint(const Eigen::Vector3d& centre, const Eigen::Vector3d& axle, double radius,
                               const Eigen::Vector3d& up);

// The wheel's frame, sinkage, slip and slip angle from its motion and the ground (the
// rules above), which every wheel model shares (Bekker-Wong here, the regression wheel of
// regression_wheel.h). Throws std::invalid_argument as BekkerWheelTerrain::wrench.
struct WheelKinematics {
  Eigen::Vector3d normal, axle, forward, side, lowest;   // unit n, a, f, a_g; the rim's lowest point
  double sinkage = 0;                                    // z in [0, r]
  bool contact = false;                                  // z > 0
  double forwardSpeed = 0, sideSpeed = 0, rimSpeed = 0;  // v, v_side, omega r
  double direction = 1, slip = 0, slipAngle = 0;         // sigma, s (faded at rest), alpha
  double fade = 0;                                       // min(1, the largest speed / rest speed)
};
WheelKinematics wheelKinematics(const WheelMotion& motion, const GroundPlane& ground, double radius, double restSpeed);
// A wrench with the kinematics' part filled (frame, sinkage, contact, and in contact the
// direction, slip and slip angle): what every wheel model starts from.
WheelSoilWrench kinematicPart(const WheelKinematics& k);
// The wrench of a model's normal force (damped, >= 0), drawbar pull, torque and lateral
// force magnitude, faded at rest, into out (which keeps the model's W, DP, T and lateral).
void assembleWheelWrench(const WheelKinematics& k, const WheelMotion& motion, double normalForce, double drawbarPull,
                         double torque, double lateral, WheelSoilWrench& out);

// The wrench's settings beside the soil.
struct BekkerWheelOptions {
  double restSpeed = 1e-3;  // [m/s] > 0
  double dampingRatio = 1;  // zeta >= 0 of the normal damping
  double gravity = 9.81;    // |g| [m/s^2] > 0, for the carried mass W / g
  bekker::QuadratureOptions quadrature;
  // > 0 both: the integrals from a WheelForceTable with these node steps (sinkage [m],
  // slip), not evaluated afresh each step (wheel_force_table.h: faster, within its stated
  // interpolation error); 0: direct.
  double tableSinkageStep = 0, tableSlipStep = 0;
};

class BekkerWheelTerrain {
 public:
  // Throws std::invalid_argument for parameters out of range. They are checked here, once:
  // the wrench, every step, checks only the motion.
  BekkerWheelTerrain(const bekker::SoilParameters& soil, const bekker::StressShape& shape, const bekker::Wheel& wheel,
                     const BekkerWheelOptions& options = {});

  const bekker::SoilParameters& soil() const { return m_model.soil(); }
  const bekker::StressShape& shape() const { return m_model.shape(); }
  const bekker::Wheel& wheel() const { return m_model.wheel(); }
  const BekkerWheelOptions& options() const { return m_options; }

  // Throws std::invalid_argument for a non-finite motion or ground, or an axle along the
  // ground normal (a wheel lying flat has no rolling direction).
  WheelSoilWrench wrench(const WheelMotion& motion, const GroundPlane& ground) const;

 private:
  bekker::ValidatedWheel m_model;
  BekkerWheelOptions m_options;
  // The table of tableSinkageStep/tableSlipStep, filled as steps ask (so wrench, const
  // to its callers, may add nodes): one per wheel, used by its own thread.
  mutable std::shared_ptr<WheelForceTable> m_table;
};

}  // namespace regolith::robots
