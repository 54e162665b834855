// What a least-squares fit reports, linear or nonlinear: the estimates, their covariance,
// R^2 and RMSE, with Student-t confidence intervals; and the Student-t distribution itself.
//
//   residual variance  s^2 = RSS / (n - p)
//   covariance         s^2 (J^T J)^-1   (J: design matrix, or Jacobian at the solution)
//   R^2                1 - RSS / sum (y - mean y)^2   (1 when both sums are 0)
//   RMSE               sqrt(RSS / n) on the fitted data; heldOutRmse on other data
//   interval           estimate -+ t_{(1 + level)/2, n - p} standard error
#pragma once

#include <Eigen/Core>
#include <cstddef>
#include <string>
#include <vector>

namespace regolith::regression {

struct Interval {
  double lo = 0, hi = 0;
  bool contains(double v) const { return v >= lo && v <= hi; }
};

struct FitReport {
  std::vector<std::string> names;  // one per estimate
  Eigen::VectorXd estimates;       // coefficients / parameters
  Eigen::MatrixXd covariance;      // of the estimates
  double residualVariance = 0;     // s^2
  double rSquared = 0;
  double rmse = 0;                   // on the fitted data
  std::size_t samples = 0;           // n
  std::size_t degreesOfFreedom = 0;  // n - p

  Eigen::VectorXd standardErrors() const;
  // Two-sided interval at the given level in (0, 1) for estimate i.
  Interval confidenceInterval(std::size_t i, double level = 0.95) const;
  // Index of a named estimate (std::invalid_argument if absent).
  std::size_t index(const std::string& name) const;
};

// Root-mean-square of (predicted - observed); sizes must match and be nonzero.
double rmse(const Eigen::VectorXd& predicted, const Eigen::VectorXd& observed);

// Student-t distribution with dof > 0 degrees of freedom: CDF through the regularized
// incomplete beta function (continued fraction, modified Lentz), quantile by bisection
// to 1e-13 relative. studentTQuantile(0.975, 10) = 2.228138852.
double studentTCdf(double t, double dof);
double studentTQuantile(double p, double dof);

}  // namespace regolith::regression
