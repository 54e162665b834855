// Bekker-Wong soil parameters fitted to single-wheel runs through models/bekker's rigid wheel.
#include "calibrate/fit_bekker.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "calibrate/fit_json.h"

namespace regolith::calibrate {
namespace {

using bekker::SoilParameters;
using nlohmann::json;

struct BekkerRun {
  double slip = 0, load = 0, radius = 0, width = 0;
  double drawbarPullCoefficient = 0, torqueCoefficient = 0, sinkage = 0;
};

// How one soil parameter is fitted: on a log scale (positive, spanning decades) or as is,
// inside bounds wide enough for any granular soil in Wong's tables.
struct FreeParameter {
  int index = 0;  // in SoilParameters::names()
  bool logScale = false;
  double lower = 0, upper = 0;  // of the internal (possibly log) value
};

FreeParameter freeParameter(const std::string& name) {
  const std::vector<std::string>& names = SoilParameters::names();
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) throw CalibrationError("--fit " + name + ": expected one of kc kphi n c phi K");
  const int i = int(it - names.begin());
  if (name == "kphi") return {i, true, std::log(1e2), std::log(1e10)};
  if (name == "K") return {i, true, std::log(1e-6), std::log(1.0)};
  if (name == "kc") return {i, false, 0, 1e9};
  if (name == "n") return {i, false, 0.2, 2.5};
  if (name == "c") return {i, false, 0, 1e6};
  return {i, false, 0, 1.2};  // phi [rad], up to 69 degrees
}

SoilParameters startingSoil(const BekkerFitOptions& o) {
  SoilParameters soil;
  try {
    soil = bekker::soilPreset(o.preset).soil;
  } catch (const std::invalid_argument& e) {
    throw CalibrationError(std::string("--preset: ") + e.what());
  }
  Eigen::VectorXd v = soil.toVector();
  const std::vector<std::string>& names = SoilParameters::names();
  for (const auto& [name, value] : o.fixed) {
    if (name == "phi_deg") {
      v[4] = value * M_PI / 180;
      continue;
    }
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) throw CalibrationError("--fix " + name + ": expected one of kc kphi n c phi phi_deg K");
    v[it - names.begin()] = value;
  }
  try {
    return SoilParameters::fromVector(v);
  } catch (const std::invalid_argument& e) {
    throw CalibrationError(std::string("--fix: ") + e.what());
  }
}

// The three dimensionless outputs of one run, or NaN where no sinkage carries the load.
struct Outputs {
  double v[3];
};

class WheelEvaluator {
 public:
  WheelEvaluator(std::vector<BekkerRun> runs, SoilParameters base, std::vector<FreeParameter> free,
                 bekker::StressShape shape)
      : m_runs(std::move(runs)), m_base(base), m_free(std::move(free)), m_shape(shape) {}

  SoilParameters soilAt(const Eigen::VectorXd& q) const {
    Eigen::VectorXd v = m_base.toVector();
    for (std::size_t k = 0; k < m_free.size(); ++k)
      v[m_free[k].index] = m_free[k].logScale ? std::exp(q[Eigen::Index(k)]) : q[Eigen::Index(k)];
    return SoilParameters::fromVector(v);
  }

  Outputs outputs(const Eigen::VectorXd& q, std::size_t run) {
    // The Jacobian and the cost ask for the three outputs of a run at the same q: one
    // sinkage solve serves them.
    std::vector<double> key(q.data(), q.data() + q.size());
    key.push_back(double(run));
    const auto hit = m_cache.find(key);
    if (hit != m_cache.end()) return hit->second;
    if (m_cache.size() > 4096) m_cache.clear();
    Outputs o{{NAN, NAN, NAN}};
    const BekkerRun& r = m_runs[run];
    try {
      const bekker::WheelForces f = bekker::solveSinkage(soilAt(q), m_shape, bekker::Wheel{r.radius, r.width}, r.load,
                                                         r.slip);
      o = {{f.drawbarPull / r.load, f.torque / (r.load * r.radius), f.sinkage / r.radius}};
    } catch (const std::exception&) {
      // no sinkage carries the load (or parameters outside the model's range): the
      // step that led here is rejected
    }
    m_cache.emplace(std::move(key), o);
    return o;
  }

 private:
  std::vector<BekkerRun> m_runs;
  SoilParameters m_base;
  std::vector<FreeParameter> m_free;
  bekker::StressShape m_shape;
  std::map<std::vector<double>, Outputs> m_cache;
};

const char* const kOutputNames[3] = {"drawbar_pull_coefficient", "torque_coefficient", "sinkage_over_radius"};

double target(const BekkerRun& r, int output) {
  return output == 0 ? r.drawbarPullCoefficient : output == 1 ? r.torqueCoefficient : r.sinkage / r.radius;
}

