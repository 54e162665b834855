// One wheel on regression terrain (issue 24): the rules of the real-time lunar simulator of
// Kern et al. (arXiv 2601.04547, section III) with the regressions of a `regolith fit
// regression` model file (calibrate/fit_regression.h: z(s, F_z), DP/W(s, F_z) and
// T/(W R)(s, F_z) fitted from single-wheel DEM runs, e.g. models/fitted/).
//
// Kinematics as every wheel (wheel_contact.h: frame, sinkage z below the ground, slip s,
// slip angle alpha). Then, with F_ref the wheel's reference load (its share of the
// vehicle's weight, declared: the compliant contact needs it, as in the paper):
//  - Normal: a compliant contact that settles at the regression's sinkage (Kern III-D):
//    target z* = -z(s_c, F_ref), stiffness k = F_ref / z* (compliant_sinkage.h's
//    contactStiffness, one contact, no grouser offset, with its floors), critical damping
//    c = 2 zeta sqrt(k m), m = F_ref / g; W = max(0, k z - c v_n). Under F_ref the wheel
//    rests at z*; a heavier share sinks deeper in proportion (a spring). Below min_speed
//    (the travel speed |v|) z* only deepens (SinkageLatch): a wheel stopping on a slope keeps
//    the sinkage it dug.
//  - Traction: DP = W mu_DP(s), T = W R mu_T(s), the fitted coefficients at (s_c, W):
//    the wheel runs at whatever slip makes its pull balance what it pulls (on a slope
//    mu_DP(s) = tan(theta): the slip the regression predicts there; Kern et al. regress
//    slip itself on speed and slope from rover runs and command the slip-adjusted speed,
//    while a DEM sweep gives the coefficients at fixed slips, which decide the same steady
//    slip). The fit knows nothing outside the slips it was fitted on, [s_lo, s_hi] (its
//    training runs'), so s_c = s clamped to s_hi above it, and below s_lo the coefficients
//    run linearly to 0 at s = 0 (our choice: the least-assuming continuation that lets a
//    wheel roll free on level ground, feeling its load alone); braking (s < 0) is odd,
//    mu(s) = -mu(-s) (the soil resists a dragged wheel as it resists a driven one).
//  - Lateral: mu_lat W (1 - exp(-tan(alpha) / tan(alpha_0))) against the side slip,
//    mu_lat = mu_T(s_hi) (the most shear per unit load the fit saw: the shear's
//    coefficient, T / (W R)), alpha_0 = 5 degrees (our choice: the Janosi-Hanamoto form of
//    the Bekker wheels' lateral rule, with the shear displacement's scale replaced by a
//    slip angle, since the regression has no K).
#pragma once

#include <string>

#include "models/regression/compliant_sinkage.h"
#include "models/regression/linear_least_squares.h"
#include "robots/wheel_contact.h"

namespace regolith::robots {

struct RegressionWheelModel {
  regression::LinearModel sinkage;      // z(slip, Fz) [m], negative below the surface
  regression::LinearModel drawbarPull;  // DP / W (slip, Fz)
  regression::LinearModel torque;       // T / (W R) (slip, Fz)
  double slipMin = 0.1, slipMax = 0.9;  // s_lo, s_hi: the fitted runs' slips
};

// A `regolith fit regression` model file's models and fitted slip range. Throws
// std::runtime_error (what is wrong) for a file that is not one.
RegressionWheelModel regressionWheelModelFromFile(const std::string& path);

struct RegressionWheelOptions {
  double radius = 0;         // R [m] > 0
  double width = 0;          // b [m] > 0 (the rut's; the regression has its own wheel)
  double referenceLoad = 0;  // F_ref [N] > 0
  double minSpeed = 0.01;    // [m/s] >= 0, below it the sinkage only deepens
  double restSpeed = 1e-3;   // [m/s] > 0 (wheel_contact.h)
  double dampingRatio = 1;   // zeta >= 0
  double gravity = 9.81;     // |g| [m/s^2] > 0
};

class RegressionWheelTerrain {
 public:
  // Throws std::invalid_argument for options out of range or slipMin >= slipMax.
  RegressionWheelTerrain(RegressionWheelModel model, const RegressionWheelOptions& options);

  // The wrench, as BekkerWheelTerrain's (W, DP, T and lateral in the fields of the same
  // names). Not const: the low-speed latch remembers the sinkage.
  WheelSoilWrench wrench(const WheelMotion& motion, const GroundPlane& ground);
  // The traction coefficients (mu_DP, mu_T) at slip s and load W, with the header's rules
  // outside the fitted slips.
  Eigen::Vector2d coefficients(double slip, double load) const;
  // The target sinkage z* [m] > 0 at slip s (no latch).
  double targetSinkage(double slip) const;
  const RegressionWheelOptions& options() const { return m_options; }
  // The low-speed latch's held sinkage, for checkpoints.
  const regression::SinkageLatch& latch() const { return m_latch; }
  regression::SinkageLatch& latch() { return m_latch; }

 private:
  RegressionWheelModel m_model;
  RegressionWheelOptions m_options;
  regression::CompliantContactRule m_rule;
  regression::SinkageLatch m_latch;
};

}  // namespace regolith::robots
