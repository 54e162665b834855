// Slip and sinkage regressions fitted to single-wheel runs, with their held-out errors.
#include "calibrate/fit_regression.h"

#include <Eigen/QR>
#include <cmath>
#include <set>

#include "calibrate/fit_json.h"

namespace regolith::calibrate {
namespace {

using nlohmann::json;
using regression::FitReport;
using regression::LinearModel;
using regression::PolynomialBasis;

struct WheelRun {
  double slip = 0, load = 0, z = 0, drawbarPullCoefficient = 0, torqueCoefficient = 0;
};

WheelRun wheelRunOf(const CalibrationRun& run) {
  return {metricValue(run, "slip"), metricValue(run, "weight"), -metricValue(run, "sinkage"),
          metricValue(run, "drawbar_pull_coefficient"), metricValue(run, "torque_coefficient")};
}

// Terms slip^i Fz^j of total degree <= degree; without Fz only the powers of slip.
PolynomialBasis basisOf(int degree, bool withLoad) {
  std::vector<std::vector<int>> terms;
  for (int total = 0; total <= degree; ++total) {
    if (!withLoad) {
      terms.push_back({total, 0});
      continue;
    }
    for (int j = 0; j <= total; ++j) terms.push_back({total - j, j});  // slip's powers first
  }
  return PolynomialBasis({"slip", "Fz"}, terms);
}

std::vector<double> toStd(const Eigen::VectorXd& v) { return {v.data(), v.data() + v.size()}; }

// As many rows as terms: the interpolating coefficients, with no residual to estimate
// their spread from (covariance NaN, written null).
FitReport exactFit(const Eigen::MatrixXd& A, const Eigen::VectorXd& y, std::vector<std::string> names) {
  const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(A);
  if (qr.rank() < A.cols()) throw std::invalid_argument("design matrix is rank deficient");
  FitReport r;
  r.names = std::move(names);
  r.estimates = qr.solve(y);
  r.covariance = Eigen::MatrixXd::Constant(A.cols(), A.cols(), NAN);
  r.residualVariance = NAN;
  r.rSquared = 1;
  r.rmse = 0;
  r.samples = static_cast<std::size_t>(A.rows());
  r.degreesOfFreedom = 0;
  return r;
}

// Fits y over the training rows at the highest degree the data determine.
json fitTarget(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, const std::vector<std::size_t>& training,
               const std::vector<std::size_t>& heldOut, int degree, bool withLoad) {
  const Eigen::Index n = static_cast<Eigen::Index>(training.size());
  Eigen::MatrixXd Xt(n, 2);
  Eigen::VectorXd yt(n);
  for (Eigen::Index r = 0; r < n; ++r)
    Xt.row(r) = X.row(Eigen::Index(training[r])), yt[r] = y[Eigen::Index(training[r])];
  for (int d = degree; d >= 0; --d) {
    const PolynomialBasis basis = basisOf(d, withLoad);
    const Eigen::Index p = static_cast<Eigen::Index>(basis.termCount());
    if (p > n) continue;
    const Eigen::MatrixXd A = basis.design(Xt);
    FitReport report;
    try {
      report = p < n ? regression::fitLinear(A, yt, basis.termNames()) : exactFit(A, yt, basis.termNames());
    } catch (const std::invalid_argument&) {
      continue;  // rank deficient at this degree (too few distinct slips or loads): lower it
    }
    const LinearModel model(basis, report.estimates);
    double ss = 0;
    for (std::size_t i : heldOut)
      ss += std::pow(model.predict(Eigen::VectorXd(X.row(Eigen::Index(i)).transpose())) - y[Eigen::Index(i)], 2);
    json j = {{"variables", basis.variables()},
              {"terms", basis.terms()},
              {"term_names", basis.termNames()},
              {"coefficients", toStd(report.estimates)},
              {"degree", d},
              {"fit", fitReportJson(report)},
              {"held_out_rmse", number(heldOut.empty() ? NAN : std::sqrt(ss / double(heldOut.size())))}};
    if (d < degree)
      j["note"] = "degree lowered from " + std::to_string(degree) + ": the training runs do not determine more terms";
    if (p == n) j["note"] = "exactly determined (as many runs as terms): no error estimate";
    return j;
  }
  throw CalibrationError("the " + std::to_string(n) + " training run(s) determine no polynomial");
}

}  // namespace

json fitRegression(const std::vector<CalibrationRun>& runs, const RegressionFitOptions& options) {
  if (options.degree < 0 || options.degree > 6) throw CalibrationError("--degree: expected 0 to 6");
  std::vector<WheelRun> data;
  for (const CalibrationRun& r : runs) data.push_back(wheelRunOf(r));
  Split split = splitRuns(runs, options.holdout, std::vector<bool>(runs.size(), true));
  // A line needs two training runs; with fewer after the split, train on all of them.
  if (split.training.size() < 2 && !split.heldOut.empty()) {
    split.note = "only " + std::to_string(split.training.size()) + " training run(s) left by the rule: none held out";
    split.training.insert(split.training.end(), split.heldOut.begin(), split.heldOut.end());
    split.heldOut.clear();
  }
  const Eigen::Index n = static_cast<Eigen::Index>(runs.size());
  Eigen::MatrixXd X(n, 2);
  Eigen::VectorXd z(n), dp(n), t(n);
  std::set<double> loads;
  for (Eigen::Index i = 0; i < n; ++i) {
    const WheelRun& w = data[std::size_t(i)];
    X(i, 0) = w.slip, X(i, 1) = w.load;
    z[i] = w.z, dp[i] = w.drawbarPullCoefficient, t[i] = w.torqueCoefficient;
    loads.insert(w.load);
  }
  // Fz enters the sinkage only when the runs carry different loads (1e-9 relative: the
  // weight m|g| is written exactly, so equal loads compare equal).
  const bool loadVaries = *loads.rbegin() - *loads.begin() > 1e-9 * std::fabs(*loads.rbegin());

  json out = {{"model", "regression"}, {"format", 1}};
  json models = json::object();
  models["sinkage"] = fitTarget(X, z, split.training, split.heldOut, options.degree, loadVaries);
  models["sinkage"]["target"] = "z = -sinkage [m], negative below the undisturbed surface (compliant_sinkage.h)";
  models["sinkage"]["unit"] = "m";
  models["drawbar_pull_coefficient"] = fitTarget(X, dp, split.training, split.heldOut, options.degree, false);
  models["drawbar_pull_coefficient"]["target"] = "DP / W";
  models["drawbar_pull_coefficient"]["unit"] = "1";
  models["torque_coefficient"] = fitTarget(X, t, split.training, split.heldOut, options.degree, false);
  models["torque_coefficient"]["target"] = "T / (W R)";
  models["torque_coefficient"]["unit"] = "1";
  out["models"] = models;
  out["variables"] = {{"slip", "measured slip ratio (metrics slip)"},
                      {"Fz", "the wheel's load W = m|g| [N] (metrics weight)"}};
  out["holdout"] = splitJson(runs, split);
  std::vector<std::string> role(runs.size(), "training");
  for (std::size_t i : split.heldOut) role[i] = "held_out";
  json list = json::array();
  for (std::size_t i = 0; i < runs.size(); ++i)
    list.push_back({{"name", runs[i].name},
                    {"path", runs[i].path},
                    {"role", role[i]},
                    {"slip", data[i].slip},
                    {"Fz", data[i].load},
                    {"sinkage", -data[i].z},
                    {"drawbar_pull_coefficient", data[i].drawbarPullCoefficient},
                    {"torque_coefficient", data[i].torqueCoefficient},
                    {"radius", parameterValue(runs[i], "radius")}});
  out["runs"] = list;
  return out;
}

LinearModel linearModelFromJson(const json& entry) {
  const PolynomialBasis basis(entry.at("variables").get<std::vector<std::string>>(),
                              entry.at("terms").get<std::vector<std::vector<int>>>());
  return LinearModel(basis, vectorFromJson(entry.at("coefficients")));
}

}  // namespace regolith::calibrate
