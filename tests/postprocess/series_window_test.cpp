// StudyMetrics, the shared arithmetic (postprocess/series_window.h) every study's metrics
// use, on synthetic series whose answers are known in closed form (trapezoid means of piecewise-linear data are exact, so those
// tolerances are round-off; a sinusoid's RMS over whole periods is sampled, so its
// tolerance is the trapezoid rule's).
#include <cmath>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "postprocess/series_window.h"

namespace regolith::postprocess {
namespace {

TEST(StudyMetrics, WindowMeanOfALineIsItsMidpointValueOnUnevenRows) {
  const std::vector<double> t = {0, 0.1, 0.15, 0.4, 0.45, 0.9, 1.0, 1.3};
  std::vector<double> y;
  for (double ti : t) y.push_back(2 - 3 * ti);
  // Rows 0.15 .. 0.9 lie in [0.12, 0.95]: the mean of a line over them is its value at
  // their midpoint (0.15 + 0.9) / 2.
  EXPECT_NEAR(windowMean(t, y, {0.12, 0.95, ""}), 2 - 3 * 0.525, 1e-14);
}

TEST(StudyMetrics, WindowStdDevOfASinusoidOverWholePeriodsIsAmplitudeOverRootTwo) {
  std::vector<double> t, y;
  for (int i = 0; i <= 4000; ++i) {
    t.push_back(i * 1e-3);
    y.push_back(5 + 0.3 * std::sin(2 * M_PI * 2.5 * t.back()));  // 10 periods in 4 s
  }
  EXPECT_NEAR(windowMean(t, y, {0, 4, ""}), 5, 1e-12);
  // The trapezoid rule on 400 rows per period is exact for sin^2 up to round-off.
  EXPECT_NEAR(windowStdDev(t, y, {0, 4, ""}), 0.3 / std::sqrt(2.0), 1e-9);
}

TEST(StudyMetrics, WindowWithTooFewRowsNamesTheSeriesInterval) {
  const std::vector<double> t = {0, 1, 2}, y = {1, 2, 3};
  try {
    samplesIn(t, {1.2, 1.8, ""});
    FAIL() << "an empty window was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("series_interval"), std::string::npos) << e.what();
  }
}

TEST(StudyMetrics, LineFitSlopeInterceptAndRSquared) {
  // By hand: mean x = mean y = 1.5, Sxy = 4, Sxx = 5, SST = 5, so slope 0.8, intercept
  // 0.3 and R^2 = Sxy^2 / (Sxx SST) = 0.64.
  const LineFit f = fitLine({0, 1, 2, 3}, {0, 2, 1, 3});
  EXPECT_NEAR(f.slope, 0.8, 1e-13);
  EXPECT_NEAR(f.intercept, 0.3, 1e-13);
  EXPECT_NEAR(f.rSquared, 0.64, 1e-13);
  EXPECT_EQ(f.points, 4u);
}

}  // namespace
}  // namespace regolith::postprocess
