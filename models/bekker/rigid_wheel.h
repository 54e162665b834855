// A rigid wheel on Bekker-Wong soil: the Wong-Reece stress distribution over the contact
// arc and its integrals (Wong & Reece 1967, J. Terramechanics 4(1):81; Wong, Theory of
// Ground Vehicles).
//
// Angles theta are measured at the axle from the downward vertical, positive towards the
// direction of travel. Sinkage z (of the lowest point, >= 0) sets the entry angle
//   theta_f = acos(1 - z / r);
// the soil leaves at theta_r = rearRatio theta_f behind the vertical (contact arc
// [-theta_r, theta_f]); the normal stress peaks at theta_m = (a0 + a1 s) theta_f, clamped
// into the arc. With k = k_c / b + k_phi:
//   front  theta_m <= theta <= theta_f:  sigma = k r^n (cos theta - cos theta_f)^n
//   rear  -theta_r <= theta <  theta_m:  sigma = k r^n (cos theta* - cos theta_f)^n,
//          theta* = theta_f - (theta + theta_r) / (theta_m + theta_r) (theta_f - theta_m)
// Shear displacement from the slip (s as in regression/slip.h: driving s = 1 - v/(w r) in
// [0, 1], braking s = w r / v - 1 in [-1, 0)), integrating the slip velocity
// w r - v cos theta from entry, with v / w = r (1 - s) driving and r / (1 + s) braking:
//   driving  j = r [(theta_f - theta) - (1 - s)(sin theta_f - sin theta)]
//   braking  j = r [(theta_f - theta) - (sin theta_f - sin theta) / (1 + s)]
//   (s = -1, a locked wheel: the soil slides without end, |j| -> inf, tau = -tau_max)
// and the Janosi-Hanamoto shear stress tau = (c + sigma tan phi)(1 - exp(-|j| / K)) sign(j).
// Integrals over the arc (b the width):
//   W  = r b   int (sigma cos theta + tau sin theta) dtheta     vertical load [N]
//   DP = r b   int (tau cos theta - sigma sin theta) dtheta     drawbar pull [N]
//   T  = r^2 b int tau dtheta                                   driving torque [N m]
//
// Accuracy: the three integrands are integrated together by adaptive Gauss-Kronrod 7-15
// with breakpoints at -theta_r, theta_m and theta_f (quadrature.h), to a relative error
// estimate of 1e-10 of the largest integral by default. The estimate is conservative
// (|K15 - G7|); the n = 1 closed form is met to about 1e-14 (tests). For n < 1 the stress
// has an infinite slope at theta_f and the panels refine there; still converged.
#pragma once

#include <stdexcept>
#include <string>

#include "models/bekker/quadrature.h"
#include "models/bekker/soil_parameters.h"

namespace regolith::bekker {

struct Wheel {
  double radius = 0;  // r [m] > 0
  double width = 0;   // b [m] > 0
  void validate() const;
};

struct WheelForces {
  double sinkage = 0;                                           // z [m]
  double slip = 0;                                              // s
  double load = 0;                                              // W [N]
  double drawbarPull = 0;                                       // DP [N]
  double torque = 0;                                            // T [N m]
  double entryAngle = 0;                                        // theta_f [rad]
  double maxStressAngle = 0;                                    // theta_m [rad]
  double rearAngle = 0;                                         // theta_r [rad]
  double loadError = 0, drawbarPullError = 0, torqueError = 0;  // quadrature estimates
  bool converged = false;
};

// Normal and shear stress [Pa] at angle theta for the given sinkage and slip.
double normalStress(const SoilParameters& soil, const StressShape& shape, const Wheel& wheel, double sinkage,
                    double slip, double theta);
double shearStress(const SoilParameters& soil, const StressShape& shape, const Wheel& wheel, double sinkage,
                   double slip, double theta);
// Shear displacement j [m] at theta (infinite magnitude for s = -1 below the entry).
double shearDisplacement(double radius, double entryAngle, double slip, double theta);

// W, DP and T at a given sinkage z in (0, r] and slip s in [-1, 1]. Throws
// std::invalid_argument for parameters out of range.
WheelForces wheelForces(const SoilParameters& soil, const StressShape& shape, const Wheel& wheel, double sinkage,
                        double slip, const QuadratureOptions& q = {});

// A soil, stress shape and wheel checked once, for a caller that evaluates the same wheel
// many times (a robot's wheel every step, robots/wheel_contact.h): the constructor
// validates them as wheelForces does (std::invalid_argument), and forces() checks only
// the state (z, s) before the integrals. Same arithmetic as wheelForces: the same result
// to the bit.
class ValidatedWheel {
 public:
  ValidatedWheel(const SoilParameters& soil, const StressShape& shape, const Wheel& wheel);
  const SoilParameters& soil() const { return m_soil; }
  const StressShape& shape() const { return m_shape; }
  const Wheel& wheel() const { return m_wheel; }
  WheelForces forces(double sinkage, double slip, const QuadratureOptions& q = {}) const;

 private:
  SoilParameters m_soil;
  StressShape m_shape;
  Wheel m_wheel;
};

// No sinkage up to the limit carries the load.
class NoSinkageSolution : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct SinkageOptions {
  double maxSinkage = 0;     // [m]; 0: the wheel radius (entry angle 90 degrees)
  double tolerance = 1e-12;  // on z, relative to r
  int scanPoints = 64;       // bracket search: W sampled at z_max (i / scanPoints)^2
  QuadratureOptions quadrature;
};

// The smallest sinkage at which W(z) = load [N] > 0, for slip s: W is sampled on a
// quadratic grid of z to bracket the first crossing, then bisected to the tolerance
// (bisection: W need not be monotone at high slip). Throws NoSinkageSolution naming the
// load and the largest W found when no z up to the limit carries it.
WheelForces solveSinkage(const SoilParameters& soil, const StressShape& shape, const Wheel& wheel, double load,
                         double slip, const SinkageOptions& options = {});

}  // namespace regolith::bekker
