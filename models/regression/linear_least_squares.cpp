// Linear least squares by column-pivoted QR (see linear_least_squares.h).
#include "models/regression/linear_least_squares.h"

#include <Eigen/QR>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace regolith::regression {

namespace {

void requireFiniteData(const Eigen::MatrixXd& A, const Eigen::VectorXd& y, const char* what) {
  if (!A.allFinite()) throw std::invalid_argument(std::string(what) + ": inputs must be finite");
  if (!y.allFinite()) throw std::invalid_argument(std::string(what) + ": observations must be finite");
}

double rSquaredOf(double rss, const Eigen::VectorXd& y) {
  const double tss = (y.array() - y.mean()).square().sum();
  if (tss == 0) return rss == 0 ? 1.0 : 0.0;
  return 1 - rss / tss;
}

}  // namespace

FitReport fitLinear(const Eigen::MatrixXd& A, const Eigen::VectorXd& y, std::vector<std::string> names) {
  const Eigen::Index n = A.rows(), p = A.cols();
  if (y.size() != n)
    throw std::invalid_argument("linear fit: " + std::to_string(y.size()) + " observations for " + std::to_string(n) +
                                " design rows: expected equal");
  if (p == 0) throw std::invalid_argument("linear fit: expected at least one column");
  if (n <= p)
    throw std::invalid_argument("linear fit: " + std::to_string(n) + " samples for " + std::to_string(p) +
                                " coefficients: expected more samples");
  requireFiniteData(A, y, "linear fit");
  if (names.empty())
    for (Eigen::Index k = 0; k < p; ++k) names.push_back("b" + std::to_string(k));
  if (static_cast<Eigen::Index>(names.size()) != p)
    throw std::invalid_argument("linear fit: " + std::to_string(names.size()) + " names for " + std::to_string(p) +
                                " columns: expected one per column");

  const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(A);
  if (qr.rank() < p)
    throw std::invalid_argument("linear fit: design matrix has rank " + std::to_string(qr.rank()) + " < " +
                                std::to_string(p) + " columns: the basis terms are linearly dependent on these data");

  FitReport r;
  r.names = std::move(names);
  r.estimates = qr.solve(y);
  const Eigen::VectorXd resid = y - A * r.estimates;
  const double rss = resid.squaredNorm();
  r.samples = static_cast<std::size_t>(n);
  r.degreesOfFreedom = static_cast<std::size_t>(n - p);
  r.residualVariance = rss / double(n - p);
  r.rmse = std::sqrt(rss / double(n));
  r.rSquared = rSquaredOf(rss, y);
  // (A^T A)^-1 = P R^-1 R^-T P^T.
  const Eigen::MatrixXd R = qr.matrixR().topLeftCorner(p, p).triangularView<Eigen::Upper>();
  const Eigen::MatrixXd Rinv = R.triangularView<Eigen::Upper>().solve(Eigen::MatrixXd::Identity(p, p));
  const Eigen::MatrixXd inner = Rinv * Rinv.transpose();
  const auto& P = qr.colsPermutation();
  r.covariance = r.residualVariance * (P * inner * P.transpose());
  return r;
}

LinearModel::LinearModel(PolynomialBasis basis, Eigen::VectorXd coefficients)
    : m_basis(std::move(basis)), m_coef(std::move(coefficients)) {
  if (static_cast<std::size_t>(m_coef.size()) != m_basis.termCount())
    throw std::invalid_argument("linear model: " + std::to_string(m_coef.size()) +
                                " coefficients: expected one per basis term (" + std::to_string(m_basis.termCount()) +
                                ")");
  if (!m_coef.allFinite()) throw std::invalid_argument("linear model: coefficients must be finite");
}

LinearModel LinearModel::fit(const PolynomialBasis& basis, const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                             FitReport* report) {
  FitReport r = fitLinear(basis.design(X), y, basis.termNames());
  LinearModel m(basis, r.estimates);
  if (report) *report = std::move(r);
  return m;
}

double LinearModel::predict(const Eigen::VectorXd& x) const { return m_basis.evaluate(x).dot(m_coef); }

Eigen::VectorXd LinearModel::predict(const Eigen::MatrixXd& X) const { return m_basis.design(X) * m_coef; }

double LinearModel::heldOutRmse(const Eigen::MatrixXd& X, const Eigen::VectorXd& y) const {
  return rmse(predict(X), y);
}

}  // namespace regolith::regression
