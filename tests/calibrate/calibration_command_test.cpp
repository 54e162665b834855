// `regolith fit` and `regolith predict` as a user runs them: exit status and messages for
// bad input, and predict's values against the C++ models evaluated directly.
#include <cmath>

#include <gtest/gtest.h>

#include "calibrate/fit_rft.h"
#include "tests/support/calibration_support.h"
#include "tests/support/child_process.h"
#include "models/bekker/rigid_wheel.h"
#include "models/regression/compliant_sinkage.h"
#include "models/rft/rft_model.h"
#include "tests/support/scratch_dir.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using test::kDeg;

json predicted(const fs::path& model, const std::vector<std::string>& inputs, const fs::path& dir) {
  std::vector<std::string> args = {"predict", model.string(), "--json"};
  args.insert(args.end(), inputs.begin(), inputs.end());
  const fs::path log = dir / "predict.log";
  EXPECT_EQ(test::runRegolith(args, log), 0) << test::readText(log);
  return json::parse(test::readText(log));
}

void writeIntrusion(const fs::path& dir, const std::string& name, double beta, double gamma, double sz, double sx) {
  test::writeSyntheticRun(
      dir, name, "plate_intrusion", {{"beta_deg", beta}, {"gamma_deg", gamma}},
      {{"stress_per_depth_z", sz}, {"stress_per_depth_x", sx}, {"mean_alpha_z", sz}, {"mean_alpha_x", sx}});
}

void writeWheel(const fs::path& dir, const std::string& name, double slip, double sinkage, double dp, double t) {
  test::writeSyntheticRun(dir, name, "single_wheel", {{"slip", slip}, {"radius", 0.01}},
                          {{"slip", slip},
                           {"weight", 0.118},
                           {"sinkage", sinkage},
                           {"drawbar_pull_coefficient", dp},
                           {"torque_coefficient", t}});
}

TEST(Calibration, FitRefusesFoldersWithoutMetricsAndRunsOfAnotherStudy) {
  const fs::path dir = test::scratchDir("calibration_errors");
  // A run folder that has not been through `regolith metrics`.
  fs::create_directories(dir / "bare");
  std::ofstream(dir / "bare" / "run.h5") << "";
  const fs::path log = dir / "fit.log";
  EXPECT_EQ(test::runRegolith({"fit", "rft", (dir / "bare").string(), "--out", (dir / "rft.json").string()}, log), 1);
  EXPECT_NE(test::readText(log).find("no metrics.json: run `regolith metrics"), std::string::npos)
      << test::readText(log);
  EXPECT_FALSE(fs::exists(dir / "rft.json"));

  // A single_wheel run given to the RFT fit.
  writeWheel(dir / "sweep", "slip_0.1", 0.1, 1e-3, -0.15, 0.1);
  EXPECT_EQ(test::runRegolith({"fit", "rft", (dir / "sweep").string(), "--out", (dir / "rft.json").string()}, log), 1);
  EXPECT_NE(test::readText(log).find("a single_wheel run: `regolith fit rft` needs plate_intrusion runs"),
            std::string::npos)
      << test::readText(log);

  // A missing value names the run and the metric.
  test::writeSyntheticRun(dir / "nulls", "slip_0.2", "single_wheel", {{"radius", 0.01}},
                          {{"slip", 0.2},
                           {"weight", 0.118},
                           {"sinkage", std::nan("")},
                           {"drawbar_pull_coefficient", 0.1},
                           {"torque_coefficient", 0.3}});
  EXPECT_EQ(
      test::runRegolith({"fit", "regression", (dir / "nulls").string(), "--out", (dir / "slip.json").string()}, log),
      1);
  EXPECT_NE(test::readText(log).find("metrics.sinkage is null"), std::string::npos) << test::readText(log);

  // A folder with no run at all.
  fs::create_directories(dir / "empty");
  EXPECT_EQ(test::runRegolith({"fit", "bekker", (dir / "empty").string(), "--out", (dir / "soil.json").string()}, log),
            1);
  EXPECT_NE(test::readText(log).find("neither a run"), std::string::npos) << test::readText(log);

  // Usage errors exit 1 too (CLI11), as elsewhere in the command line.
  EXPECT_EQ(test::runRegolith({"fit", "rft", (dir / "sweep").string()}, log), 1);  // no --out
  EXPECT_EQ(test::runRegolith({"predict", (dir / "nowhere.json").string(), "slip=0.1"}, log), 1);
  EXPECT_NE(test::readText(log).find("cannot read"), std::string::npos) << test::readText(log);
  // --holdout-runs must name a run that is there.
  EXPECT_EQ(test::runRegolith({"fit", "regression", (dir / "sweep").string(), "--out", (dir / "slip.json").string(),
                               "--holdout-runs", "slip_0.9"},
                              log),
            1);
  EXPECT_NE(test::readText(log).find("slip_0.9: no such run"), std::string::npos) << test::readText(log);
}

