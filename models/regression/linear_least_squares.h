// Linear least squares: minimise |A beta - y|^2 over a design matrix A (any basis: a
// PolynomialBasis, or the Fourier terms of an RFT coefficient fit), by column-pivoted
// Householder QR. Coefficient covariance s^2 (A^T A)^-1 = s^2 P R^-1 R^-T P^T from the same
// factorisation (A P = Q R), so no normal equations are formed. Statistics: fit_report.h.
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

#include "models/regression/fit_report.h"
#include "models/regression/polynomial_basis.h"

namespace regolith::regression {

// Needs more rows than columns, finite data and full column rank (std::invalid_argument
// otherwise, naming the problem). names: one per column, or empty for "b0", "b1", ...
FitReport fitLinear(const Eigen::MatrixXd& design, const Eigen::VectorXd& y, std::vector<std::string> names = {});

// A fitted polynomial: its basis and coefficients; predicts and scores new data.
class LinearModel {
 public:
  LinearModel(PolynomialBasis basis, Eigen::VectorXd coefficients);
  // Fits y over the rows of X (one column per basis variable).
  static LinearModel fit(const PolynomialBasis& basis, const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                         FitReport* report = nullptr);

  double predict(const Eigen::VectorXd& x) const;
  Eigen::VectorXd predict(const Eigen::MatrixXd& X) const;
  // RMSE on data the model was not fitted to.
  double heldOutRmse(const Eigen::MatrixXd& X, const Eigen::VectorXd& y) const;

  const PolynomialBasis& basis() const { return m_basis; }
  const Eigen::VectorXd& coefficients() const { return m_coef; }

 private:
  PolynomialBasis m_basis;
  Eigen::VectorXd m_coef;
};

}  // namespace regolith::regression