// RMSE per output over the given runs (NaN for none).
json outputRmse(WheelEvaluator& eval, const Eigen::VectorXd& q, const std::vector<BekkerRun>& runs,
                const std::vector<std::size_t>& which) {
  double ss[3] = {0, 0, 0}, ssSinkage = 0;
  for (std::size_t i : which) {
    const Outputs o = eval.outputs(q, i);
    for (int k = 0; k < 3; ++k) ss[k] += std::pow(o.v[k] - target(runs[i], k), 2);
    ssSinkage += std::pow((o.v[2] - target(runs[i], 2)) * runs[i].radius, 2);
  }
  const double m = double(which.size());
  const auto root = [m](double s) { return number(m > 0 ? std::sqrt(s / m) : NAN); };
  return {{"drawbar_pull_coefficient", root(ss[0])},
          {"torque_coefficient", root(ss[1])},
          {"sinkage_m", root(ssSinkage)},
          {"runs", which.size()}};
}

}  // namespace

json soilJson(const SoilParameters& s) {
  return {{"kc", s.kc},         {"kphi", s.kphi},         {"n", s.n},
          {"c", s.cohesion},    {"phi", s.frictionAngle}, {"phi_deg", s.frictionAngle * 180 / M_PI},
          {"K", s.shearModulus}};
}

SoilParameters soilFromJson(const json& s, const SoilParameters& base) {
  SoilParameters out = base;
  out.kc = s.value("kc", out.kc);
  out.kphi = s.value("kphi", out.kphi);
  out.n = s.value("n", out.n);
  out.cohesion = s.value("c", out.cohesion);
  // Degrees as the presets convert them (soil_parameters.cpp): phi_deg 28 is lll-dry-sand's.
  if (s.contains("phi")) out.frictionAngle = s.at("phi").get<double>();
  else if (s.contains("phi_deg")) out.frictionAngle = s.at("phi_deg").get<double>() * (M_PI / 180.0);
  out.shearModulus = s.value("K", out.shearModulus);
  out.validate();
  return out;
}