// An RFT file from a 3 x 4 grid of exact runs (coefficients fitted), then predict against
// the coefficient maps and against the force rft::plateForce puts on one buried plate.
TEST(Calibration, PredictRftMatchesTheRftModel) {
  const fs::path dir = test::scratchDir("calibration_predict_rft");
  const rft::FourierCoefficients k = rft::FourierCoefficients::generic();
  const double zeta = 3.0e5;
  for (double b : {-30.0, 0.0, 30.0})
    for (double g : {30.0, 60.0, 90.0, -45.0})
      writeIntrusion(dir / "grid", "b" + std::to_string(int(b)) + "_g" + std::to_string(int(g)), b, g,
                     zeta * rft::alphaZ(k, b * kDeg, g * kDeg) * (1 + 0.01 * std::sin(b + g)),
                     -zeta * rft::alphaX(k, b * kDeg, g * kDeg));
  const fs::path log = dir / "fit.log";
  ASSERT_EQ(test::runRegolith({"fit", "rft", (dir / "grid").string(), "--out", (dir / "rft.json").string()}, log), 0)
      << test::readText(log);
  const json model = test::readJson(dir / "rft.json");
  ASSERT_EQ(model["coefficients_source"], "fitted");
  ASSERT_EQ(model["holdout"]["held_out"].size(), 2u);  // 11 eligible runs: indices 3 and 7
  // The coefficients as the file states them (read here without the calibrate loader).
  Eigen::VectorXd v(9);
  for (int i = 0; i < 9; ++i) v[i] = model["coefficients"][rft::FourierCoefficients::names()[i]].get<double>();
  rft::RftParameters p;
  p.zeta = model["zeta"]["value"].get<double>();
  p.coefficients = rft::FourierCoefficients::fromVector(v);

  const double beta = 20, gamma = 50, depth = 0.01, area = 2e-4;
  const json out = predicted(dir / "rft.json",
                             {"beta_deg=" + std::to_string(beta), "gamma_deg=" + std::to_string(gamma),
                              "depth=" + std::to_string(depth), "area=" + std::to_string(area)},
                             dir);
  // Same formula, same doubles: equal to rounding.
  EXPECT_NEAR(out["alpha_z"].get<double>(), p.zeta * rft::alphaZ(p.coefficients, beta * kDeg, gamma * kDeg),
              1e-9 * p.zeta);
  EXPECT_NEAR(out["alpha_x"].get<double>(), p.zeta * rft::alphaX(p.coefficients, beta * kDeg, gamma * kDeg),
              1e-9 * p.zeta);
  // The RFT force model on the scene's plate: lower face normal (sin b, 0, -cos b), moving
  // along (cos g, 0, -sin g). In-plane motion (psi = 0): f23 = 1, f1 = 0, so the force is
  // zeta |z| A (-alpha_X e2 + alpha_Z E3) with e2 = +x: predict's force_z and force_x.
  rft::Plate plate;
  plate.normal = {std::sin(beta * kDeg), 0, -std::cos(beta * kDeg)};
  plate.area = area;
  const Eigen::Vector3d f = rft::plateForce(p, plate, {std::cos(gamma * kDeg), 0, -std::sin(gamma * kDeg)}, depth);
  EXPECT_NEAR(out["force_z"].get<double>(), f.z(), 1e-9 * std::fabs(f.z()));
  EXPECT_NEAR(out["force_x"].get<double>(), f.x(), 1e-9 * std::fabs(f.x()) + 1e-12);
  EXPECT_GT(std::fabs(f.x()), 0.01 * std::fabs(f.z()));  // a case where the sideways part counts
}

