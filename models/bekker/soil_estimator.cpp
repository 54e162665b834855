// Extended Kalman filter over Bekker-Wong soil parameters (see soil_estimator.h).
#include "models/bekker/soil_estimator.h"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "models/bekker/wheel_sensitivity.h"
#include "models/require.h"

namespace regolith::bekker {

namespace {

// State indices.
enum { kStateLogKphi = 0, kStateN = 1, kStatePhi = 2, kStateLogK = 3, kStateC = 4 };
// Jacobian columns of wheelSensitivity (SoilParameters::toVector() order).
enum { kColKphi = 1, kColN = 2, kColC = 3, kColPhi = 4, kColK = 5 };

constexpr double kStateMinN = 0.05, kStateMaxN = 3, kStateMaxPhi = 1.5;

void requireCovariance(const Eigen::MatrixXd& m, int n, const std::string& what, bool definite) {
  if (m.rows() != n || m.cols() != n)
    throw std::invalid_argument("soil estimator " + what + ": size " + std::to_string(m.rows()) + " x " +
                                std::to_string(m.cols()) + ": expected " + std::to_string(n) + " x " +
                                std::to_string(n));
  if (!m.allFinite() || !m.isApprox(m.transpose(), 1e-12))
    throw std::invalid_argument("soil estimator " + what + ": expected a finite symmetric matrix");
  const double smallest = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(m).eigenvalues().minCoeff();
  if (definite ? !(smallest > 0) : !(smallest >= 0))
    throw std::invalid_argument("soil estimator " + what + ": smallest eigenvalue " + models::formatNumber(smallest) +
                                ": expected positive " + (definite ? "definite" : "semi-definite"));
}

}  // namespace

std::vector<std::string> SoilEstimator::stateNames(bool estimateCohesion) {
  std::vector<std::string> n = {"logKphi", "n", "phi", "logK"};
  if (estimateCohesion) n.push_back("c");
  return n;
}

Eigen::VectorXd SoilEstimator::toState(const SoilParameters& soil, bool estimateCohesion) {
  Eigen::VectorXd x(estimateCohesion ? 5 : 4);
  x[kStateLogKphi] = std::log(soil.kphi);
  x[kStateN] = soil.n;
  x[kStatePhi] = soil.frictionAngle;
  x[kStateLogK] = std::log(soil.shearModulus);
  if (estimateCohesion) x[kStateC] = soil.cohesion;
  return x;
}

SoilEstimator::SoilEstimator(const SoilParameters& priorMean, const Eigen::MatrixXd& priorCovariance,
                             const Eigen::MatrixXd& processCovariance, const Eigen::Matrix2d& measurementCovariance,
                             const SoilEstimatorModel& model)
    : m_model(model), m_base(priorMean), m_q(processCovariance), m_r(measurementCovariance) {
  priorMean.validate();
  model.wheel.validate();
  model.shape.validate();
  models::requirePositive(priorMean.kphi, "soil estimator prior kphi [N/m^(n+2)]");
  m_x = toState(priorMean, model.estimateCohesion);
  const int n = stateSize();
  requireCovariance(priorCovariance, n, "prior covariance", true);
  requireCovariance(processCovariance, n, "process covariance", false);
  requireCovariance(measurementCovariance, 2, "measurement covariance (W, T)", true);
  m_p = priorCovariance;
  if (model.maxIterations < 1)
    throw std::invalid_argument("soil estimator max iterations = " + std::to_string(model.maxIterations) +
                                ": expected >= 1");
}

SoilParameters SoilEstimator::soilOf(const Eigen::VectorXd& x) const {
  SoilParameters s = m_base;
  s.kphi = std::exp(x[kStateLogKphi]);
  s.n = x[kStateN];
  s.frictionAngle = x[kStatePhi];
  s.shearModulus = std::exp(x[kStateLogK]);
  if (m_model.estimateCohesion) s.cohesion = x[kStateC];
  return s;
}

SoilParameters SoilEstimator::estimate() const { return soilOf(m_x); }

Eigen::VectorXd SoilEstimator::stateSigma() const { return m_p.diagonal().cwiseMax(0).cwiseSqrt(); }

void SoilEstimator::clamp(Eigen::VectorXd& x) const {
  x[kStateN] = std::clamp(x[kStateN], kStateMinN, kStateMaxN);
  x[kStatePhi] = std::clamp(x[kStatePhi], 0.0, kStateMaxPhi);
  if (m_model.estimateCohesion) x[kStateC] = std::max(x[kStateC], 0.0);
}

void SoilEstimator::predict() { m_p += m_q; }

SoilEstimator::Linearisation SoilEstimator::linearise(const Eigen::VectorXd& x,
                                                      const std::vector<WheelMeasurement>& ms) const {
  const SoilParameters soil = soilOf(x);
  const int count = static_cast<int>(ms.size());
  Linearisation l;
  l.predicted.resize(2 * count);
  l.h.resize(2 * count, stateSize());
  for (int w = 0; w < count; ++w) {
    const WheelSensitivity ws = wheelSensitivity(soil, m_model.shape, m_model.wheel, ms[w].sinkage, ms[w].slip,
                                                 m_model.quadrature);  // checks z and s
    // H = d(W, T)/dx: the soil Jacobian's W and T rows through d(soil)/dx (chain rule for
    // the logged parameters: d/d log p = p d/dp).
    for (int k = 0; k < 2; ++k) {
      const int row = 2 * w + k, out = k == 0 ? 0 : 2;  // W and T rows of the wheel Jacobian
      l.h(row, kStateLogKphi) = soil.kphi * ws.jacobian(out, kColKphi);
      l.h(row, kStateN) = ws.jacobian(out, kColN);
      l.h(row, kStatePhi) = ws.jacobian(out, kColPhi);
      l.h(row, kStateLogK) = soil.shearModulus * ws.jacobian(out, kColK);
      if (m_model.estimateCohesion) l.h(row, kStateC) = ws.jacobian(out, kColC);
    }
    l.predicted.segment<2>(2 * w) << ws.forces.load, ws.forces.torque;
  }
  return l;
}

void SoilEstimator::update(const std::vector<WheelMeasurement>& ms) {
  if (ms.empty()) return;
  const int count = static_cast<int>(ms.size()), n = stateSize();
  Eigen::VectorXd y(2 * count);
  Eigen::MatrixXd r = Eigen::MatrixXd::Zero(2 * count, 2 * count);
  for (int w = 0; w < count; ++w) {
    models::requireFinite(ms[w].load, "soil estimator measured load W [N]");
    models::requireFinite(ms[w].torque, "soil estimator measured torque T [N m]");
    y.segment<2>(2 * w) << ms[w].load, ms[w].torque;
    r.block<2, 2>(2 * w, 2 * w) = m_r;
  }
  // Iterated EKF: Gauss-Newton on the MAP cost of the prior and these measurements,
  //   J(x) = (y - h(x))^T R^-1 (y - h(x)) + (x - x0)^T P^-1 (x - x0),
  // relinearised at the updated state, x+ = x0 + K_i (y - h(x_i) - H_i (x0 - x_i)). A step
  // that does not lower J is halved (up to 20 times; far from the soil the linearisation
  // can overshoot into a worse one). Stops when the step is below 1e-6 prior sigma in every
  // component or after maxIterations (1: the plain EKF's single step).
  const Eigen::VectorXd x0 = m_x;
  const Eigen::VectorXd sigma0 = stateSigma();
  const Eigen::LDLT<Eigen::MatrixXd> pInv(m_p);
  const Eigen::LDLT<Eigen::MatrixXd> rInv(r);
  auto cost = [&](const Eigen::VectorXd& x, const Eigen::VectorXd& predicted) {
    const Eigen::VectorXd e = y - predicted, d = x - x0;
    return e.dot(rInv.solve(e)) + d.dot(pInv.solve(d));
  };
  Eigen::VectorXd x = x0;
  Linearisation l = linearise(x, ms);
  double j = cost(x, l.predicted);
  Eigen::MatrixXd gain, h;
  for (int it = 0; it < m_model.maxIterations; ++it) {
    h = l.h;
    const Eigen::MatrixXd s = h * m_p * h.transpose() + r;
    const Eigen::LDLT<Eigen::MatrixXd> sInv(s);
    gain = sInv.solve(h * m_p).transpose();  // P H^T S^-1 (P, S symmetric)
    if (it == 0) {
      m_innovation = y - l.predicted;
      m_nis = m_innovation.dot(sInv.solve(m_innovation));
    }
    if (m_model.maxIterations == 1) {
      x = x0 + gain * m_innovation;
      clamp(x);
      break;
    }
    const Eigen::VectorXd full = x0 + gain * (y - l.predicted - h * (x0 - x)) - x;
    bool moved = false, done = false;
    for (int half = 0; half < 20 && !moved; ++half) {
      const Eigen::VectorXd step = std::ldexp(1.0, -half) * full;
      Eigen::VectorXd next = x + step;
      clamp(next);
      done = ((next - x).cwiseAbs().array() <= 1e-6 * sigma0.array()).all();
      if (done) break;
      const Linearisation ln = linearise(next, ms);
      const double jn = cost(next, ln.predicted);
      if (jn <= j) {
        x = next;
        l = ln;
        j = jn;
        moved = true;
      }
    }
    if (done || !moved) break;
  }
  // Covariance with the gain and Jacobian at the final state.
  if (m_model.maxIterations > 1) {
    h = l.h;
    gain = Eigen::LDLT<Eigen::MatrixXd>(h * m_p * h.transpose() + r).solve(h * m_p).transpose();
  }
  m_x = x;
  const Eigen::MatrixXd a = Eigen::MatrixXd::Identity(n, n) - gain * h;
  m_p = a * m_p * a.transpose() + gain * r * gain.transpose();
  m_p = 0.5 * (m_p + m_p.transpose());
}

void SoilEstimator::update(const WheelMeasurement& m) { update(std::vector<WheelMeasurement>{m}); }

void SoilEstimator::step(const std::vector<WheelMeasurement>& wheels) {
  predict();
  update(wheels);
}

void SoilEstimator::restore(const Eigen::VectorXd& state, const Eigen::MatrixXd& covariance,
                            const Eigen::VectorXd& innovation, double nis) {
  if (state.size() != m_x.size() || covariance.rows() != m_p.rows() || covariance.cols() != m_p.cols())
    throw std::invalid_argument("soil estimator: a saved state of " + std::to_string(state.size()) +
                                " values, expected " + std::to_string(m_x.size()));
  m_x = state;
  m_p = covariance;
  m_innovation = innovation;
  m_nis = nis;
}

}  // namespace regolith::bekker
