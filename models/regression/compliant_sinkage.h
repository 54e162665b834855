// Sinkage as a compliant contact (Kern et al., arXiv 2601.04547, section III-D).
//
// The physics engine treats the wheel contact as a spring-damper,
//   z'' = -g - (k/m) z - (c/m) z'   while z < 0 (penetration of the contact geometry),
// so a load F_z settles at z = -F_z / k. A regression gives the expected sinkage z(s, F_z)
// (signed: negative below the undisturbed surface, as in the paper), and the stiffness is
// chosen to reproduce it. For a grouser wheel whose collision geometry has radius r + h
// (grouser height h) and N contact points sharing the load:
//   k = -(1/N) F_z / (z(s, F_z) - h)
// with floors for numerical stability: F_z >= minForce and (z - h) <= -minDepth, so k
// stays finite and nonzero at small loads. Critical damping for a contact carrying the
// effective mass m (total supported mass / N):  c = 2 sqrt(k m).
// At low speed (v <= v_min) sinkage only deepens: z(t) <- min(z(t-1), z(t)).
#pragma once

#include <optional>

#include "models/regression/linear_least_squares.h"

namespace regolith::regression {

struct CompliantContactRule {
  int contacts = 1;          // N >= 1
  double grouserHeight = 0;  // h [m] >= 0
  double minForce = 1e-3;    // floor on F_z [N] > 0
  double minDepth = 1e-4;    // floor on -(z - h) [m] > 0
  void validate() const;
};

// k [N/m] per contact from the vertical load F_z [N] and the expected sinkage z [m].
double contactStiffness(const CompliantContactRule& rule, double verticalForce, double sinkage);
// c = 2 sqrt(k m) [N s/m] for stiffness k [N/m] and effective mass m [kg] at the contact.
double criticalDamping(double stiffness, double effectiveMass);

// The low-speed rule: below minSpeed the reported sinkage never gets shallower.
class SinkageLatch {
 public:
  explicit SinkageLatch(double minSpeed);  // [m/s] >= 0
  // Returns the sinkage to use this step (z <= 0 deeper; speed >= 0 [m/s]).
  double update(double sinkage, double speed);
  void reset() { m_last.reset(); }
  // The sinkage held (empty before the first update), for checkpoints.
  const std::optional<double>& last() const { return m_last; }
  void restore(std::optional<double> last) { m_last = last; }

 private:
  double m_minSpeed;
  std::optional<double> m_last;
};

// A fitted sinkage regression z(slip, F_z [N]) (a LinearModel over exactly two variables,
// in that order) with its contact rule.
class SinkageModel {
 public:
  SinkageModel(LinearModel model, CompliantContactRule rule);
  double sinkage(double slip, double verticalForce) const;
  double stiffness(double slip, double verticalForce) const;
  const CompliantContactRule& rule() const { return m_rule; }

 private:
  LinearModel m_model;
  CompliantContactRule m_rule;
};

}  // namespace regolith::regression