TEST(Calibration, PredictRegressionAndBekkerMatchTheirModels) {
  const fs::path dir = test::scratchDir("calibration_predict_wheel");
  const double slips[] = {0.1, 0.2, 0.35, 0.5, 0.6, 0.75};
  for (double s : slips)
    writeWheel(dir / "sweep", "slip_" + std::to_string(s), s, 1e-3 + 3e-3 * s + 1e-4 * std::sin(20 * s),
               -0.15 + 0.7 * s - 0.2 * s * s, 0.1 + 0.8 * s);
  const fs::path log = dir / "fit.log";
  ASSERT_EQ(
      test::runRegolith({"fit", "regression", (dir / "sweep").string(), "--out", (dir / "slip.json").string()}, log), 0)
      << test::readText(log);
  // The printout writes a polynomial as one would: signs as operators, no "+ -" (the DP/W
  // line is an exact quadratic, so its coefficients print as given above).
  EXPECT_EQ(test::readText(log).find("+ -"), std::string::npos) << test::readText(log);
  EXPECT_NE(test::readText(log).find("= -0.15 + 0.7 slip - 0.2 slip^2;"), std::string::npos) << test::readText(log);
  const json model = test::readJson(dir / "slip.json");
  const json out = predicted(dir / "slip.json", {"slip=0.42", "Fz=0.118", "contacts=2", "grouser_height=0.0015"}, dir);
  // The sinkage polynomial as the file states it, evaluated here.
  const json& e = model["models"]["sinkage"];
  double z = 0;
  for (std::size_t i = 0; i < e["terms"].size(); ++i)
    z += e["coefficients"][i].get<double>() * std::pow(0.42, e["terms"][i][0].get<int>()) *
         std::pow(0.118, e["terms"][i][1].get<int>());
  EXPECT_NEAR(out["z"].get<double>(), z, 1e-15);
  EXPECT_NEAR(out["sinkage"].get<double>(), -z, 1e-15);
  regression::CompliantContactRule rule;
  rule.contacts = 2, rule.grouserHeight = 0.0015;
  EXPECT_NEAR(out["stiffness"].get<double>(), regression::contactStiffness(rule, 0.118, z), 1e-9);

  // Bekker: a soil file written by hand in the documented form, against solveSinkage.
  bekker::SoilParameters soil = bekker::soilPreset("lete-sand").soil;
  const json soilFile = {{"model", "bekker"},
                         {"soil",
                          {{"kc", soil.kc},
                           {"kphi", soil.kphi},
                           {"n", soil.n},
                           {"c", soil.cohesion},
                           {"phi", soil.frictionAngle},
                           {"K", soil.shearModulus}}},
                         {"shape", {{"a0", 0.4}, {"a1", 0.15}, {"rearRatio", 0.0}}},
                         {"wheel", {{"radius", 0.25}, {"width", 0.15}}}};
  std::ofstream(dir / "soil.json") << soilFile.dump();
  const json b = predicted(dir / "soil.json", {"slip=0.2", "Fz=1000"}, dir);
  const bekker::WheelForces f = bekker::solveSinkage(soil, {}, {0.25, 0.15}, 1000, 0.2);
  EXPECT_NEAR(b["sinkage"].get<double>(), f.sinkage, 1e-12);
  EXPECT_NEAR(b["drawbar_pull"].get<double>(), f.drawbarPull, 1e-9);
  EXPECT_NEAR(b["torque"].get<double>(), f.torque, 1e-9);

  // Inputs a model does not take, or lacks, are refused by name.
  const fs::path plog = dir / "bad.log";
  EXPECT_EQ(test::runRegolith({"predict", (dir / "soil.json").string(), "slip=0.2"}, plog), 1);
  EXPECT_NE(test::readText(plog).find("needs the input Fz"), std::string::npos) << test::readText(plog);
  EXPECT_EQ(test::runRegolith({"predict", (dir / "slip.json").string(), "slip=0.2", "beta_deg=3"}, plog), 1);
  EXPECT_NE(test::readText(plog).find("input beta_deg"), std::string::npos) << test::readText(plog);
}

