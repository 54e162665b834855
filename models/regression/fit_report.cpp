// Fit statistics and the Student-t distribution (see fit_report.h).
#include "models/regression/fit_report.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "models/require.h"

namespace regolith::regression {

namespace {

// Continued fraction of the incomplete beta function (modified Lentz), converging for
// x < (a + 1) / (a + b + 2).
double betaFraction(double a, double b, double x) {
  const double tiny = 1e-300;
  double c = 1, d = 1 - (a + b) * x / (a + 1);
  if (std::fabs(d) < tiny) d = tiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= 500; ++m) {
    const double m2 = 2.0 * m;
    double num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
    d = 1 + num * d;
    if (std::fabs(d) < tiny) d = tiny;
    c = 1 + num / c;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
    d = 1 + num * d;
    if (std::fabs(d) < tiny) d = tiny;
    c = 1 + num / c;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1 / d;
    const double step = d * c;
    h *= step;
    if (std::fabs(step - 1) < 1e-16) break;
  }
  return h;
}

// Regularized incomplete beta I_x(a, b).
double incompleteBeta(double a, double b, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const double logFront = std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
  if (x < (a + 1) / (a + b + 2)) return std::exp(logFront) * betaFraction(a, b, x) / a;
  return 1 - std::exp(logFront) * betaFraction(b, a, 1 - x) / b;
}

}  // namespace

Eigen::VectorXd FitReport::standardErrors() const { return covariance.diagonal().cwiseMax(0.0).cwiseSqrt(); }

Interval FitReport::confidenceInterval(std::size_t i, double level) const {
  if (!(level > 0 && level < 1)) models::failRange("confidence level", level, "0 < level < 1");
  if (i >= static_cast<std::size_t>(estimates.size()))
    throw std::invalid_argument("confidence interval: estimate index " + std::to_string(i) + ": expected < " +
                                std::to_string(estimates.size()));
  const double t = studentTQuantile(0.5 * (1 + level), double(degreesOfFreedom));
  const double half = t * std::sqrt(std::max(covariance(i, i), 0.0));
  return {estimates[i] - half, estimates[i] + half};
}

std::size_t FitReport::index(const std::string& name) const {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return i;
  throw std::invalid_argument("fit report: no estimate named '" + name + "'");
}

double rmse(const Eigen::VectorXd& predicted, const Eigen::VectorXd& observed) {
  if (predicted.size() != observed.size() || predicted.size() == 0)
    throw std::invalid_argument("rmse: " + std::to_string(predicted.size()) + " predictions, " +
                                std::to_string(observed.size()) + " observations: expected equal, nonzero counts");
  return std::sqrt((predicted - observed).squaredNorm() / double(predicted.size()));
}

double studentTCdf(double t, double dof) {
  models::requirePositive(dof, "student t degrees of freedom");
  if (std::isnan(t)) return t;
  if (std::isinf(t)) return t > 0 ? 1.0 : 0.0;
  // P(|T| > |t|) = I_{dof / (dof + t^2)}(dof / 2, 1 / 2).
  const double tail = 0.5 * incompleteBeta(0.5 * dof, 0.5, dof / (dof + t * t));
  return t > 0 ? 1 - tail : tail;
}

double studentTQuantile(double p, double dof) {
  models::requirePositive(dof, "student t degrees of freedom");
  if (!(p > 0 && p < 1)) models::failRange("student t probability", p, "0 < p < 1");
  if (p == 0.5) return 0;
  if (p < 0.5) return -studentTQuantile(1 - p, dof);
  double lo = 0, hi = 1;
  while (studentTCdf(hi, dof) < p) {
    lo = hi;
    hi *= 2;
    if (hi > 1e300) return std::numeric_limits<double>::infinity();
  }
  for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    (studentTCdf(mid, dof) < p ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

}  // namespace regolith::regression
