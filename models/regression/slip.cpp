// Slip ratio, command velocity and slip regression (see slip.h).
#include "models/regression/slip.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "models/require.h"

namespace regolith::regression {

double slipRatio(double v, double wr) {
  models::requireFinite(v, "slip: travel speed [m/s]");
  models::requireFinite(wr, "slip: wheel speed omega R [m/s]");
  if ((v > 0 && wr < 0) || (v < 0 && wr > 0))
    throw std::invalid_argument("slip: travel speed " + models::formatNumber(v) + " and wheel speed " +
                                models::formatNumber(wr) + " m/s: expected the same sign (or zero)");
  v = std::fabs(v);
  wr = std::fabs(wr);
  if (wr == 0 && v == 0) return 0;
  if (wr >= v) return 1 - v / wr;  // driving
  return wr / v - 1;               // braking
}

double slipAdjustedVelocity(double s, double wr) {
  models::requireFinite(wr, "slip: wheel speed omega R [m/s]");
  if (!(s > -1 && s <= 1)) models::failRange("slip ratio", s, "-1 < s <= 1");
  return s >= 0 ? (1 - s) * wr : wr / (1 + s);
}

SlipModel::SlipModel(LinearModel model) : m_model(std::move(model)) {
  if (m_model.basis().variableCount() != 2)
    throw std::invalid_argument("slip model: the regression has " + std::to_string(m_model.basis().variableCount()) +
                                " variables: expected 2 (wheel speed, slope)");
}

double SlipModel::slip(double wheelSpeed, double slope) const {
  models::requireFinite(wheelSpeed, "slip model: wheel speed [m/s]");
  models::requireFinite(slope, "slip model: slope [rad]");
  Eigen::VectorXd x(2);
  x << wheelSpeed, slope;
  return std::clamp(m_model.predict(x), -1.0, 1.0);
}

double SlipModel::commandVelocity(double wheelSpeed, double slope) const {
  const double s = std::max(slip(wheelSpeed, slope), -1 + 1e-9);
  return slipAdjustedVelocity(s, wheelSpeed);
}

}  // namespace regolith::regression
