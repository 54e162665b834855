// A model file evaluated for one set of NAME=VALUE inputs (`regolith predict`).
#include "calibrate/predict.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <utility>
#include <vector>

#include "calibrate/fit_bekker.h"
#include "calibrate/fit_json.h"
#include "calibrate/fit_regression.h"
#include "calibrate/fit_rft.h"
#include "calibrate/run_set.h"

namespace regolith::calibrate {
namespace {

using nlohmann::json;

// One input a model takes: its name on the command line, its unit, and the key of the
// file's "runs" entries that holds the training value ("" where runs do not carry it).
struct InputSpec {
  std::string name, unit, runKey;
};

using InputSpecs = std::vector<InputSpec>;

void checkNames(const PredictInputs& in, const InputSpecs& known, const std::string& model) {
  for (const auto& [name, value] : in) {
    const bool ok = std::any_of(known.begin(), known.end(), [&](const InputSpec& k) { return k.name == name; });
    if (ok) continue;
    std::string list;
    for (const InputSpec& k : known) list += " " + k.name;
    // Version 0.1's Bekker input, renamed so that a load has one name in every model.
    const std::string hint = name == "load" ? " (load is called Fz since version 0.2)" : "";
    throw CalibrationError("input " + name + ": a " + model + " model takes" + list + hint);
  }
}

double required(const PredictInputs& in, const std::string& name, const std::string& model) {
  const auto it = in.find(name);
  if (it == in.end()) throw CalibrationError("a " + model + " model needs the input " + name + "=VALUE");
  return it->second;
}

std::string numberText(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

// How far past the span of the training runs an input is still inside it, relative to the
// span's size or its largest value (whichever is larger). An input is the runs' value as a
// user types it, rounded: four significant digits are within 5e-4 of it (Fz = 0.1177 N for
// a load of 0.11772 N), and the metrics of replicate DEM runs scatter by more than 0.1 %,
// so 1e-3 admits those and nothing the data does not cover (Fz = 0.97 N against 0.981 N,
// 1.1 % below, is refused).
constexpr double kSpanTolerance = 1e-3;

// Refuses an input outside the span of the model's training runs (a polynomial or a
// calibrated soil says nothing there), unless `extrapolate`; returns the names that were
// outside. The span gets the margin above. Files without runs (written by hand) have no
// span.
json checkTrainingSpan(const json& file, const PredictInputs& in, const InputSpecs& specs, bool extrapolate) {
  json outside = json::array();
  if (!file.contains("runs") || !file["runs"].is_array()) return outside;
  for (const InputSpec& spec : specs) {
    const auto given = in.find(spec.name);
    if (spec.runKey.empty() || given == in.end()) continue;
    double lo = INFINITY, hi = -INFINITY;
    for (const json& run : file["runs"])
      if (run.value("role", "training") == "training" && run.contains(spec.runKey) && run[spec.runKey].is_number())
        lo = std::min(lo, run[spec.runKey].get<double>()), hi = std::max(hi, run[spec.runKey].get<double>());
    if (lo > hi) continue;
    const double margin = kSpanTolerance * std::max({hi - lo, std::fabs(lo), std::fabs(hi)});
    if (given->second >= lo - margin && given->second <= hi + margin) continue;
    if (!extrapolate)
      throw CalibrationError(spec.name + " = " + numberText(given->second) + (spec.unit == "1" ? "" : " " + spec.unit) +
                             " is outside this model's training runs (" + numberText(lo) + " to " + numberText(hi) +
                             (spec.unit == "1" ? "" : " " + spec.unit) +
                             "): a fitted model says nothing there. Give --extrapolate to evaluate it anyway");
    outside.push_back(spec.name);
  }
  return outside;
}

// The outputs' units, for the printout and the JSON's "units".
const std::map<std::string, std::string>& outputUnits() {
  static const std::map<std::string, std::string> units = {{"alpha_z", "N/m^3"},
                                                           {"alpha_x", "N/m^3"},
                                                           {"stress_per_depth_z", "N/m^3"},
                                                           {"stress_per_depth_x", "N/m^3"},
                                                           {"force_z", "N"},
                                                           {"force_x", "N"},
                                                           {"z", "m"},
                                                           {"sinkage", "m"},
                                                           {"drawbar_pull", "N"},
                                                           {"drawbar_pull_coefficient", "1"},
                                                           {"torque", "N m"},
                                                           {"torque_coefficient", "1"},
                                                           {"stiffness", "N/m"},
                                                           {"entry_angle", "rad"}};
  return units;
}

const InputSpecs kRftInputs = {
    {"beta_deg", "deg", "beta_deg"}, {"gamma_deg", "deg", "gamma_deg"}, {"depth", "m", ""}, {"area", "m^2", ""}};
const InputSpecs kRegressionInputs = {
    {"slip", "1", "slip"}, {"Fz", "N", "Fz"}, {"contacts", "1", ""}, {"grouser_height", "m", ""}};
const InputSpecs kBekkerInputs = {
    {"slip", "1", "slip"}, {"Fz", "N", "load"}, {"radius", "m", "radius"}, {"width", "m", "width"}};

json predictRft(const json& file, const PredictInputs& in) {
  checkNames(in, kRftInputs, "rft");
  const RftModelFile m = rftModelFromJson(file);
  const double b = required(in, "beta_deg", "rft") * M_PI / 180, g = required(in, "gamma_deg", "rft") * M_PI / 180;
  const double az = m.zeta * rft::alphaZ(m.coefficients, b, g), ax = m.zeta * rft::alphaX(m.coefficients, b, g);
  json out = {{"alpha_z", az}, {"alpha_x", ax}, {"stress_per_depth_z", az}, {"stress_per_depth_x", -ax}};
  if (in.count("depth") && in.count("area")) {
    const double scale = std::fabs(in.at("depth")) * in.at("area");
    out["force_z"] = az * scale;   // N, up
    out["force_x"] = -ax * scale;  // N, along the stroke's horizontal part (metrics' x)
  }
  return out;
}

json predictRegression(const json& file, const PredictInputs& in) {
  checkNames(in, kRegressionInputs, "regression");
  const json& models = file.at("models");
  const double slip = required(in, "slip", "regression");
  const regression::LinearModel sinkage = linearModelFromJson(models.at("sinkage"));
  bool usesLoad = false;
  for (const std::vector<int>& t : sinkage.basis().terms()) usesLoad = usesLoad || t[1] != 0;
  if (usesLoad && !in.count("Fz"))
    throw CalibrationError("this sinkage regression depends on the load: give Fz=VALUE (N)");
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
  checkNames(in, kBekkerInputs, "bekker");
  BekkerModelFile m = bekkerModelFromJson(file);
  if (in.count("radius")) m.wheel.radius = in.at("radius");
  if (in.count("width")) m.wheel.width = in.at("width");
  const double load = required(in, "Fz", "bekker");
  const bekker::WheelForces f = bekker::solveSinkage(m.soil, m.shape, m.wheel, load, required(in, "slip", "bekker"));
  return {{"sinkage", f.sinkage},
          {"drawbar_pull", f.drawbarPull},
          {"torque", f.torque},
          {"drawbar_pull_coefficient", f.drawbarPull / load},
          {"torque_coefficient", f.torque / (load * m.wheel.radius)},
          {"entry_angle", f.entryAngle}};
}

}  // namespace

json predict(const json& model, const PredictInputs& inputs, bool extrapolate) {
  checkModelFormat(model, "");
  const std::string kind = model.is_object() ? model.value("model", "") : "";
  // Each kind: the inputs whose span is checked and its evaluation. RFT's angles are
  // checked only where the coefficients were fitted from the runs; the generic ones cover
  // every angle. The span is checked before a model is evaluated, so a wild input meets
  // this message rather than the solver's.
  using Evaluate = json (*)(const json&, const PredictInputs&);
  const bool rftFitted = kind == "rft" && model.value("coefficients_source", "") == "fitted";
  const std::map<std::string, std::pair<InputSpecs, Evaluate>> kinds = {
      {"rft", {rftFitted ? kRftInputs : InputSpecs{}, predictRft}},
      {"regression", {kRegressionInputs, predictRegression}},
      {"bekker", {kBekkerInputs, predictBekker}}};
  const auto it = kinds.find(kind);
  if (it == kinds.end())
    throw CalibrationError("not a model file of `regolith fit` (\"model\": rft, regression or bekker)");
  json out;
  try {
    const json outside = checkTrainingSpan(model, inputs, it->second.first, extrapolate);
    out = it->second.second(model, inputs);
    out["extrapolated"] = outside;
  } catch (const json::exception& e) {
    throw CalibrationError(std::string("a malformed ") + kind + " model file: " + e.what());
  }
  json units = json::object();
  for (const auto& [name, value] : out.items())
    if (outputUnits().count(name)) units[name] = outputUnits().at(name);
  out["units"] = units;
  return out;
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
