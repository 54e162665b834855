// Sinkage-driven compliant contact (see compliant_sinkage.h).
#include "models/regression/compliant_sinkage.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "models/require.h"

namespace regolith::regression {

void CompliantContactRule::validate() const {
  if (contacts < 1)
    throw std::invalid_argument("compliant contact: contacts = " + std::to_string(contacts) + ": expected N >= 1");
  models::requireNonNegative(grouserHeight, "compliant contact: grouser height [m]");
  models::requirePositive(minForce, "compliant contact: min force [N]");
  models::requirePositive(minDepth, "compliant contact: min depth [m]");
}

double contactStiffness(const CompliantContactRule& rule, double fz, double z) {
  rule.validate();
  models::requireFinite(fz, "compliant contact: vertical force [N]");
  models::requireFinite(z, "compliant contact: sinkage [m]");
  const double force = std::max(fz, rule.minForce);
  const double denom = std::min(z - rule.grouserHeight, -rule.minDepth);
  return -force / (rule.contacts * denom);
}

double criticalDamping(double k, double m) {
  models::requireNonNegative(k, "compliant contact: stiffness [N/m]");
  models::requireNonNegative(m, "compliant contact: effective mass [kg]");
  return 2 * std::sqrt(k * m);
}

SinkageLatch::SinkageLatch(double minSpeed) : m_minSpeed(minSpeed) {
  models::requireNonNegative(minSpeed, "sinkage latch: min speed [m/s]");
}

double SinkageLatch::update(double z, double speed) {
  models::requireFinite(z, "sinkage latch: sinkage [m]");
  models::requireNonNegative(speed, "sinkage latch: speed [m/s]");
  if (m_last && speed <= m_minSpeed) z = std::min(*m_last, z);
  m_last = z;
  return z;
}

SinkageModel::SinkageModel(LinearModel model, CompliantContactRule rule) : m_model(std::move(model)), m_rule(rule) {
  if (m_model.basis().variableCount() != 2)
    throw std::invalid_argument("sinkage model: the regression has " + std::to_string(m_model.basis().variableCount()) +
                                " variables: expected 2 (slip, vertical force)");
  m_rule.validate();
}

double SinkageModel::sinkage(double slip, double fz) const {
  models::requireFinite(slip, "sinkage model: slip");
  models::requireFinite(fz, "sinkage model: vertical force [N]");
  Eigen::VectorXd x(2);
  x << slip, fz;
  return m_model.predict(x);
}

double SinkageModel::stiffness(double slip, double fz) const {
  return contactStiffness(m_rule, fz, sinkage(slip, std::max(fz, m_rule.minForce)));
}

}  // namespace regolith::regression
