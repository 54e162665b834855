// Families and motion rules, as a scene describes them: per family a list of phases, each
// giving the six degrees of freedom as free, fixed or a prescribed velocity function of
// time; and family switches (at time t, owners of family A become family B). The host
// evaluates them once per step into the FamilyControl table the integrator reads
// (kernels/integration/dof_control.h).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "kernels/integration/dof_control.h"

namespace regolith {

enum class DofRuleKind { Free, Fixed, Constant, Ramp, Sinusoid, Table };

// One degree of freedom's rule. Prescribed kinds give the DOF's velocity u(t) [m/s, rad/s]:
//   Constant: u = value
//   Ramp:     u = value + rate (t - t0), clamped at endValue when `clamped` (the ramp stops
//             there: for rate > 0 u <= endValue, for rate < 0 u >= endValue)
//   Sinusoid: u = value + amplitude sin(2 pi frequency t + phase)
//   Table:    piecewise-linear through (times[i], values[i]), held constant outside.
struct DofRule {
  DofRuleKind kind = DofRuleKind::Free;
  double value = 0;      // constant value, ramp start value, sinusoid offset
  double rate = 0;       // ramp slope [per s]
  double t0 = 0;         // ramp start time [s]
  bool clamped = false;  // ramp: stop at endValue
  double endValue = 0;
  double amplitude = 0;               // sinusoid
  double frequency = 0;               // [Hz]
  double phase = 0;                   // [rad]
  std::vector<double> times, values;  // table

  static DofRule free() { return {}; }
  static DofRule fixed();
  static DofRule constant(double v);
  static DofRule ramp(double v0, double rate, double t0);
  static DofRule ramp(double v0, double rate, double t0, double endValue);
  static DofRule sinusoid(double offset, double amplitude, double frequency, double phase = 0);
  static DofRule table(std::vector<double> times, std::vector<double> values);

  bool prescribed() const { return kind != DofRuleKind::Free && kind != DofRuleKind::Fixed; }
  // u(t) for prescribed kinds, 0 for Fixed and Free.
  double velocity(double t) const;
};

enum class RotationFrame { World, Body };

// From `start` on (until the next phase), the six DOFs follow these rules:
// dof[0..2] translation along world x, y, z; dof[3..5] rotation about x, y, z of the world
// or, with rotationFrame Body, of the owner's principal axes.
struct MotionPhase {
  double start = 0;  // [s]
  std::array<DofRule, 6> dof;
  RotationFrame rotationFrame = RotationFrame::World;
};

// A family's motion: phases in increasing start time. Before the first phase, and for
// families with no phases, every DOF is free.
struct FamilyMotion {
  std::vector<MotionPhase> phases;
};

// At `time`, every owner whose family is `from` becomes family `to`.
struct FamilySwitch {
  double time = 0;  // [s]
  Index from = 0;
  Index to = 0;
};

// Throws std::invalid_argument naming the family, phase and DOF (non-finite numbers,
// phases out of order, negative frequency, an unsorted or mismatched table, a clamp the
// ramp never reaches, a switch with a negative family or non-finite time).
void validateFamilies(const std::vector<FamilyMotion>& families, const std::vector<FamilySwitch>& switches);

// The control of one family over the step [t, t + dt]: the phase is the one in force at the
// step's midpoint; drift = u(t + dt/2), end = u(t + dt).
FamilyControl evaluateFamily(const FamilyMotion& family, double t, double dt);
std::vector<FamilyControl> evaluateFamilies(const std::vector<FamilyMotion>& families, double t, double dt);

bool sameControl(const FamilyControl& a, const FamilyControl& b);
bool sameControls(const std::vector<FamilyControl>& a, const std::vector<FamilyControl>& b);

}  // namespace regolith
