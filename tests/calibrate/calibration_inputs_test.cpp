// `regolith fit` and `regolith predict` on bad inputs: a sweep run without metrics.json
// refused by name (or skipped with --skip-missing, each named and counted), metrics beyond
// what a fit can take refused with the file and the key, a model file of another format
// version refused with /format, and a load typed to four significant digits admitted.
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/calibration_support.h"
#include "tests/support/child_process.h"
#include "tests/support/scratch_dir.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

void writeWheel(const fs::path& dir, const std::string& name, double slip, double load, double sinkage = 2e-3) {
  test::writeSyntheticRun(dir, name, "single_wheel", {{"slip", slip}, {"radius", 0.01}},
                          {{"slip", slip},
                           {"weight", load},
                           {"sinkage", sinkage},
                           {"drawbar_pull_coefficient", -0.15 + 0.7 * slip},
                           {"torque_coefficient", 0.1 + 0.8 * slip}});
}

// A sweep of six single-wheel runs at one load, run_0000 ... run_0005.
fs::path writeSweep(const fs::path& dir, double load) {
  const fs::path sweep = dir / "sweep";
  for (int i = 0; i < 6; ++i) writeWheel(sweep, "run_000" + std::to_string(i), 0.1 + 0.1 * i, load);
  return sweep;
}

std::vector<std::string> fitArgs(const fs::path& sweep, const fs::path& out) {
  return {"fit", "regression", sweep.string(), "--out", out.string(), "--holdout-every", "0"};
}

TEST(CalibrationInputs, ASweepRunWithoutMetricsIsRefusedByNameOrSkippedWithAWarning) {
  const fs::path dir = test::scratchDir("calibration_missing_metrics");
  const fs::path sweep = writeSweep(dir, 0.118), model = dir / "slip.json", log = dir / "fit.log";
  // run_0002 lost its metrics.json (the folder is left empty); run_0004 was planned by
  // `batch plan` and never run (a scene.json only).
  fs::remove(sweep / "run_0002" / "metrics.json");
  fs::remove(sweep / "run_0004" / "metrics.json");
  std::ofstream(sweep / "run_0004" / "scene.json") << "{}";

  EXPECT_EQ(test::runRegolith(fitArgs(sweep, model), log), 1) << test::readText(log);
  EXPECT_NE(test::readText(log).find((sweep / "run_0002").string() + ": a run of the sweep " + sweep.string() +
                                     " without metrics.json"),
            std::string::npos)
      << test::readText(log);
  EXPECT_NE(test::readText(log).find("--skip-missing"), std::string::npos) << test::readText(log);
  EXPECT_FALSE(fs::exists(model));

  std::vector<std::string> args = fitArgs(sweep, model);
  args.push_back("--skip-missing");
  ASSERT_EQ(test::runRegolith(args, log), 0) << test::readText(log);
  const std::string text = test::readText(log);
  EXPECT_NE(text.find("warning: skipped " + (sweep / "run_0002").string() + ": no metrics.json"), std::string::npos)
      << text;
  EXPECT_NE(text.find("warning: skipped " + (sweep / "run_0004").string() + ": no metrics.json"), std::string::npos)
      << text;
  EXPECT_NE(text.find("warning: 2 of 6 runs skipped (--skip-missing)"), std::string::npos) << text;
  const json m = test::readJson(model);
  EXPECT_EQ(m["skipped_runs"], json::array({(sweep / "run_0002").string(), (sweep / "run_0004").string()}));
  EXPECT_EQ(m["runs"].size(), 4u);
}

