// Calibration of 3D RFT (calibrate/fit_rft.h): zeta and the nine Fourier coefficients
// recovered from synthetic plate-intrusion runs made from known values.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "calibrate/fit_rft.h"
#include "tests/support/calibration_support.h"
#include "tests/support/scratch_dir.h"

namespace regolith {
namespace {

using calibrate::CalibrationRun;
using nlohmann::json;
using test::kDeg;

// A soil unlike the generic one (each coefficient moved by 10-40 %), so that recovering
// the generic set could not pass by accident.
rft::FourierCoefficients trueCoefficients() {
  rft::FourierCoefficients k;
  k.a00 = 0.25, k.a10 = 0.12, k.b11 = 0.25, k.b01 = 0.32, k.bm11 = 0.06;
  k.c11 = -0.10, k.c01 = 0.30, k.cm11 = 0.02, k.d10 = 0.11;
  return k;
}

// One plate_intrusion run's metrics.json with the stresses of zeta alpha in the scene's
// convention (sigma_z = zeta alpha_Z, sigma_x = -zeta alpha_X), plus noise.
void writeIntrusionRun(const std::filesystem::path& dir, const std::string& name, double betaDeg, double gammaDeg,
                       double sigmaZ, double sigmaX, bool constantDepth = false) {
  const double nan = std::nan("");
  test::writeSyntheticRun(dir, name, "plate_intrusion",
                          {{"beta_deg", betaDeg}, {"gamma_deg", gammaDeg}, {"area", 1.6e-4}},
                          {{"stress_per_depth_z", constantDepth ? nan : sigmaZ},
                           {"stress_per_depth_x", constantDepth ? nan : sigmaX},
                           {"mean_alpha_z", sigmaZ},
                           {"mean_alpha_x", sigmaX}});
}

std::vector<CalibrationRun> runsIn(const std::filesystem::path& dir) {
  return calibrate::readRuns({dir.string()}, "plate_intrusion", "fit rft");
}

TEST(Calibration, RftRecoversZetaAndCoefficientsFromNoisyGrid) {
  const std::filesystem::path dir = test::scratchDir("calibration_rft_grid");
  const double zeta = 2.5e6;         // N/m^3
  const double noise = 0.01 * zeta;  // 1 % of zeta on every stress, Gaussian
  const rft::FourierCoefficients k = trueCoefficients();
  std::mt19937 rng(8);
  std::normal_distribution<double> gauss(0, noise);
  const double angles[7] = {-90, -60, -30, 0, 30, 60, 90};
  for (double b : angles)
    for (double g : angles) {
      const std::string name = "b" + std::to_string(int(b)) + "_g" + std::to_string(int(g));
      writeIntrusionRun(dir, name, b, g, zeta * rft::alphaZ(k, b * kDeg, g * kDeg) + gauss(rng),
                        -zeta * rft::alphaX(k, b * kDeg, g * kDeg) + gauss(rng), g == 0);
    }
  // Two more vertical pushes of the horizontal plate: zeta is their mean with the grid's.
  for (int rep = 1; rep <= 2; ++rep)
    writeIntrusionRun(dir, "zeta_rep" + std::to_string(rep), 0, 90, zeta * rft::alphaZ(k, 0, M_PI / 2) + gauss(rng),
                      gauss(rng));

  const json model = calibrate::fitRft(runsIn(dir), {});
  ASSERT_EQ(model["coefficients_source"], "fitted");
  // zeta: the mean of three runs with noise sd `noise` (alpha_Z(0, 90) of this set is
  // a00 + a10 + b11 + b01 + bm11 = 1.0, so the runs measure zeta itself). 4 sd of the
  // mean: a false failure 6e-5 of the time.
  const double zetaFit = model["zeta"]["value"].get<double>();
  ASSERT_NEAR(rft::alphaZ(k, 0, M_PI / 2), 1.0, 1e-12);
  EXPECT_NEAR(zetaFit, zeta, 4 * noise / std::sqrt(3.0));
  EXPECT_EQ(model["zeta"]["runs"].size(), 3u);

  // Each coefficient within 4 of its reported standard errors, widened by the scale error
  // zeta carries into all of them (the targets are sigma / zeta_fit, so the estimates are
  // k zeta / zeta_fit): |k| |zeta / zeta_fit - 1|.
  const Eigen::VectorXd truth = k.toVector();
  const std::vector<std::string>& names = rft::FourierCoefficients::names();
  for (int i = 0; i < 9; ++i) {
    const json& report = model["coefficient_fit"][i < 5 ? "alpha_z" : "alpha_x"];
    const int j = i < 5 ? i : i - 5;
    const double se = report["standard_errors"][j].get<double>();
    const double est = model["coefficients"][names[i]].get<double>();
    const double scale = std::fabs(truth[i]) * std::fabs(zeta / zetaFit - 1);
    EXPECT_NEAR(est, truth[i], 4 * se + scale) << names[i];
    EXPECT_GT(se, 0) << names[i];
    // The 1 % noise over 49 runs leaves every coefficient to a few thousandths: a fit
    // that reported wild errors would pass the line above for the wrong reason.
    EXPECT_LT(se, 0.01) << names[i];
  }
  // The residual spread is the noise in units of zeta: s = RMSE sqrt(n / dof) within
  // +-40 % of 0.01 (s^2 (n - p) / sigma^2 is chi-square with 44 or 45 dof: 40 % is
  // beyond 4 of its standard deviations, 1 / sqrt(2 x 44) = 11 %).
  for (const char* axis : {"alpha_z", "alpha_x"}) {
    const json& r = model["coefficient_fit"][axis];
    const double s = r["rmse"].get<double>() *
                     std::sqrt(r["samples"].get<double>() / r["degrees_of_freedom"].get<double>());
    EXPECT_NEAR(s, 0.01, 0.004) << axis;
  }
  // Held out: every 4th of the 48 grid points other than the zeta runs: 12 runs, whose
  // error is the noise plus the prediction's own (about sqrt(1 + p/n) = 1.07 of it);
  // 12 samples: 0.4-1.9 of the noise is beyond 3 sd of an RMSE's spread.
  EXPECT_EQ(model["holdout"]["held_out"].size(), 12u);
  EXPECT_EQ(model["holdout"]["training"].size(), 39u);
  for (const char* key : {"rmse_stress_per_depth_z", "rmse_stress_per_depth_x"}) {
    EXPECT_GT(model["holdout"][key].get<double>(), 0.4 * noise) << key;
    EXPECT_LT(model["holdout"][key].get<double>(), 1.9 * noise) << key;
  }
  // gamma = 0 strokes have no slope: their mean alpha was used.
  for (const json& r : model["runs"])
    if (r["gamma_deg"] == 0) {
      EXPECT_EQ(r["stress_z_from"], "mean_alpha_z") << r["name"];
    }
  // The file records where every value came from.
  EXPECT_EQ(model["runs"].size(), 51u);
  // And it loads back as the model that predicts.
  const calibrate::RftModelFile loaded = calibrate::rftModelFromJson(model);
  EXPECT_EQ(loaded.zeta, zetaFit);
  EXPECT_EQ(loaded.coefficients.b01, model["coefficients"]["B01"].get<double>());
}

TEST(Calibration, RftWithTooFewAnglePairsFitsZetaAloneAndKeepsGenericCoefficients) {
  const std::filesystem::path dir = test::scratchDir("calibration_rft_few");
  const rft::FourierCoefficients generic = rft::FourierCoefficients::generic();
  writeIntrusionRun(dir, "beta_0_gamma_90", 0, 90, 2.41e5, 7e3);
  writeIntrusionRun(dir, "beta_30_gamma_90", 30, 90, 2.10e5, -4.1e4);
  writeIntrusionRun(dir, "beta_0_gamma_0", 0, 0, 3.0e4, -2.4e4, true);
  calibrate::RftFitOptions options;
  options.holdout.every = 2;  // of the two runs other than zeta's, hold out the second
  const json model = calibrate::fitRft(runsIn(dir), options);
  EXPECT_EQ(model["coefficients_source"], "generic");
  EXPECT_NE(model["coefficients_note"].get<std::string>().find("distinct"), std::string::npos);
  EXPECT_FALSE(model.contains("coefficient_fit"));
  EXPECT_EQ(model["coefficients"]["A00"].get<double>(), generic.a00);
  EXPECT_EQ(model["coefficients"]["D10"].get<double>(), generic.d10);
  EXPECT_EQ(model["zeta"]["value"].get<double>(), 2.41e5);
  EXPECT_TRUE(model["zeta"]["std"].is_null());  // one run: no spread
  // Paths sort beta_0_gamma_0, beta_0_gamma_90, beta_30_gamma_90; the zeta run always
  // trains, so the eligible ones are gamma_0 (index 0, trains) and beta_30 (held out).
  ASSERT_EQ(model["holdout"]["held_out"].size(), 1u);
  EXPECT_EQ(model["holdout"]["held_out"][0], "beta_30_gamma_90");
  const double predictedZ = 2.41e5 * rft::alphaZ(generic, 30 * kDeg, M_PI / 2);
  const double predictedX = -2.41e5 * rft::alphaX(generic, 30 * kDeg, M_PI / 2);
  EXPECT_NEAR(model["holdout"]["rmse_stress_per_depth_z"].get<double>(), std::fabs(predictedZ - 2.10e5), 1e-6);
  EXPECT_NEAR(model["holdout"]["rmse_stress_per_depth_x"].get<double>(), std::fabs(predictedX + 4.1e4), 1e-6);

  // The default rule (every 4th) finds nothing to hold out among two runs, and says so.
  const json all = calibrate::fitRft(runsIn(dir), {});
  EXPECT_TRUE(all["holdout"]["held_out"].empty());
  EXPECT_NE(all["holdout"]["note"].get<std::string>().find("too few runs"), std::string::npos);
  EXPECT_TRUE(all["holdout"]["rmse_stress_per_depth_z"].is_null());
}

TEST(Calibration, RftNeedsAVerticalPushForZeta) {
  const std::filesystem::path dir = test::scratchDir("calibration_rft_nozeta");
  writeIntrusionRun(dir, "beta_30_gamma_90", 30, 90, 2.10e5, -4.1e4);
  try {
    calibrate::fitRft(runsIn(dir), {});
    FAIL() << "expected a CalibrationError";
  } catch (const calibrate::CalibrationError& e) {
    EXPECT_NE(std::string(e.what()).find("beta_deg 0, gamma_deg 90"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace regolith
