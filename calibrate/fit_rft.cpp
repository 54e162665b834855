// 3D RFT's zeta and Fourier coefficients fitted to plate-intrusion runs.
#include "calibrate/fit_rft.h"

#include <cmath>
#include <set>
#include <utility>

#include "calibrate/fit_json.h"
#include "models/regression/linear_least_squares.h"

namespace regolith::calibrate {
namespace {

using nlohmann::json;
constexpr double kDegree = M_PI / 180;
// Angles within this of each other [deg] are the same grid point (scene files give whole
// or decimal degrees; the study echoes them back unchanged).
constexpr double kAngleToleranceDeg = 1e-6;

struct GridPoint {
  double betaDeg = 0, gammaDeg = 0;
  double sigmaZ = 0, sigmaX = 0;  // N/m^3, the scene's convention
  std::string sourceZ, sourceX;   // "stress_per_depth" or "mean_alpha"
  bool zetaRun = false;
};

// The slope when there is one, else the window's mean F/(depth A).
double stressOf(const CalibrationRun& run, const char* axis, std::string& source) {
  const std::string slope = std::string("stress_per_depth_") + axis;
  const double v = metricOrNaN(run, slope);
  if (std::isfinite(v)) {
    source = slope;
    return v;
  }
  source = std::string("mean_alpha_") + axis;
  return metricValue(run, source);
}

GridPoint gridPointOf(const CalibrationRun& run) {
  GridPoint p;
  p.betaDeg = parameterValue(run, "beta_deg");
  p.gammaDeg = parameterValue(run, "gamma_deg");
  p.zetaRun = std::fabs(p.betaDeg) < kAngleToleranceDeg && std::fabs(p.gammaDeg - 90) < kAngleToleranceDeg;
  if (p.zetaRun) {
    p.sigmaZ = metricValue(run, "stress_per_depth_z");  // zeta is the slope, never a mean
    p.sourceZ = "stress_per_depth_z";
  } else {
    p.sigmaZ = stressOf(run, "z", p.sourceZ);
  }
  p.sigmaX = stressOf(run, "x", p.sourceX);
  return p;
}

Eigen::RowVectorXd alphaZTerms(double b, double g) {
  Eigen::RowVectorXd r(5);
  r << 1, std::cos(2 * b), std::sin(2 * b + g), std::sin(g), std::sin(g - 2 * b);
  return r;
}

Eigen::RowVectorXd alphaXTerms(double b, double g) {
  Eigen::RowVectorXd r(4);
  r << std::cos(2 * b + g), std::cos(g), std::cos(g - 2 * b), std::sin(2 * b);
  return r;
}

std::size_t distinctPairs(const std::vector<GridPoint>& points, const std::vector<std::size_t>& rows) {
  std::set<std::pair<long long, long long>> pairs;
  for (std::size_t i : rows)
    pairs.insert(
        {std::llround(points[i].betaDeg / kAngleToleranceDeg), std::llround(points[i].gammaDeg / kAngleToleranceDeg)});
  return pairs.size();
}

json zetaJson(const std::vector<CalibrationRun>& runs, const std::vector<GridPoint>& points, double& zeta) {
  std::vector<double> values;
  json names = json::array();
  for (std::size_t i = 0; i < runs.size(); ++i)
    if (points[i].zetaRun) values.push_back(points[i].sigmaZ), names.push_back(runs[i].name);
  if (values.empty())
    throw CalibrationError("no horizontal plate pushed straight down (beta_deg 0, gamma_deg 90) among the " +
                           std::to_string(runs.size()) + " runs: zeta is its stress per depth");
  double sum = 0;
  for (double v : values) sum += v;
  zeta = sum / double(values.size());
  if (!(zeta > 0))
    throw CalibrationError("zeta = " + std::to_string(zeta) + " N/m^3 from the vertical-push runs: expected > 0");
  double ss = 0;
  for (double v : values) ss += (v - zeta) * (v - zeta);
  const double sd = values.size() > 1 ? std::sqrt(ss / double(values.size() - 1)) : NAN;
  return {{"value", zeta},
          {"unit", "N/m^3"},
          {"value_n_per_cm3", rft::zetaToNPerCm3(zeta)},
          {"std", number(sd)},
          {"standard_error", number(sd / std::sqrt(double(values.size())))},
          {"runs", names},
          {"rule", "mean stress_per_depth_z of the beta = 0, gamma = 90 deg runs (std over runs; null for one run)"}};
}

}  // namespace

json fitRft(const std::vector<CalibrationRun>& runs, const RftFitOptions& options) {
  std::vector<GridPoint> points;
  for (const CalibrationRun& r : runs) points.push_back(gridPointOf(r));
  double zeta = 0;
  json out = {{"model", "rft"}, {"format", 1}};
  out["zeta"] = zetaJson(runs, points, zeta);

  std::vector<bool> eligible;
  for (const GridPoint& p : points) eligible.push_back(!p.zetaRun);
  const Split split = splitRuns(runs, options.holdout, eligible);

  rft::FourierCoefficients k = rft::FourierCoefficients::generic();
  const std::size_t pairs = distinctPairs(points, split.training);
  std::string note;
  if (pairs < kMinimumPairs) {
    note = "only " + std::to_string(pairs) + " distinct (beta, gamma) pair(s) in training (" +
           std::to_string(kMinimumPairs) +
           " needed for the nine coefficients): zeta fitted alone, "
           "the generic coefficients of Li, Zhang & Goldman 2013 kept";
  } else {
    const Eigen::Index n = static_cast<Eigen::Index>(split.training.size());
    Eigen::MatrixXd Az(n, 5), Ax(n, 4);
    Eigen::VectorXd yz(n), yx(n);
    for (Eigen::Index r = 0; r < n; ++r) {
      const GridPoint& p = points[split.training[static_cast<std::size_t>(r)]];
      Az.row(r) = alphaZTerms(p.betaDeg * kDegree, p.gammaDeg * kDegree);
      Ax.row(r) = alphaXTerms(p.betaDeg * kDegree, p.gammaDeg * kDegree);
      yz[r] = p.sigmaZ / zeta;
      yx[r] = -p.sigmaX / zeta;
    }
    const std::vector<std::string>& all = rft::FourierCoefficients::names();
    try {
      const regression::FitReport fz = regression::fitLinear(Az, yz, {all.begin(), all.begin() + 5});
      const regression::FitReport fx = regression::fitLinear(Ax, yx, {all.begin() + 5, all.end()});
      Eigen::VectorXd v(9);
      v << fz.estimates, fx.estimates;
      k = rft::FourierCoefficients::fromVector(v);
      out["coefficient_fit"] = {{"alpha_z", fitReportJson(fz)}, {"alpha_x", fitReportJson(fx)}};
    } catch (const std::invalid_argument& e) {
      note = std::string("the training grid does not determine the coefficients (") + e.what() +
             "): zeta fitted alone, the generic coefficients of Li, Zhang & Goldman 2013 kept";
    }
  }
  out["coefficients_source"] = note.empty() ? "fitted" : "generic";
  if (!note.empty()) out["coefficients_note"] = note;
  json coefficients = json::object();
  const Eigen::VectorXd kv = k.toVector();
  for (int i = 0; i < rft::FourierCoefficients::kCount; ++i) coefficients[rft::FourierCoefficients::names()[i]] = kv[i];
  out["coefficients"] = coefficients;

  // Held-out error of the whole model, zeta alpha, in the metrics' convention.
  json holdout = splitJson(runs, split);
  double ssz = 0, ssx = 0;
  for (std::size_t i : split.heldOut) {
    const double b = points[i].betaDeg * kDegree, g = points[i].gammaDeg * kDegree;
    ssz += std::pow(zeta * rft::alphaZ(k, b, g) - points[i].sigmaZ, 2);
    ssx += std::pow(-zeta * rft::alphaX(k, b, g) - points[i].sigmaX, 2);
  }
  const double m = double(split.heldOut.size());
  holdout["rmse_stress_per_depth_z"] = number(m > 0 ? std::sqrt(ssz / m) : NAN);
  holdout["rmse_stress_per_depth_x"] = number(m > 0 ? std::sqrt(ssx / m) : NAN);
  holdout["unit"] = "N/m^3";
  out["holdout"] = holdout;

  json list = json::array();
  std::vector<std::string> role(runs.size(), "training");
  for (std::size_t i : split.heldOut) role[i] = "held_out";
  for (std::size_t i = 0; i < runs.size(); ++i)
    list.push_back({{"name", runs[i].name},
                    {"path", runs[i].path},
                    {"role", points[i].zetaRun ? "training (zeta)" : role[i]},
                    {"beta_deg", points[i].betaDeg},
                    {"gamma_deg", points[i].gammaDeg},
                    {"stress_z", points[i].sigmaZ},
                    {"stress_z_from", points[i].sourceZ},
                    {"stress_x", points[i].sigmaX},
                    {"stress_x_from", points[i].sourceX}});
  out["runs"] = list;
  out["convention"] =
      "stress_per_depth_z = zeta alpha_Z(beta, gamma), stress_per_depth_x = -zeta alpha_X(beta, gamma), "
      "beta and gamma the plate_intrusion scene's signed angles (models/rft/rft_coefficients.h; "
      "scenes/plate_intrusion/README.md)";
  return out;
}

RftModelFile rftModelFromJson(const json& model) {
  checkModelFormat(model, "");
  if (model.value("model", "") != "rft") throw CalibrationError("not an rft model file (\"model\": \"rft\")");
  RftModelFile f;
  f.zeta = model.at("zeta").at("value").get<double>();
  Eigen::VectorXd v(rft::FourierCoefficients::kCount);
  for (int i = 0; i < rft::FourierCoefficients::kCount; ++i)
    v[i] = model.at("coefficients").at(rft::FourierCoefficients::names()[i]).get<double>();
  f.coefficients = rft::FourierCoefficients::fromVector(v);
  return f;
}

}  // namespace regolith::calibrate
