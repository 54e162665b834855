// Bounded nonlinear least squares: minimise sum_i (y_i - f(p, x_i))^2 over lower <= p <=
// upper by Levenberg-Marquardt with projection onto the box.
//
// Each iteration solves (J^T J + mu diag(J^T J) + mu eps I) dp = J^T r (r = y - f, J the
// model's Jacobian), clamps p + dp into the box, and accepts the step when the cost falls
// (mu /= 3), else retries with mu *= 4. It stops when the accepted step is below
// tolerance (|dp_j| <= tol (|p_j| + tol) for all j) or the relative cost change is. At the
// solution, covariance = s^2 (J^T J)^-1 over the parameters strictly inside the box; a
// parameter held at a bound is reported in atBound with zero variance (its interval is
// then the point itself: treat it as fixed, not estimated). Where J^T J of the free
// parameters is singular at the solution (a parameter the data do not constrain) their
// covariance is NaN.
//
// Ready forms in one input x:
//   exponential  y = a exp(b x) + c
//   saturating   y = a (1 - exp(-x / b))     (b > 0: the rise length)
#pragma once

#include <Eigen/Core>
#include <functional>
#include <string>
#include <vector>

#include "models/regression/fit_report.h"

namespace regolith::regression {

struct NonlinearModel {
  std::vector<std::string> parameterNames;
  std::size_t inputs = 1;  // columns of X
  // f(p, x); x has `inputs` entries.
  std::function<double(const Eigen::VectorXd& p, const Eigen::VectorXd& x)> value;
  // df/dp at (p, x); empty: central differences (one-sided at a bound).
  std::function<Eigen::VectorXd(const Eigen::VectorXd& p, const Eigen::VectorXd& x)> gradient;
};

NonlinearModel exponentialForm();  // parameters a, b, c
NonlinearModel saturatingForm();   // parameters a, b

struct Bounds {
  Eigen::VectorXd lower;  // empty: -inf for all
  Eigen::VectorXd upper;  // empty: +inf for all
};

struct LmOptions {
  int maxIterations = 500;
  double tolerance = 1e-12;
  double initialDamping = 1e-3;  // mu0 relative to max diag(J^T J)
};

struct NonlinearFit : FitReport {
  int iterations = 0;
  bool converged = false;
  std::vector<bool> atBound;  // per parameter
};

// Throws std::invalid_argument for mismatched sizes, non-finite data, lower > upper, or
// fewer samples than parameters + 1.
NonlinearFit fitNonlinear(const NonlinearModel& model, const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                          const Eigen::VectorXd& initial, const Bounds& bounds = {}, const LmOptions& options = {});

Eigen::VectorXd predict(const NonlinearModel& model, const Eigen::VectorXd& parameters, const Eigen::MatrixXd& X);

}  // namespace regolith::regression