// A fitted polynomial says nothing beyond its runs: slip = 1.5 from a sweep over 0.1 to
// 0.75 is refused with the span, and evaluated only with --extrapolate (with a warning and
// the input named in the JSON). Outputs carry their units; the load has one name (Fz).
TEST(Calibration, PredictRefusesInputsOutsideTheTrainingRunsUnlessExtrapolate) {
  const fs::path dir = test::scratchDir("calibration_predict_span");
  for (double s : {0.1, 0.2, 0.35, 0.5, 0.6, 0.75})
    writeWheel(dir / "sweep", "slip_" + std::to_string(s), s, 1e-3 + 3e-3 * s, -0.15 + 0.7 * s, 0.1 + 0.8 * s);
  const fs::path log = dir / "p.log";
  ASSERT_EQ(test::runRegolith({"fit", "regression", (dir / "sweep").string(), "--out", (dir / "slip.json").string(),
                               "--holdout-runs", "slip_0.350000"},
                              log),
            0)
      << test::readText(log);
  const std::string model = (dir / "slip.json").string();

  EXPECT_EQ(test::runRegolith({"predict", model, "slip=1.5", "Fz=0.118"}, log), 1);
  EXPECT_NE(test::readText(log).find("slip = 1.5 is outside this model's training runs (0.1 to 0.75)"),
            std::string::npos)
      << test::readText(log);
  EXPECT_NE(test::readText(log).find("--extrapolate"), std::string::npos);
  // The load too: every training run carried 0.118 N.
  EXPECT_EQ(test::runRegolith({"predict", model, "slip=0.3", "Fz=5"}, log), 1);
  EXPECT_NE(test::readText(log).find("Fz = 5 N is outside"), std::string::npos) << test::readText(log);
  // The span's ends are inside it.
  EXPECT_EQ(predicted(dir / "slip.json", {"slip=0.75", "Fz=0.118"}, dir)["extrapolated"], json::array());

  std::vector<std::string> args = {"predict", model, "slip=1.5", "--extrapolate", "--json"};
  ASSERT_EQ(test::runRegolith(args, log), 0) << test::readText(log);
  const std::string text = test::readText(log);
  EXPECT_NE(text.find("warning: slip is outside the training runs"), std::string::npos) << text;
  const json out = json::parse(text.substr(text.find('{')));
  EXPECT_EQ(out["extrapolated"], json::array({"slip"}));
  // DP/W = -0.15 + 0.7 s exactly (the data are a line): the polynomial, beyond its runs.
  EXPECT_NEAR(out["drawbar_pull_coefficient"].get<double>(), -0.15 + 0.7 * 1.5, 1e-9);
  EXPECT_EQ(out["units"]["sinkage"], "m");

  // The printout: name, value, unit.
  ASSERT_EQ(test::runRegolith({"predict", model, "slip=0.3", "Fz=0.118"}, log), 0) << test::readText(log);
  EXPECT_NE(test::readText(log).find("\nsinkage 0.0019 m\n"), std::string::npos) << test::readText(log);
  EXPECT_NE(test::readText(log).find("drawbar_pull_coefficient 0.06\n"), std::string::npos) << test::readText(log);
  EXPECT_NE(test::readText(log).find("drawbar_pull 0.00708 N\n"), std::string::npos) << test::readText(log);

  // Version 0.1's Bekker name for the load is refused with the new one.
  const json soil = {{"model", "bekker"},
                     {"soil", {{"kc", 0}, {"kphi", 1e6}, {"n", 1}, {"c", 0}, {"phi", 0.5}, {"K", 0.01}}},
                     {"shape", {{"a0", 0.4}, {"a1", 0.15}, {"rearRatio", 0.0}}},
                     {"wheel", {{"radius", 0.25}, {"width", 0.15}}}};
  std::ofstream(dir / "soil.json") << soil.dump();
  EXPECT_EQ(test::runRegolith({"predict", (dir / "soil.json").string(), "slip=0.2", "load=100"}, log), 1);
  EXPECT_NE(test::readText(log).find("load is called Fz since version 0.2"), std::string::npos) << test::readText(log);
}

}  // namespace
}  // namespace regolith
