// Wheel slip for a real-time rover simulator (Kern et al., "Data-driven terramechanics
// approach towards a realistic real-time simulator for lunar rovers", arXiv 2601.04547,
// section III): the slip ratio's driving/braking definitions, the slip-adjusted command
// velocity, and a slip regression on wheel speed and slope.
//
// Slip ratio (paper, section III-A), v the travel speed, omega R the wheel's circumferential
// speed, both >= 0:
//   driving  (omega R >= v):  s = 1 - v / (omega R)      in [0, 1]   (s = 1: spinning in place)
//   braking  (omega R <  v):  s = omega R / v - 1         in [-1, 0)  (s = -1: locked wheel)
// s = 0 when both speeds are zero. Reverse travel (both speeds <= 0) uses the magnitudes;
// speeds of opposite sign (|s| > 1 regimes) are refused.
//
// Command velocity: the rover is driven at the speed its wheels would reach at slip s,
//   driving (s >= 0): v = (1 - s) omega R          (the paper's formula)
//   braking (s <  0): v = omega R / (1 + s)        (the exact inverse of the braking
//                                                   definition; (1 - s) omega R would not
//                                                   give back s)
// so slipRatio(slipAdjustedVelocity(s, wR), wR) = s on [-1, 1) (s = -1, a locked wheel,
// has no finite speed for omega R > 0 and is refused).
#pragma once

#include "models/regression/linear_least_squares.h"

namespace regolith::regression {

double slipRatio(double travelSpeed, double wheelSpeed);
double slipAdjustedVelocity(double slip, double wheelSpeed);

// A fitted slip regression s(wheel speed [m/s], slope [rad]) (a LinearModel over exactly
// two variables, in that order), clamped to [-1, 1] when evaluated.
class SlipModel {
 public:
  explicit SlipModel(LinearModel model);
  double slip(double wheelSpeed, double slope) const;
  // The travel speed to command: slipAdjustedVelocity(slip(...), wheelSpeed), with the
  // clamped slip kept just above -1 so the braking form stays finite.
  double commandVelocity(double wheelSpeed, double slope) const;
  const LinearModel& model() const { return m_model; }

 private:
  LinearModel m_model;
};

}  // namespace regolith::regression