TEST(CalibrationInputs, MetricsBeyondWhatAFitTakesAreRefusedWithTheFileAndTheKey) {
  const fs::path dir = test::scratchDir("calibration_absurd_metrics");
  const fs::path sweep = writeSweep(dir, 0.118), model = dir / "slip.json", log = dir / "fit.log";
  writeWheel(sweep, "run_0003", 0.4, 0.118, 1e308);
  EXPECT_EQ(test::runRegolith(fitArgs(sweep, model), log), 1) << test::readText(log);
  EXPECT_NE(test::readText(log).find((sweep / "run_0003" / "metrics.json").string() +
                                     ": /metrics/sinkage/value: found 1e+308, expected a finite number of "
                                     "magnitude at most 1e30"),
            std::string::npos)
      << test::readText(log);
  EXPECT_FALSE(fs::exists(model));

  // A parameter is checked the same way; a number past a double's range is not JSON.
  writeWheel(sweep, "run_0003", 0.4, 0.118);
  std::string text = test::readText(sweep / "run_0001" / "metrics.json");
  const std::string radius = "\"radius\": 0.01";
  ASSERT_NE(text.find(radius), std::string::npos) << text;
  text.replace(text.find(radius), radius.size(), "\"radius\": -1e31");
  std::ofstream(sweep / "run_0001" / "metrics.json") << text;
  EXPECT_EQ(test::runRegolith(fitArgs(sweep, model), log), 1) << test::readText(log);
  EXPECT_NE(
      test::readText(log).find((sweep / "run_0001" / "metrics.json").string() + ": /parameters/radius: found -1e+31"),
      std::string::npos)
      << test::readText(log);
  text.replace(text.find("-1e31"), 5, "-1e400");
  std::ofstream(sweep / "run_0001" / "metrics.json") << text;
  EXPECT_EQ(test::runRegolith(fitArgs(sweep, model), log), 1) << test::readText(log);
  EXPECT_NE(test::readText(log).find((sweep / "run_0001" / "metrics.json").string() + ": not valid JSON"),
            std::string::npos)
      << test::readText(log);
}

TEST(CalibrationInputs, PredictRefusesAModelFileOfAnotherFormatVersion) {
  const fs::path dir = test::scratchDir("calibration_model_format");
  const fs::path sweep = writeSweep(dir, 0.118), model = dir / "slip.json", log = dir / "p.log";
  ASSERT_EQ(test::runRegolith(fitArgs(sweep, model), log), 0) << test::readText(log);
  json m = test::readJson(model);
  ASSERT_EQ(m["format"], 1);
  ASSERT_EQ(test::runRegolith({"predict", model.string(), "slip=0.3", "Fz=0.118"}, log), 0) << test::readText(log);
  for (const json& format : {json(2), json("1"), json(1.5)}) {
    m["format"] = format;
    std::ofstream(model) << m.dump(2);
    EXPECT_EQ(test::runRegolith({"predict", model.string(), "slip=0.3", "Fz=0.118"}, log), 1) << test::readText(log);
    EXPECT_NE(test::readText(log).find(model.string() + ": /format: found " + format.dump() +
                                       ", expected 1 (the model file versions this regolith reads"),
              std::string::npos)
        << test::readText(log);
  }
}

// Fz = 0.1177 N is the training load 0.11772 N to four significant digits: inside the span.
// Loads 1 % off either way are still refused.
TEST(CalibrationInputs, PredictAdmitsALoadWithinTheRelativeToleranceOfTheTrainingLoad) {
  const fs::path dir = test::scratchDir("calibration_load_tolerance");
  const fs::path sweep = writeSweep(dir, 0.11772), model = dir / "slip.json", log = dir / "p.log";
  ASSERT_EQ(test::runRegolith(fitArgs(sweep, model), log), 0) << test::readText(log);
  EXPECT_EQ(test::runRegolith({"predict", model.string(), "slip=0.3", "Fz=0.1177", "--json"}, log), 0)
      << test::readText(log);
  EXPECT_EQ(json::parse(test::readText(log))["extrapolated"], json::array());
  EXPECT_EQ(test::runRegolith({"predict", model.string(), "slip=0.3", "Fz=0.11778"}, log), 0) << test::readText(log);
  for (const char* far : {"Fz=0.1165", "Fz=0.1189"}) {
    EXPECT_EQ(test::runRegolith({"predict", model.string(), "slip=0.3", far}, log), 1) << far;
    EXPECT_NE(test::readText(log).find("is outside this model's training runs"), std::string::npos)
        << test::readText(log);
  }
  // The slip span (0.1 to 0.6) gets the same relative margin: 6e-4.
  EXPECT_EQ(test::runRegolith({"predict", model.string(), "slip=0.6005", "Fz=0.11772"}, log), 0) << test::readText(log);
  EXPECT_EQ(test::runRegolith({"predict", model.string(), "slip=0.601", "Fz=0.11772"}, log), 1) << test::readText(log);
}

}  // namespace
}  // namespace regolith
