// End to end on real DEM runs: `regolith fit rft|regression|bekker` on the StudySmoke runs
// (the plate-intrusion and single-wheel smoke scenes, ctest fixtures smoke_plate_intrusion
// and smoke_single_wheel), then `regolith predict` on every model file written.
//
// The runs are linked into a scratch folder and `regolith metrics` is run there, so this
// test writes nothing beside the fixtures' run files (the StudySmoke tests write their own
// metrics.json there, perhaps at the same time).
#include <cmath>

#include <gtest/gtest.h>

#include "tests/support/calibration_support.h"
#include "tests/support/child_process.h"
#include "tests/support/scratch_dir.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
const fs::path kSmokeDir = REGOLITH_STUDY_SMOKE_DIR;

// DIR/<study>/<run>/run.h5 -> scratch/<study>/<run>/run.h5 (a link), then metrics.
fs::path linkedSweep(const fs::path& scratch, const std::string& study, const std::vector<std::string>& runs) {
  for (const std::string& r : runs) {
    const fs::path source = kSmokeDir / study / r / "run.h5";
    if (!fs::is_regular_file(source)) ADD_FAILURE() << source << " missing: run the fixture (ctest -R StudySmoke)";
    fs::create_directories(scratch / study / r);
    fs::create_symlink(source, scratch / study / r / "run.h5");
  }
  const fs::path log = scratch / (study + "_metrics.log");
  EXPECT_EQ(test::runRegolith({"metrics", (scratch / study).string()}, log), 0) << test::readText(log);
  return scratch / study;
}

json predictJson(const fs::path& model, const std::vector<std::string>& inputs, const fs::path& log) {
  std::vector<std::string> args = {"predict", model.string(), "--json"};
  args.insert(args.end(), inputs.begin(), inputs.end());
  EXPECT_EQ(test::runRegolith(args, log), 0) << test::readText(log);
  return json::parse(test::readText(log));
}

TEST(CalibrationSmoke, FitsTheStudySmokeRunsAndPredicts) {
  const fs::path dir = test::scratchDir("calibration_smoke");
  const fs::path plate = linkedSweep(dir, "plate_intrusion", {"beta_0_gamma_90"});
  const fs::path wheel = linkedSweep(dir, "single_wheel", {"slip_0.1", "slip_0.6"});

  // RFT: one vertical push gives zeta (its own stress per depth) and no grid: the generic
  // coefficients are kept and the file says so.
  const fs::path log = dir / "fit.log";
  ASSERT_EQ(test::runRegolith({"fit", "rft", plate.string(), "--out", (dir / "rft.json").string()}, log), 0)
      << test::readText(log);
  const json rftModel = test::readJson(dir / "rft.json");
  const json runMetrics = test::readJson(plate / "beta_0_gamma_90" / "metrics.json");
  const double zetaRun = runMetrics["metrics"]["stress_per_depth_z"]["value"].get<double>();
  EXPECT_EQ(rftModel["zeta"]["value"].get<double>(), zetaRun);
  EXPECT_EQ(rftModel["coefficients_source"], "generic");
  EXPECT_EQ(rftModel["runs"][0]["path"], (plate / "beta_0_gamma_90").string());
  // Predict: the horizontal plate pushed down gets zeta (generic alpha_Z(0, 90) = 1).
  const json vertical = predictJson(dir / "rft.json", {"beta_deg=0", "gamma_deg=90"}, dir / "predict_rft.log");
  EXPECT_NEAR(vertical["stress_per_depth_z"].get<double>(), zetaRun, 1e-12 * zetaRun);

  // Regression on the two single-wheel runs: lines in slip, exactly determined, nothing
  // held out (the file says why). DP/W and sinkage rise with slip on these runs (the
  // StudySmoke test holds them to it), so the fitted slopes are positive (sinkage z < 0:
  // its slope is negative).
  ASSERT_EQ(test::runRegolith({"fit", "regression", wheel.string(), "--out", (dir / "slip.json").string()}, log), 0)
      << test::readText(log);
  const json slip = test::readJson(dir / "slip.json");
  EXPECT_EQ(slip["runs"].size(), 2u);
  EXPECT_TRUE(slip["holdout"]["held_out"].empty());
  EXPECT_TRUE(slip["holdout"].contains("note"));
  EXPECT_GT(slip["models"]["drawbar_pull_coefficient"]["coefficients"][1].get<double>(), 0);
  EXPECT_LT(slip["models"]["sinkage"]["coefficients"][1].get<double>(), 0);
  const json low = test::readJson(wheel / "slip_0.1" / "metrics.json")["metrics"];
  const json atLow = predictJson(dir / "slip.json",
                                 {"slip=" + low["slip"]["value"].dump(), "Fz=" + low["weight"]["value"].dump()},
                                 dir / "predict_slip.log");
  // A line through two points passes through them (to rounding of the QR solve).
  EXPECT_NEAR(atLow["drawbar_pull_coefficient"].get<double>(), low["drawbar_pull_coefficient"]["value"].get<double>(),
              1e-9);
  EXPECT_NEAR(atLow["sinkage"].get<double>(), low["sinkage"]["value"].get<double>(), 1e-12);
  EXPECT_GT(atLow["stiffness"].get<double>(), 0);

  // Bekker on the two runs: six values for three parameters (k_phi, n, phi; K and the
  // rest at the preset, c = 0 for cohesionless grains). The smoke wheel is 10 mm wide, which
  // the single_wheel study records for a generated wheel: no --width needed.
  ASSERT_EQ(test::runRegolith({"fit", "bekker", wheel.string(), "--out", (dir / "soil.json").string(), "--fit",
                               "kphi,n,phi", "--fix", "c=0", "--fix", "kc=0"},
                              log),
            0)
      << test::readText(log);
  const json soil = test::readJson(dir / "soil.json");
  EXPECT_EQ(soil["wheel"]["width"].get<double>(), 0.01);
  EXPECT_EQ(soil["fitted"], json({"kphi", "n", "phi"}));
  for (const char* key : {"kphi", "n", "phi"}) EXPECT_TRUE(soil["soil"][key].is_number()) << key;
  EXPECT_TRUE(soil["fit"]["training_rmse"]["drawbar_pull_coefficient"].is_number());
  // At the fast run's own slip and load (predict refuses inputs outside the training runs).
  const json high = test::readJson(wheel / "slip_0.6" / "metrics.json")["metrics"];
  const json atHigh = predictJson(dir / "soil.json",
                                  {"slip=" + high["slip"]["value"].dump(), "Fz=" + high["weight"]["value"].dump()},
                                  dir / "predict_soil.log");
  EXPECT_GT(atHigh["sinkage"].get<double>(), 0);
  EXPECT_LT(atHigh["sinkage"].get<double>(), 0.01);  // below the axle
}

}  // namespace
}  // namespace regolith
