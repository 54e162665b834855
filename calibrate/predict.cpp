// A model file evaluated for one set of NAME=VALUE inputs (`regolith predict`).
#include "calibrate/predict.h"

#include <cmath>
#include <set>

#include "calibrate/fit_bekker.h"
#include "calibrate/fit_json.h"
#include "calibrate/fit_regression.h"
#include "calibrate/fit_rft.h"
#include "calibrate/run_set.h"

namespace regolith::calibrate {
namespace {

using nlohmann::json;

void checkNames(const PredictInputs& in, const std::set<std::string>& known, const std::string& model) {
  for (const auto& [name, value] : in)
    if (!known.count(name)) {
      std::string list;
      for (const std::string& k : known) list += " " + k;
      throw CalibrationError("input " + name + ": a " + model + " model takes" + list);
    }
}

double required(const PredictInputs& in, const std::string& name, const std::string& model) {
  const auto it = in.find(name);
  if (it == in.end()) throw CalibrationError("a " + model + " model needs the input " + name + "=VALUE");
  return it->second;
}

json predictRft(const json& file, const PredictInputs& in) {
  checkNames(in, {"beta_deg", "gamma_deg", "depth", "area"}, "rft");
  const RftModelFile m = rftModelFromJson(file);
  const double b = required(in, "beta_deg", "rft") * M_PI / 180, g = required(in, "gamma_deg", "rft") * M_PI / 180;
  const double az = m.zeta * rft::alphaZ(m.coefficients, b, g), ax = m.zeta * rft::alphaX(m.coefficients, b, g);
  json out = {{"alpha_z", az}, {"alpha_x", ax}, {"stress_per_depth_z", az}, {"stress_per_depth_x", -ax}, {"unit", "N/m^3"}};
  if (in.count("depth") && in.count("area")) {
    const double scale = std::fabs(in.at("depth")) * in.at("area");
    out["force_z"] = az * scale;   // N, up
    out["force_x"] = -ax * scale;  // N, along the stroke's horizontal part (metrics' x)
  }
  return out;
}

json predictRegression(const json& file, const PredictInputs& in) {
  checkNames(in, {"slip", "Fz", "contacts", "grouser_height"}, "regression");
  const json& models = file.at("models");
  const double slip = required(in, "slip", "regression");
  const regression::LinearModel sinkage = linearModelFromJson(models.at("sinkage"));
  bool usesLoad = false;
  for (const std::vector<int>& t : sinkage.basis().terms()) usesLoad = usesLoad || t[1] != 0;
  if (usesLoad && !in.count("Fz")) throw CalibrationError("this sinkage regression depends on the load: give Fz=VALUE (N)");
  Eigen::VectorXd x(2);
  x << slip, in.count("Fz") ? in.at("Fz") : 0.0;
  const double z = sinkage.predict(x);
  json out = {{"z", z},
              {"sinkage", -z},
              {"drawbar_pull_coefficient", linearModelFromJson(models.at("drawbar_pull_coefficient")).predict(x)},
              {"torque_coefficient", linearModelFromJson(models.at("torque_coefficient")).predict(x)}};
  if (in.count("Fz")) {
    regression::CompliantContactRule rule;
    rule.contacts = in.count("contacts") ? int(in.at("contacts")) : 1;
    rule.grouserHeight = in.count("grouser_height") ? in.at("grouser_height") : 0.0;
    out["drawbar_pull"] = out["drawbar_pull_coefficient"].get<double>() * in.at("Fz");
    out["stiffness"] = regression::SinkageModel(sinkage, rule).stiffness(slip, in.at("Fz"));
  }
  return out;
}

json predictBekker(const json& file, const PredictInputs& in) {
  checkNames(in, {"slip", "load", "radius", "width"}, "bekker");
  BekkerModelFile m = bekkerModelFromJson(file);
  if (in.count("radius")) m.wheel.radius = in.at("radius");
  if (in.count("width")) m.wheel.width = in.at("width");
  const double load = required(in, "load", "bekker");
  const bekker::WheelForces f = bekker::solveSinkage(m.soil, m.shape, m.wheel, load, required(in, "slip", "bekker"));
  return {{"sinkage", f.sinkage},
          {"drawbar_pull", f.drawbarPull},
          {"torque", f.torque},
          {"drawbar_pull_coefficient", f.drawbarPull / load},
          {"torque_coefficient", f.torque / (load * m.wheel.radius)},
          {"entry_angle", f.entryAngle}};
}

}  // namespace

json predict(const json& model, const PredictInputs& inputs) {
  const std::string kind = model.is_object() ? model.value("model", "") : "";
  try {
    if (kind == "rft") return predictRft(model, inputs);
    if (kind == "regression") return predictRegression(model, inputs);
    if (kind == "bekker") return predictBekker(model, inputs);
  } catch (const json::exception& e) {
    throw CalibrationError(std::string("a malformed ") + kind + " model file: " + e.what());
  }
  throw CalibrationError("not a model file of `regolith fit` (\"model\": rft, regression or bekker)");
}

PredictInputs parsePredictInputs(const std::vector<std::string>& args) {
  PredictInputs in;
  for (const std::string& a : args) {
    const std::size_t eq = a.find('=');
    if (eq == std::string::npos || eq == 0) throw CalibrationError(a + ": expected NAME=VALUE");
    try {
      std::size_t used = 0;
      const double v = std::stod(a.substr(eq + 1), &used);
      if (used != a.size() - eq - 1 || !std::isfinite(v)) throw std::invalid_argument("");
      in[a.substr(0, eq)] = v;
    } catch (const std::exception&) {
      throw CalibrationError(a + ": the value is not a finite number");
    }
  }
  return in;
}

}  // namespace regolith::calibrate
