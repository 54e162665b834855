// Projected Levenberg-Marquardt (see nonlinear_least_squares.h).
#include "models/regression/nonlinear_least_squares.h"

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace regolith::regression {

NonlinearModel exponentialForm() {
  NonlinearModel m;
  m.parameterNames = {"a", "b", "c"};
  m.value = [](const Eigen::VectorXd& p, const Eigen::VectorXd& x) { return p[0] * std::exp(p[1] * x[0]) + p[2]; };
  m.gradient = [](const Eigen::VectorXd& p, const Eigen::VectorXd& x) {
    const double e = std::exp(p[1] * x[0]);
    Eigen::VectorXd g(3);
    g << e, p[0] * x[0] * e, 1.0;
    return g;
  };
  return m;
}

NonlinearModel saturatingForm() {
  NonlinearModel m;
  m.parameterNames = {"a", "b"};
  m.value = [](const Eigen::VectorXd& p, const Eigen::VectorXd& x) { return p[0] * (1 - std::exp(-x[0] / p[1])); };
  m.gradient = [](const Eigen::VectorXd& p, const Eigen::VectorXd& x) {
    const double e = std::exp(-x[0] / p[1]);
    Eigen::VectorXd g(2);
    g << 1 - e, -p[0] * e * x[0] / (p[1] * p[1]);
    return g;
  };
  return m;
}

namespace {

struct Box {
  Eigen::VectorXd lo, hi;
  Eigen::VectorXd clamp(const Eigen::VectorXd& p) const { return p.cwiseMax(lo).cwiseMin(hi); }
};

Eigen::VectorXd residuals(const NonlinearModel& m, const Eigen::VectorXd& p, const Eigen::MatrixXd& X,
                          const Eigen::VectorXd& y) {
  Eigen::VectorXd r(y.size());
  for (Eigen::Index i = 0; i < y.size(); ++i) r[i] = y[i] - m.value(p, X.row(i).transpose());
  return r;
}

Eigen::MatrixXd jacobian(const NonlinearModel& m, const Eigen::VectorXd& p, const Eigen::MatrixXd& X, const Box& box) {
  const Eigen::Index n = X.rows(), k = p.size();
  Eigen::MatrixXd J(n, k);
  if (m.gradient) {
    for (Eigen::Index i = 0; i < n; ++i) {
      const Eigen::VectorXd g = m.gradient(p, X.row(i).transpose());
      if (g.size() != k)
        throw std::invalid_argument("nonlinear fit: gradient has " + std::to_string(g.size()) +
                                    " entries: expected one per parameter (" + std::to_string(k) + ")");
      J.row(i) = g.transpose();
    }
    return J;
  }
  for (Eigen::Index j = 0; j < k; ++j) {
    const double h = 1e-6 * std::max(std::fabs(p[j]), 1e-3);
    Eigen::VectorXd up = p, dn = p;
    up[j] = std::min(p[j] + h, box.hi[j]);
    dn[j] = std::max(p[j] - h, box.lo[j]);
    const double width = up[j] - dn[j];
    for (Eigen::Index i = 0; i < n; ++i) {
      const Eigen::VectorXd x = X.row(i).transpose();
      J(i, j) = (m.value(up, x) - m.value(dn, x)) / width;
    }
  }
  return J;
}

}  // namespace

NonlinearFit fitNonlinear(const NonlinearModel& model, const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                          const Eigen::VectorXd& initial, const Bounds& bounds, const LmOptions& options) {
  const Eigen::Index k = static_cast<Eigen::Index>(model.parameterNames.size());
  const Eigen::Index n = X.rows();
  if (!model.value) throw std::invalid_argument("nonlinear fit: model has no value function");
  if (initial.size() != k)
    throw std::invalid_argument("nonlinear fit: initial guess has " + std::to_string(initial.size()) +
                                " parameters: expected " + std::to_string(k));
  if (static_cast<std::size_t>(X.cols()) != model.inputs)
    throw std::invalid_argument("nonlinear fit: data has " + std::to_string(X.cols()) + " columns: expected " +
                                std::to_string(model.inputs));
  if (y.size() != n)
    throw std::invalid_argument("nonlinear fit: " + std::to_string(y.size()) + " observations for " +
                                std::to_string(n) + " rows: expected equal");
  if (n <= k)
    throw std::invalid_argument("nonlinear fit: " + std::to_string(n) + " samples for " + std::to_string(k) +
                                " parameters: expected more samples");
  if (!X.allFinite() || !y.allFinite() || !initial.allFinite())
    throw std::invalid_argument("nonlinear fit: data and initial guess must be finite");
  const double inf = std::numeric_limits<double>::infinity();
  Box box{bounds.lower.size() ? bounds.lower : Eigen::VectorXd::Constant(k, -inf),
          bounds.upper.size() ? bounds.upper : Eigen::VectorXd::Constant(k, inf)};
  if (box.lo.size() != k || box.hi.size() != k)
    throw std::invalid_argument("nonlinear fit: bounds must have one entry per parameter (" + std::to_string(k) + ")");
  for (Eigen::Index j = 0; j < k; ++j)
    if (!(box.lo[j] <= box.hi[j]))
      throw std::invalid_argument("nonlinear fit: bounds of " + model.parameterNames[j] + ": expected lower <= upper");
  if (!(options.tolerance > 0) || options.maxIterations < 1 || !(options.initialDamping > 0))
    throw std::invalid_argument(
        "nonlinear fit: expected tolerance > 0, maxIterations >= 1, "
        "initialDamping > 0");

  NonlinearFit fit;
  Eigen::VectorXd p = box.clamp(initial);
  Eigen::VectorXd r = residuals(model, p, X, y);
  double cost = r.squaredNorm();
  if (!std::isfinite(cost)) throw std::invalid_argument("nonlinear fit: the model is not finite at the initial guess");
  double mu = -1;
  for (fit.iterations = 1; fit.iterations <= options.maxIterations; ++fit.iterations) {
    const Eigen::MatrixXd J = jacobian(model, p, X, box);
    const Eigen::MatrixXd H = J.transpose() * J;
    const Eigen::VectorXd g = J.transpose() * r;
    if (mu < 0) mu = options.initialDamping * std::max(H.diagonal().maxCoeff(), 1e-300);
    // Active set: a parameter on a bound whose descent direction (+g, since the cost's
    // gradient is -2 J^T r) points out of the box is held for this step.
    std::vector<Eigen::Index> freeIdx;
    for (Eigen::Index j = 0; j < k; ++j) {
      const bool held = (p[j] <= box.lo[j] && g[j] <= 0) || (p[j] >= box.hi[j] && g[j] >= 0);
      if (!held) freeIdx.push_back(j);
    }
    if (freeIdx.empty()) {
      fit.converged = true;  // every parameter pressed against its bound
      break;
    }
    const Eigen::Index nf = static_cast<Eigen::Index>(freeIdx.size());
    Eigen::MatrixXd Hf(nf, nf);
    Eigen::VectorXd gf(nf);
    for (Eigen::Index a = 0; a < nf; ++a) {
      gf[a] = g[freeIdx[a]];
      for (Eigen::Index b = 0; b < nf; ++b) Hf(a, b) = H(freeIdx[a], freeIdx[b]);
    }
    bool accepted = false;
    Eigen::VectorXd step;
    double newCost = cost;
    for (int tries = 0; tries < 60 && !accepted; ++tries) {
      Eigen::MatrixXd M = Hf;
      M.diagonal() += mu * Hf.diagonal() + Eigen::VectorXd::Constant(nf, mu * 1e-12);
      const Eigen::VectorXd dpf = M.ldlt().solve(gf);
      Eigen::VectorXd dp = Eigen::VectorXd::Zero(k);
      for (Eigen::Index a = 0; a < nf; ++a) dp[freeIdx[a]] = dpf[a];
      const Eigen::VectorXd trial = box.clamp(p + dp);
      const Eigen::VectorXd rt = residuals(model, trial, X, y);
      const double c = rt.squaredNorm();
      if (std::isfinite(c) && c <= cost) {
        step = trial - p;
        p = trial;
        r = rt;
        newCost = c;
        accepted = true;
        mu = std::max(mu / 3, 1e-300);
      } else {
        mu *= 4;
      }
    }
    if (!accepted) {
      fit.converged = true;  // no descent left at any damping: a (box-constrained) minimum
      break;
    }
    const bool smallStep = (step.array().abs() <= options.tolerance * (p.array().abs() + options.tolerance)).all();
    const bool smallChange = cost - newCost <= options.tolerance * std::max(cost, 1e-300);
    cost = newCost;
    if (smallStep || smallChange) {
      fit.converged = true;
      break;
    }
  }
  fit.iterations = std::min(fit.iterations, options.maxIterations);

  fit.names = model.parameterNames;
  fit.estimates = p;
  fit.samples = static_cast<std::size_t>(n);
  fit.degreesOfFreedom = static_cast<std::size_t>(n - k);
  fit.residualVariance = cost / double(n - k);
  fit.rmse = std::sqrt(cost / double(n));
  const double tss = (y.array() - y.mean()).square().sum();
  fit.rSquared = tss == 0 ? (cost == 0 ? 1.0 : 0.0) : 1 - cost / tss;
  fit.atBound.assign(static_cast<std::size_t>(k), false);
  std::vector<Eigen::Index> freeIdx;
  for (Eigen::Index j = 0; j < k; ++j) {
    const bool held = p[j] <= box.lo[j] || p[j] >= box.hi[j];
    fit.atBound[static_cast<std::size_t>(j)] = held;
    if (!held) freeIdx.push_back(j);
  }
  fit.covariance = Eigen::MatrixXd::Zero(k, k);
  if (!freeIdx.empty()) {
    const Eigen::MatrixXd J = jacobian(model, p, X, box);
    const Eigen::Index f = static_cast<Eigen::Index>(freeIdx.size());
    Eigen::MatrixXd Jf(n, f);
    for (Eigen::Index a = 0; a < f; ++a) Jf.col(a) = J.col(freeIdx[a]);
    const Eigen::FullPivLU<Eigen::MatrixXd> lu(Jf.transpose() * Jf);
    const Eigen::MatrixXd inv = lu.isInvertible()
                                    ? Eigen::MatrixXd(lu.inverse())
                                    : Eigen::MatrixXd::Constant(f, f, std::numeric_limits<double>::quiet_NaN());
    for (Eigen::Index a = 0; a < f; ++a)
      for (Eigen::Index b = 0; b < f; ++b) fit.covariance(freeIdx[a], freeIdx[b]) = fit.residualVariance * inv(a, b);
  }
  return fit;
}

Eigen::VectorXd predict(const NonlinearModel& model, const Eigen::VectorXd& parameters, const Eigen::MatrixXd& X) {
  if (static_cast<std::size_t>(parameters.size()) != model.parameterNames.size())
    throw std::invalid_argument("nonlinear predict: expected one value per parameter");
  Eigen::VectorXd out(X.rows());
  for (Eigen::Index i = 0; i < X.rows(); ++i) out[i] = model.value(parameters, X.row(i).transpose());
  return out;
}

}  // namespace regolith::regression
