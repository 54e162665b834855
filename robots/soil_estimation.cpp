// The soil estimator beside a rover (soil_estimation.h).
#include "robots/soil_estimation.h"

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

namespace regolith::robots {
namespace {

bekker::SoilEstimator makeFilter(const TerrainSpec& spec) {
  const EstimatorSpec& e = *spec.estimator;
  if (spec.wheels.empty())
    throw TerrainError(spec.file,
                       {{"/estimator", "an estimator with no wheels", "\"wheels\" whose readings it takes"}});
  bekker::SoilEstimatorModel model;
  model.wheel = spec.wheels[0].wheel;
  model.shape = spec.wheels[0].shape;
  model.estimateCohesion = e.estimateCohesion;
  // The filter's predictions to 1e-8 of the largest integral: well below any measurement
  // noise, and cheaper than models/bekker's default 1e-10 in every update of the loop.
  model.quadrature.relTol = 1e-8;
  const int n = e.estimateCohesion ? 5 : 4;
  const Eigen::MatrixXd p = e.priorSd.head(n).cwiseAbs2().asDiagonal();
  const Eigen::MatrixXd q = e.processSd.head(n).cwiseAbs2().asDiagonal();
  const Eigen::Matrix2d r = Eigen::Vector2d(e.loadSd * e.loadSd, e.torqueSd * e.torqueSd).asDiagonal();
  try {
    return bekker::SoilEstimator(e.prior, p, q, r, model);
  } catch (const std::invalid_argument& error) {
    throw TerrainError(spec.file, {{e.pointer, std::string("an estimator the filter refuses (") + error.what() + ")",
                                    "a prior soil in range, prior_sd > 0 and measurement_sd > 0"}});
  }
}

}  // namespace

WheelSoilEstimation::WheelSoilEstimation(const TerrainSpec& spec)
    : m_spec(*spec.estimator),
      m_filter(makeFilter(spec)),
      m_initial(m_filter),
      m_wheelWidth(spec.wheels[0].wheel.width),
      m_rng(spec.estimator->seed) {}

double WheelSoilEstimation::gaussian() {
  // Box-Muller written out, so the sequence is the generator's on every standard library.
  const auto uniform = [this] { return ((m_rng() >> 11) + 0.5) * 0x1.0p-53; };  // (0, 1)
  const double u = uniform(), v = uniform();
  return std::sqrt(-2 * std::log(u)) * std::cos(2 * M_PI * v);
}

bool WheelSoilEstimation::observe(const WheelTerrainForces& wheels) {
  if (++m_calls % static_cast<std::uint64_t>(m_spec.every) != 0) return false;
  std::vector<bekker::WheelMeasurement> ms;
  for (const WheelTerrainForces::Wheel& w : wheels.wheels()) {
    const WheelSoilWrench& l = w.last;
    if (!l.contact || !(l.sinkage > 0)) continue;
    bekker::WheelMeasurement m;
    m.sinkage = l.sinkage;
    m.slip = l.slip;
    m.load = l.load;
    m.torque = l.torque;
    if (m_spec.noise) {
      m.load += m_spec.loadSd * gaussian();
      m.torque += m_spec.torqueSd * gaussian();
    }
    ms.push_back(m);
  }
  bekker::SoilEstimator next = m_filter;
  next.step(ms);
  if (m_spec.restartNis > 0 && !ms.empty() &&
      next.lastNormalizedInnovation() > m_spec.restartNis * 2 * static_cast<double>(ms.size())) {
    next = m_initial;
    next.step(ms);
    ++m_restarts;
  }
  m_filter = next;
  m_lastWheels = static_cast<int>(ms.size());
  ++m_updates;
  return true;
}

Eigen::VectorXd WheelSoilEstimation::truth(const WheelTerrainForces& wheels) const {
  bekker::SoilParameters s = wheels.wheels().empty() ? m_spec.prior : wheels.wheels()[0].current().soil();
  s.kphi += (s.kc - m_spec.prior.kc) / m_wheelWidth;
  s.kc = m_spec.prior.kc;
  if (!(s.kphi > 0)) s.kphi = std::numeric_limits<double>::min();  // no effective k_phi: log far below
  return bekker::SoilEstimator::toState(s, m_spec.estimateCohesion);
}

std::vector<std::string> WheelSoilEstimation::columns() const {
  std::vector<std::string> c = {"time", "wheels", "nis", "restarts"};
  const std::vector<std::string> names = stateNames();
  c.insert(c.end(), names.begin(), names.end());
  for (const std::string& n : names) c.push_back(n + "_sd");
  for (const std::string& n : names) c.push_back(n + "_true");
  return c;
}

std::vector<double> WheelSoilEstimation::row(double time, const WheelTerrainForces& wheels) const {
  std::vector<double> r = {time, double(m_lastWheels),
                           m_updates > 0 && m_lastWheels > 0 ? m_filter.lastNormalizedInnovation() : std::nan(""),
                           double(m_restarts)};
  const Eigen::VectorXd x = m_filter.state(), sd = m_filter.stateSigma(), t = truth(wheels);
  for (const Eigen::VectorXd* v : {&x, &sd, &t}) r.insert(r.end(), v->data(), v->data() + v->size());
  return r;
}

WheelSoilEstimation::State WheelSoilEstimation::saveState() const {
  State s;
  const Eigen::VectorXd& x = m_filter.state();
  const Eigen::MatrixXd& p = m_filter.covariance();
  const Eigen::VectorXd& y = m_filter.lastInnovation();
  s.values = {static_cast<double>(m_calls),      static_cast<double>(m_updates),      static_cast<double>(m_restarts),
              static_cast<double>(m_lastWheels), m_filter.lastNormalizedInnovation(), static_cast<double>(y.size())};
  s.values.insert(s.values.end(), x.data(), x.data() + x.size());
  s.values.insert(s.values.end(), p.data(), p.data() + p.size());
  s.values.insert(s.values.end(), y.data(), y.data() + y.size());
  std::ostringstream generator;
  generator << m_rng;
  s.generator = generator.str();
  return s;
}

void WheelSoilEstimation::restoreState(const State& s) {
  const std::size_t n = static_cast<std::size_t>(m_filter.stateSize());
  const std::size_t innovations = s.values.size() >= 6 ? static_cast<std::size_t>(s.values[5]) : 0;
  if (s.values.size() != 6 + n + n * n + innovations)
    throw std::invalid_argument("soil estimator state: " + std::to_string(s.values.size()) +
                                " values, not this estimator's (" + std::to_string(n) + " soil states)");
  m_calls = static_cast<std::uint64_t>(s.values[0]);
  m_updates = static_cast<std::uint64_t>(s.values[1]);
  m_restarts = static_cast<std::uint64_t>(s.values[2]);
  m_lastWheels = static_cast<int>(s.values[3]);
  const double* at = s.values.data() + 6;
  const Eigen::VectorXd x = Eigen::Map<const Eigen::VectorXd>(at, static_cast<Eigen::Index>(n));
  const Eigen::MatrixXd p = Eigen::Map<const Eigen::MatrixXd>(at + n, static_cast<Eigen::Index>(n),
                                                              static_cast<Eigen::Index>(n));
  const Eigen::VectorXd y = Eigen::Map<const Eigen::VectorXd>(at + n + n * n, static_cast<Eigen::Index>(innovations));
  m_filter.restore(x, p, y, s.values[4]);
  std::istringstream generator(s.generator);
  generator >> m_rng;
  if (!generator) throw std::invalid_argument("soil estimator state: its noise generator's text does not read back");
}

}  // namespace regolith::robots
