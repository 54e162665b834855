// One wheel on regression terrain (regression_wheel.h).
#include "robots/regression_wheel.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "calibrate/fit_regression.h"

namespace regolith::robots {
namespace {

constexpr double kLateralSlipAngle = 5 * M_PI / 180;  // alpha_0 (regression_wheel.h)

double evaluate(const regression::LinearModel& m, double slip, double load) {
  const Eigen::VectorXd x = Eigen::Vector2d(slip, load);
  return m.predict(x);
}

}  // namespace

RegressionWheelModel regressionWheelModelFromFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot be read");
  std::stringstream text;
  text << in.rdbuf();
  const nlohmann::json doc = nlohmann::json::parse(text.str(), nullptr, false);
  if (doc.is_discarded()) throw std::runtime_error("not JSON");
  if (!doc.is_object() || doc.value("model", "") != "regression")
    throw std::runtime_error("not a regression model (\"model\": \"regression\")");
  try {
    const nlohmann::json& models = doc.at("models");
    RegressionWheelModel m{calibrate::linearModelFromJson(models.at("sinkage")),
                           calibrate::linearModelFromJson(models.at("drawbar_pull_coefficient")),
                           calibrate::linearModelFromJson(models.at("torque_coefficient"))};
    for (const regression::LinearModel* model : {&m.sinkage, &m.drawbarPull, &m.torque})
      if (model->basis().variables() != std::vector<std::string>{"slip", "Fz"})
        throw std::runtime_error("a model's variables are not (slip, Fz)");
    // The slips it was fitted on: its training runs'.
    double lo = 1, hi = -1;
    for (const nlohmann::json& run : doc.at("runs"))
      if (run.value("role", "") == "training") {
        const double s = run.at("slip").get<double>();
        lo = std::min(lo, s), hi = std::max(hi, s);
      }
    if (!(lo < hi)) throw std::runtime_error("its training runs do not span a range of slips");
    m.slipMin = lo, m.slipMax = hi;
    return m;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("not a `regolith fit regression` file (") + e.what() + ")");
  }
}

RegressionWheelTerrain::RegressionWheelTerrain(RegressionWheelModel model, const RegressionWheelOptions& options)
    : m_model(std::move(model)), m_options(options), m_latch(options.minSpeed) {
  auto positive = [](double x) { return x > 0 && std::isfinite(x); };
  if (!positive(options.radius) || !positive(options.width))
    throw std::invalid_argument("regression wheel: radius and width: expected finite values > 0 m");
  if (!positive(options.referenceLoad))
    throw std::invalid_argument("regression wheel: reference load: expected a finite value > 0 N");
  if (!positive(options.restSpeed) || !positive(options.gravity) || !(options.minSpeed >= 0) ||
      !(options.dampingRatio >= 0) || !std::isfinite(options.minSpeed) || !std::isfinite(options.dampingRatio))
    throw std::invalid_argument("regression wheel: rest speed, gravity > 0, min speed, damping ratio >= 0 expected");
  if (!(m_model.slipMin > 0 && m_model.slipMin < m_model.slipMax))
    throw std::invalid_argument("regression wheel: fitted slips: expected 0 < s_lo < s_hi");
  m_rule.contacts = 1;
}

Eigen::Vector2d RegressionWheelTerrain::coefficients(double slip, double load) const {
  const double magnitude = std::fabs(slip);
  const double clamped = std::clamp(magnitude, m_model.slipMin, m_model.slipMax);
  Eigen::Vector2d mu(evaluate(m_model.drawbarPull, clamped, load), evaluate(m_model.torque, clamped, load));
  if (magnitude < m_model.slipMin) mu *= magnitude / m_model.slipMin;  // to 0 at s = 0
  return slip < 0 ? Eigen::Vector2d(-mu) : mu;
}

double RegressionWheelTerrain::targetSinkage(double slip) const {
  const double clamped = std::clamp(std::fabs(slip), m_model.slipMin, m_model.slipMax);
  return -evaluate(m_model.sinkage, clamped, m_options.referenceLoad);
}

WheelSoilWrench RegressionWheelTerrain::wrench(const WheelMotion& motion, const GroundPlane& ground) {
  const WheelKinematics k = wheelKinematics(motion, ground, m_options.radius, m_options.restSpeed);
  WheelSoilWrench out = kinematicPart(k);
  if (!k.contact) return out;

  // The compliant contact (Kern III-D): z* from the regression, latched at low speed.
  const double target = -m_latch.update(-targetSinkage(out.slip), std::fabs(k.forwardSpeed));
  const double stiffness = regression::contactStiffness(m_rule, m_options.referenceLoad, -target);
  const double mass = m_options.referenceLoad / m_options.gravity;
  const double damping = m_options.dampingRatio * regression::criticalDamping(stiffness, mass);
  out.load = stiffness * out.sinkage;
  const double normal = std::max(0.0, out.load - damping * motion.velocity.dot(k.normal));

  const Eigen::Vector2d mu = coefficients(out.slip, std::max(normal, m_rule.minForce));
  out.drawbarPull = normal * mu.x();
  out.torque = normal * m_options.radius * mu.y();
  const double lateralCoefficient = std::max(0.0, evaluate(m_model.torque, m_model.slipMax, normal));
  out.lateral = lateralCoefficient * normal * (1 - std::exp(-std::tan(out.slipAngle) / std::tan(kLateralSlipAngle)));
  // The traction coefficients are odd in s: DP and T already carry the braking sign, so
  // the assembly's direction sigma alone orients them along the travel.
  assembleWheelWrench(k, motion, normal, out.drawbarPull, out.torque, out.lateral, out);
  return out;
}

}  // namespace regolith::robots
