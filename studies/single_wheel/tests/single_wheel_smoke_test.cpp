// StudySmoke, single wheel: the slip sweep's smoke twins (studies/single_wheel/tests/
// smoke.cmake runs them), then `regolith metrics` and `regolith plot` on them, the metrics
// held to physically sensible bands. The runs are small (about 1900 spheres of 1 mm under
// a 10 mm wheel), so the bands are about trends and orders, not values.
#include <cmath>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/study_smoke.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using namespace regolith::test;

TEST(StudySmoke, SingleWheelSinksDeeperAndPullsHarderWithSlip) {
  const fs::path sweep = test::studySmokeDir() / "single_wheel";
  const Json metrics = smokeMetrics("single_wheel", 2);
  ASSERT_FALSE(metrics.empty());
  const Json& low = metrics["runs"][0];   // slip_0.1 sorts first
  const Json& high = metrics["runs"][1];  // slip_0.6
  ASSERT_EQ(low["run"], "slip_0.1");

  for (const Json* run : {&low, &high}) {
    SCOPED_TRACE(run->at("run").get<std::string>());
    // Slip is prescribed: the measured one is the study's to the Real type's round-off.
    EXPECT_NEAR(metric(*run, "slip"), run->at("parameters").at("slip").get<double>(), 1e-5);
    // Vertically free under its weight, the wheel is carried by the bed on average: the
    // mean contact force F_z is W within the residual vertical acceleration of a wheel
    // still settling (15 %: the window is 0.24 s of a 0.4 s drive).
    EXPECT_NEAR(metric(*run, "vertical_force") / metric(*run, "weight"), 1.0, 0.15);
    // It sinks, but by less than its grousers plus a grain diameter... of a 10 mm wheel in
    // a bed 9 mm deep: between 0 and the bed's depth.
    EXPECT_GT(metric(*run, "sinkage"), 0);
    EXPECT_LT(metric(*run, "sinkage"), 0.009);
    // A driven wheel needs a driving torque; DP/W and T/(W R) stay within the Coulomb
    // bound of the wheel's friction against the bed (|F_t| <= mu F_n with mu <= 0.6, and a
    // lever of at most R + grouser height = 1.15 R).
    EXPECT_GT(metric(*run, "torque"), 0);
    EXPECT_LT(std::fabs(metric(*run, "drawbar_pull_coefficient")), 1.0);
    EXPECT_LT(metric(*run, "torque_coefficient"), 1.15);
  }
  // The trends of every single-wheel test bed and DEM study (studies/single_wheel/README.md):
  // with more slip the grousers dig the wheel in deeper, and drawbar pull rises.
  EXPECT_GT(metric(high, "sinkage"), metric(low, "sinkage"));
  EXPECT_GT(metric(high, "drawbar_pull"), metric(low, "drawbar_pull"));

  ASSERT_EQ(runRegolith("plot", sweep), 0) << "see " << (sweep / "plot.log");
  EXPECT_TRUE(isPng(sweep / "single_wheel_slip.png"));
  EXPECT_TRUE(isPng(sweep / "slip_0.6" / "single_wheel_series.png"));
}

// Figures for a paper (issue 20 item 13): SVG with its text kept as text, error bars of
// one window std (DP/W from drawbar_pull_std / W), markers without joining lines, the
// fitted regression drawn over the runs, the slow run's tractive efficiency masked (its
// T/(W R) is under 0.1), and a PDF at a chosen dpi.
TEST(StudySmoke, SingleWheelPlotForAPaper) {
  const fs::path sweep = test::studySmokeDir() / "single_wheel";
  const fs::path fit = sweep / "fit_for_plot.json";
  ASSERT_EQ(test::runToEnd({REGOLITH_BINARY, "fit", "regression", sweep.string(), "--out", fit.string()},
                           (sweep / "fit.log").string()),
            0)
      << "see " << (sweep / "fit.log");
  const fs::path log = sweep / "plot_svg.log";
  ASSERT_EQ(test::runToEnd({REGOLITH_BINARY, "plot", sweep.string(), "--format", "svg", "--model", fit.string()},
                           log.string()),
            0)
      << textOf(log);
  const std::string svg = textOf(sweep / "single_wheel_slip.svg");
  EXPECT_NE(svg.find("error bars: 1 std over the steady window"), std::string::npos);
  EXPECT_NE(svg.find("regression fit"), std::string::npos);
  EXPECT_NE(svg.find("DEM, W = 0.118 N"), std::string::npos);
  const Json metrics = metricsOf(sweep);
  if (std::fabs(metric(metrics["runs"][0], "torque_coefficient")) < 0.1) {
    EXPECT_NE(svg.find("1 run(s) masked: T/(W R) &lt; 0.1"), std::string::npos);
  }
  // The series figure names what it shows, not the folder: slip, load, speed; tau_y is
  // typeset as a symbol (matplotlib keeps the math source as an SVG comment).
  const std::string series = textOf(sweep / "slip_0.6" / "single_wheel_series.svg");
  EXPECT_NE(series.find("single wheel: slip 0.60"), std::string::npos);
  EXPECT_NE(series.find("driving torque $-\\tau_y$ [N m]"), std::string::npos);

  ASSERT_EQ(test::runToEnd({REGOLITH_BINARY, "plot", sweep.string(), "--format", "pdf", "--dpi", "300"}, log.string()),
            0)
      << textOf(log);
  EXPECT_EQ(textOf(sweep / "single_wheel_slip.pdf").rfind("%PDF-", 0), 0u);
  // A model of another kind, or a missing file, is refused.
  EXPECT_EQ(test::runToEnd({REGOLITH_BINARY, "plot", sweep.string(), "--model", (sweep / "none.json").string()},
                           log.string()),
            1);
  EXPECT_NE(textOf(log).find("no such file"), std::string::npos) << textOf(log);
}

}  // namespace
}  // namespace regolith
