// Calibration from single-wheel runs: the slip/sinkage regressions
// (calibrate/fit_regression.h) and the Bekker-Wong soil (calibrate/fit_bekker.h), each
// recovered from synthetic runs made from known values.
#include <cmath>
#include <Eigen/LU>
#include <random>

#include <gtest/gtest.h>

#include "calibrate/fit_bekker.h"
#include "calibrate/fit_regression.h"
#include "tests/support/calibration_support.h"
#include "tests/support/scratch_dir.h"

namespace regolith {
namespace {

using nlohmann::json;

void writeWheelRun(const std::filesystem::path& dir, const std::string& name, double slip, double load, double radius,
                   double sinkage, double dpCoefficient, double torqueCoefficient) {
  test::writeSyntheticRun(dir, name, "single_wheel", {{"slip", slip}, {"radius", radius}, {"mass", load / 9.81}},
                          {{"slip", slip},
                           {"weight", load},
                           {"vertical_force", load},
                           {"sinkage", sinkage},
                           {"drawbar_pull_coefficient", dpCoefficient},
                           {"torque_coefficient", torqueCoefficient}});
}

std::vector<calibrate::CalibrationRun> wheelRuns(const std::filesystem::path& dir, const char* command) {
  return calibrate::readRuns({dir.string()}, "single_wheel", command);
}

// Each estimate within 4 of its reported standard errors of the truth (a false failure
// about 6e-5 of the time per coefficient); and the reported errors what the noise sd and
// the training design give, sd sqrt((A^T A)^-1_ii), within 40 % (the residual s over 30
// dof has a relative spread of 1/sqrt(60) = 13 %: 40 % is beyond 3 of it), so that a fit
// reporting inflated errors could not pass the first check for the wrong reason.
void expectRecovered(const json& model, const char* name, const std::vector<double>& truth, double noiseSd) {
  const json& entry = model["models"][name];
  ASSERT_EQ(entry["coefficients"].size(), truth.size());
  std::vector<Eigen::RowVectorXd> rows;
  for (const json& run : model["runs"]) {
    if (run["role"] != "training") continue;
    Eigen::RowVectorXd row(entry["terms"].size());
    for (std::size_t k = 0; k < entry["terms"].size(); ++k)
      row[Eigen::Index(k)] = std::pow(run["slip"].get<double>(), entry["terms"][k][0].get<int>()) *
                             std::pow(run["Fz"].get<double>(), entry["terms"][k][1].get<int>());
    rows.push_back(row);
  }
  Eigen::MatrixXd A(rows.size(), truth.size());
  for (std::size_t r = 0; r < rows.size(); ++r) A.row(Eigen::Index(r)) = rows[r];
  const Eigen::MatrixXd inverse = (A.transpose() * A).inverse();
  for (std::size_t i = 0; i < truth.size(); ++i) {
    const double se = entry["fit"]["standard_errors"][i].get<double>();
    EXPECT_NEAR(entry["coefficients"][i].get<double>(), truth[i], 4 * se) << name << " " << entry["term_names"][i];
    const double expected = noiseSd * std::sqrt(inverse(Eigen::Index(i), Eigen::Index(i)));
    EXPECT_NEAR(se / expected, 1.0, 0.4) << name << " " << entry["term_names"][i];
  }
}

TEST(Calibration, RegressionRecoversSinkageAndPullPolynomials) {
  const std::filesystem::path dir = test::scratchDir("calibration_regression");
  // Truth, in the fit's term order: z over (1, slip, Fz, slip^2, slip Fz, Fz^2) [m, N];
  // DP/W and T/(WR) over (1, slip, slip^2).
  const std::vector<double> z = {-1e-3, -4e-3, -1.5e-3, -2e-3, -1e-3, 2e-4};
  const std::vector<double> dp = {-0.15, 0.9, -0.45};
  const std::vector<double> t = {0.08, 0.75, -0.25};
  const double zNoise = 5e-5, coefficientNoise = 0.005;  // sd: 0.05 mm and 0.005 of W
  std::mt19937 rng(8);
  std::normal_distribution<double> gauss(0, 1);
  int k = 0;
  for (double load : {0.5, 1.0, 1.5, 2.0})
    for (int i = 0; i < 12; ++i) {
      const double s = 0.05 + 0.065 * i;  // 0.05 to 0.765
      const double zTrue = z[0] + z[1] * s + z[2] * load + z[3] * s * s + z[4] * s * load + z[5] * load * load;
      char name[32];
      std::snprintf(name, sizeof name, "run_%02d", k++);
      writeWheelRun(dir, name, s, load, 0.01, -(zTrue + zNoise * gauss(rng)),
                    dp[0] + dp[1] * s + dp[2] * s * s + coefficientNoise * gauss(rng),
                    t[0] + t[1] * s + t[2] * s * s + coefficientNoise * gauss(rng));
    }
  const json model = calibrate::fitRegression(wheelRuns(dir, "fit regression"), {});
  const json& sinkage = model["models"]["sinkage"];
  EXPECT_EQ(sinkage["term_names"], json({"1", "slip", "Fz", "slip^2", "slip*Fz", "Fz^2"}));
  expectRecovered(model, "sinkage", z, zNoise);
  expectRecovered(model, "drawbar_pull_coefficient", dp, coefficientNoise);
  expectRecovered(model, "torque_coefficient", t, coefficientNoise);
  // 48 runs, every 4th held out: 12. Their RMSE is the noise and the prediction's own
  // error (sqrt(1 + p/n) of it, under 1.1); 0.4-1.9 of the noise is beyond 3 sd.
  EXPECT_EQ(model["holdout"]["held_out"].size(), 12u);
  const std::pair<const char*, double> noise[] = {
      {"sinkage", zNoise}, {"drawbar_pull_coefficient", coefficientNoise}, {"torque_coefficient", coefficientNoise}};
  for (const auto& [name, sd] : noise) {
    EXPECT_GT(model["models"][name]["held_out_rmse"].get<double>(), 0.4 * sd) << name;
    EXPECT_LT(model["models"][name]["held_out_rmse"].get<double>(), 1.9 * sd) << name;
  }
  // The fitted model predicts like the polynomial it stands for.
  const regression::LinearModel m = calibrate::linearModelFromJson(model["models"]["drawbar_pull_coefficient"]);
  Eigen::VectorXd x(2);
  x << 0.3, 1.0;
  EXPECT_NEAR(m.predict(x), dp[0] + dp[1] * 0.3 + dp[2] * 0.09, 4 * coefficientNoise);
}

TEST(Calibration, RegressionOnTwoRunsIsExactlyDeterminedAndHoldsNoneOut) {
  const std::filesystem::path dir = test::scratchDir("calibration_regression_two");
  writeWheelRun(dir, "slip_0.1", 0.1, 0.118, 0.01, 0.95e-3, -0.154, 0.100);
  writeWheelRun(dir, "slip_0.6", 0.6, 0.118, 0.01, 3.17e-3, 0.210, 0.544);
  const json model = calibrate::fitRegression(wheelRuns(dir, "fit regression"), {});
  EXPECT_TRUE(model["holdout"]["held_out"].empty());
  EXPECT_NE(model["holdout"]["note"].get<std::string>().find("too few runs"), std::string::npos);
  for (const char* name : {"sinkage", "drawbar_pull_coefficient", "torque_coefficient"}) {
    const json& e = model["models"][name];
    EXPECT_EQ(e["degree"], 1) << name;                        // lowered from 2: two slips determine a line
    EXPECT_EQ(e["term_names"], json({"1", "slip"})) << name;  // one load: no Fz term
    EXPECT_TRUE(e["fit"]["standard_errors"][0].is_null()) << name;
    EXPECT_TRUE(e["held_out_rmse"].is_null()) << name;
  }
  // A line through both points: DP/W slope (0.210 + 0.154) / 0.5.
  EXPECT_NEAR(model["models"]["drawbar_pull_coefficient"]["coefficients"][1].get<double>(), 0.728, 1e-12);
  EXPECT_NEAR(model["models"]["sinkage"]["coefficients"][1].get<double>(), -(3.17e-3 - 0.95e-3) / 0.5, 1e-15);
}

// Runs made by models/bekker itself: a rigid wheel on a known soil, its sinkage solved for
// each load and slip. Noise-free, so the fit must land on the soil up to its solver
// tolerances (bisection to 1e-12 r, LM to a 1e-12 relative step).
TEST(Calibration, BekkerRecoversTheSoilItsRunsWereMadeFrom) {
  const std::filesystem::path dir = test::scratchDir("calibration_bekker");
  bekker::SoilParameters soil = bekker::soilPreset("lll-dry-sand").soil;
  soil.kphi = 2.2e6, soil.n = 0.95, soil.frictionAngle = 33 * M_PI / 180, soil.shearModulus = 0.004;
  const bekker::Wheel wheel{0.1, 0.05};
  int k = 0;
  for (double load : {40.0, 80.0, 120.0})
    for (double slip : {0.1, 0.3, 0.5, 0.7}) {
      const bekker::WheelForces f = bekker::solveSinkage(soil, {}, wheel, load, slip);
      writeWheelRun(dir, "run_" + std::to_string(k++), slip, load, wheel.radius, f.sinkage, f.drawbarPull / load,
                    f.torque / (load * wheel.radius));
    }
  calibrate::BekkerFitOptions options;  // from the lll-dry-sand preset: kphi 1.53e6, n 1.1, phi 28 deg, K 0.01
  options.width = wheel.width;
  const json model = calibrate::fitBekker(wheelRuns(dir, "fit bekker"), options);
  ASSERT_TRUE(model["fit"]["converged"].get<bool>());
  const json& s = model["soil"];
  // 1e-6 relative: measured 1e-11 to 1e-13 (10 iterations); the margin is for other
  // compilers' rounding in the quadrature, not for a looser fit.
  EXPECT_NEAR(s["kphi"].get<double>(), soil.kphi, 1e-6 * soil.kphi);
  EXPECT_NEAR(s["n"].get<double>(), soil.n, 1e-6 * soil.n);
  EXPECT_NEAR(s["phi"].get<double>(), soil.frictionAngle, 1e-6 * soil.frictionAngle);
  EXPECT_NEAR(s["K"].get<double>(), soil.shearModulus, 1e-6 * soil.shearModulus);
  EXPECT_EQ(s["c"].get<double>(), soil.cohesion);  // fixed at the preset's
  // 12 runs: 3 held out, on which the recovered soil predicts the runs to solver precision.
  EXPECT_EQ(model["holdout"]["held_out"].size(), 3u);
  EXPECT_LT(model["holdout"]["rmse"]["drawbar_pull_coefficient"].get<double>(), 1e-6);
  EXPECT_LT(model["holdout"]["rmse"]["sinkage_m"].get<double>(), 1e-8);
  // The file loads back as the model that predicts.
  const calibrate::BekkerModelFile f = calibrate::bekkerModelFromJson(model);
  EXPECT_EQ(f.wheel.width, wheel.width);
  EXPECT_EQ(f.soil.kphi, s["kphi"].get<double>());
}

TEST(Calibration, BekkerNeedsTheWheelWidthAndEnoughValues) {
  const std::filesystem::path dir = test::scratchDir("calibration_bekker_errors");
  writeWheelRun(dir, "slip_0.1", 0.1, 0.118, 0.01, 0.95e-3, -0.154, 0.100);
  try {
    calibrate::fitBekker(wheelRuns(dir, "fit bekker"), {});
    FAIL() << "expected a CalibrationError";
  } catch (const calibrate::CalibrationError& e) {
    EXPECT_NE(std::string(e.what()).find("--width"), std::string::npos) << e.what();
  }
  calibrate::BekkerFitOptions options;
  options.width = 0.01;
  try {  // one run: three values for four parameters
    calibrate::fitBekker(wheelRuns(dir, "fit bekker"), options);
    FAIL() << "expected a CalibrationError";
  } catch (const calibrate::CalibrationError& e) {
    EXPECT_NE(std::string(e.what()).find("too few"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace regolith