json fitBekker(const std::vector<CalibrationRun>& runs, const BekkerFitOptions& o) {
  std::vector<BekkerRun> data;
  for (const CalibrationRun& r : runs) {
    BekkerRun w;
    w.slip = metricValue(r, "slip");
    w.load = metricValue(r, "weight");
    w.radius = parameterValue(r, "radius");
    w.width = o.width > 0 ? o.width : parameterOr(r, "width", 0);
    if (!(w.width > 0))
      throw CalibrationError(r.path + ": the wheel's width is not in its metrics.json: give --width (m)");
    w.drawbarPullCoefficient = metricValue(r, "drawbar_pull_coefficient");
    w.torqueCoefficient = metricValue(r, "torque_coefficient");
    w.sinkage = metricValue(r, "sinkage");
    data.push_back(w);
  }
  std::vector<FreeParameter> free;
  std::vector<std::string> freeNames;
  for (const std::string& name : o.fitted) {
    if (std::find(freeNames.begin(), freeNames.end(), name) != freeNames.end()) continue;
    free.push_back(freeParameter(name));
    freeNames.push_back(name);
  }
  if (free.empty()) throw CalibrationError("--fit: no parameter to fit");
  const SoilParameters start = startingSoil(o);
  const std::size_t p = free.size();

  Split split = splitRuns(runs, o.holdout, std::vector<bool>(runs.size(), true));
  // Three outputs per run: the training set needs more than p of them.
  const auto enough = [p](std::size_t trainingRuns) { return 3 * trainingRuns > p; };
  if (!enough(split.training.size()) && !split.heldOut.empty()) {
    split.note = std::to_string(split.training.size()) + " training run(s) left by the rule give too few values for " +
                 std::to_string(p) + " parameters: none held out";
    split.training.insert(split.training.end(), split.heldOut.begin(), split.heldOut.end());
    split.heldOut.clear();
  }
  if (!enough(split.training.size()))
    throw CalibrationError(std::to_string(runs.size()) + " run(s) give " + std::to_string(3 * runs.size()) +
                           " values: too few for " + std::to_string(p) + " soil parameters (fit fewer: --fit)");

  WheelEvaluator eval(data, start, free, o.shape);
  regression::NonlinearModel model;
  model.parameterNames = freeNames;
  model.inputs = 2;  // (run index, output index)
  model.value = [&eval](const Eigen::VectorXd& q, const Eigen::VectorXd& x) {
    return eval.outputs(q, std::size_t(x[0])).v[int(x[1])];
  };
  const Eigen::Index rows = Eigen::Index(3 * split.training.size());
  Eigen::MatrixXd X(rows, 2);
  Eigen::VectorXd y(rows);
  for (std::size_t t = 0; t < split.training.size(); ++t)
    for (int k = 0; k < 3; ++k) {
      const Eigen::Index row = Eigen::Index(3 * t + std::size_t(k));
      X(row, 0) = double(split.training[t]);
      X(row, 1) = k;
      y[row] = target(data[split.training[t]], k);
    }
  Eigen::VectorXd q0(p);
  regression::Bounds bounds{Eigen::VectorXd(p), Eigen::VectorXd(p)};
  const Eigen::VectorXd startVector = start.toVector();
  for (std::size_t k = 0; k < p; ++k) {
    const double v = startVector[free[k].index];
    q0[Eigen::Index(k)] = free[k].logScale ? std::log(v) : v;
    bounds.lower[Eigen::Index(k)] = free[k].lower;
    bounds.upper[Eigen::Index(k)] = free[k].upper;
  }
  regression::NonlinearFit fit;
  try {
    fit = regression::fitNonlinear(model, X, y, q0, bounds, o.lm);
  } catch (const std::invalid_argument& e) {
    throw CalibrationError(std::string("bekker fit: ") + e.what() +
                           " (the starting soil may not carry a run's load: try another --preset or --fix)");
  }
  const SoilParameters soil = eval.soilAt(fit.estimates);

  json out = {{"model", "bekker"}, {"format", 1}};
  out["soil"] = soilJson(soil);
  out["units"] = {{"kc", "N/m^(n+1)"}, {"kphi", "N/m^(n+2)"}, {"n", "1"}, {"c", "Pa"}, {"phi", "rad"}, {"K", "m"}};
  out["fitted"] = freeNames;
  out["fixed_from"] = "preset " + o.preset + (o.fixed.empty() ? "" : " with --fix overrides");
  out["start"] = soilJson(start);
  out["shape"] = {{"a0", o.shape.a0}, {"a1", o.shape.a1}, {"rearRatio", o.shape.rearRatio}};
  out["wheel"] = {{"radius", data.front().radius}, {"width", data.front().width}};

  // Parameters in their own units: log-fitted ones by the delta rule (value x log error),
  // intervals as the exponentials of the log interval's ends.
  json params = json::array();
  const bool spread = fit.degreesOfFreedom > 0;
  for (std::size_t k = 0; k < p; ++k) {
    const Eigen::Index i = Eigen::Index(k);
    const double q = fit.estimates[i];
    const double se = spread ? std::sqrt(fit.covariance(i, i)) : NAN;
    json entry = {
        {"name", freeNames[k]}, {"value", free[k].logScale ? std::exp(q) : q}, {"at_bound", bool(fit.atBound[k])}};
    if (spread && std::isfinite(se)) {
      const regression::Interval ci = fit.confidenceInterval(k, 0.95);
      entry["standard_error"] = free[k].logScale ? std::exp(q) * se : se;
      entry["ci95"] = free[k].logScale ? json{std::exp(ci.lo), std::exp(ci.hi)} : json{ci.lo, ci.hi};
    } else {
      entry["standard_error"] = nullptr;
      entry["ci95"] = nullptr;
    }
    params.push_back(entry);
  }
  json internal = fitReportJson(fit);
  internal["scale"] = json::array();
  for (const FreeParameter& f : free) internal["scale"].push_back(f.logScale ? "log" : "linear");
  out["fit"] = {{"parameters", params},
                {"internal", internal},
                {"iterations", fit.iterations},
                {"converged", fit.converged},
                {"r_squared", number(fit.rSquared)},
                {"training_rmse", outputRmse(eval, fit.estimates, data, split.training)},
                {"targets", {kOutputNames[0], kOutputNames[1], kOutputNames[2]}}};
  json holdout = splitJson(runs, split);
  holdout["rmse"] = outputRmse(eval, fit.estimates, data, split.heldOut);
  out["holdout"] = holdout;

  std::vector<std::string> role(runs.size(), "training");
  for (std::size_t i : split.heldOut) role[i] = "held_out";
  json list = json::array();
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const Outputs m = eval.outputs(fit.estimates, i);
    list.push_back({{"name", runs[i].name},
                    {"path", runs[i].path},
                    {"role", role[i]},
                    {"slip", data[i].slip},
                    {"load", data[i].load},
                    {"radius", data[i].radius},
                    {"width", data[i].width},
                    {"measured", {data[i].drawbarPullCoefficient, data[i].torqueCoefficient, data[i].sinkage}},
                    {"model", {number(m.v[0]), number(m.v[1]), number(m.v[2] * data[i].radius)}}});
  }
  out["runs"] = list;
  out["runs_columns"] = "measured and model: DP/W, T/(W R), sinkage [m]";
  return out;
}

BekkerModelFile bekkerModelFromJson(const json& model) {
  checkModelFormat(model, "");
  if (model.value("model", "") != "bekker") throw CalibrationError("not a bekker model file (\"model\": \"bekker\")");
  BekkerModelFile f;
  const json& s = model.at("soil");
  for (const char* key : {"kc", "kphi", "n", "c", "K"}) (void)s.at(key);  // a model file states all six
  if (!s.contains("phi_deg")) (void)s.at("phi");
  f.soil = soilFromJson(s);
  const json& sh = model.at("shape");
  f.shape.a0 = sh.at("a0").get<double>();
  f.shape.a1 = sh.at("a1").get<double>();
  f.shape.rearRatio = sh.at("rearRatio").get<double>();
  f.wheel = {model.at("wheel").at("radius").get<double>(), model.at("wheel").at("width").get<double>()};
  return f;
}

}  // namespace regolith::calibrate
