// StudyMetrics, single wheel (studies/single_wheel/single_wheel_metrics.h) on a synthetic
// series whose answers are known in closed form (trapezoid means of piecewise-linear data
// are exact, so those tolerances are round-off).
#include <cmath>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "postprocess/series_window.h"
#include "studies/single_wheel/single_wheel_metrics.h"

namespace regolith::postprocess {
namespace {

// A wheel that touches at t = 0.1 s at z = 20 mm, sinks linearly to 17 mm by 0.2 s and
// stays there; driven from 0.15 s at w = 4 rad/s and v = (1 - 0.3) w R with R = 0.05 m;
// DP = 0.8 N plus a 0.1 N ripple of whole periods in the window; torque 0.5 N m.
std::vector<SeriesSample> syntheticWheel() {
  std::vector<SeriesSample> rows;
  for (int i = 0; i <= 550; ++i) {
    SeriesSample s;
    s.time = i * 1e-3;
    const double t = s.time;
    s.position.z = t < 0.1 ? 0.025 - 0.05 * t : t < 0.2 ? 0.020 - 0.03 * (t - 0.1) : 0.017;
    s.contacts = t >= 0.1 - 1e-12 ? 12 : 0;
    const bool driving = t >= 0.15 - 1e-12;
    s.velocity.x = Real(driving ? 0.7 * 4 * 0.05 : 0);
    s.angularVelocity.y = Real(driving ? 4 : 0);
    // The ripple has period 0.05 s: the window [0.31, 0.55] holds 4.8 periods, so its
    // mean is 0.8 + 0.1 x (the leftover 0.8 period's share): computed below.
    s.force.x = Real(0.8 + 0.1 * std::sin(2 * M_PI * 20 * t));
    s.force.z = Real(0.012 * 9.81);
    s.torque.y = Real(-0.5);
    rows.push_back(s);
  }
  return rows;
}

SingleWheelStudy syntheticStudy() {
  SingleWheelStudy s;
  s.wheel = "wheel";
  s.slip = 0.3;
  s.angularVelocity = 4;
  s.radius = 0.05;
  s.driveStart = 0.15;
  s.driveEnd = 0.55;
  s.steadyAfter = 0.4;
  s.mass = 0.012;
  s.gravity = 9.81;
  return s;
}

TEST(StudyMetrics, SingleWheelFromASyntheticSeries) {
  const SingleWheelMetrics m = singleWheelMetrics(syntheticWheel(), syntheticStudy());
  EXPECT_NEAR(m.window.begin, 0.15 + 0.4 * 0.4, 1e-15);
  EXPECT_EQ(m.window.end, 0.55);
  EXPECT_NEAR(m.slip, 0.3, 1e-6);  // Real may be float: v and w round to 7 digits
  EXPECT_NEAR(m.firstContactTime, 0.1, 1e-12);
  EXPECT_NEAR(m.firstContactHeight, 0.020, 1e-12);
  EXPECT_NEAR(m.sinkage, 0.003, 1e-12);
  EXPECT_NEAR(m.sinkageRate, 0, 1e-12);
  // The ripple's mean between the window's first and last rows a and b in closed form:
  // 0.1 (cos w a - cos w b) / ((b - a) w), w = 40 pi; the trapezoid rule at 1 ms rows is
  // within 1e-5 of it. (Whether the row at 0.31 s is inside depends on the rounding of
  // 0.15 + 0.4 x 0.4 and of 310 x 1e-3, so a is taken as the window's rule takes it.)
  double a = 0;
  for (int i = 0; a < m.window.begin; ++i) a = i * 1e-3;
  const double b = 0.55, w = 2 * M_PI * 20;
  const double ripple = 0.1 * (std::cos(w * a) - std::cos(w * b)) / ((b - a) * w);
  EXPECT_NEAR(m.drawbarPull, 0.8 + ripple, 1e-5);
  EXPECT_NEAR(m.drawbarPullStdDev, 0.1 / std::sqrt(2.0), 5e-3);  // 4.8 periods, not whole
  EXPECT_NEAR(m.torque, 0.5, 1e-7);
  EXPECT_NEAR(m.torqueStdDev, 0, 1e-7);
  const double weight = 0.012 * 9.81;
  EXPECT_NEAR(m.weight, weight, 1e-15);
  EXPECT_NEAR(m.verticalForce, weight, 1e-7);
  EXPECT_NEAR(m.drawbarPullCoefficient, m.drawbarPull / weight, 1e-12);
  EXPECT_NEAR(m.torqueCoefficient, 0.5 / (weight * 0.05), 1e-5);
  // eta = DP v / (T w) = DP (1 - s) R / T.
  EXPECT_NEAR(m.tractiveEfficiency, m.drawbarPull * 0.7 * 0.05 / 0.5, 1e-6);
}

TEST(StudyMetrics, SingleWheelThatNeverTouchesIsRefused) {
  std::vector<SeriesSample> rows = syntheticWheel();
  for (SeriesSample& s : rows) s.contacts = 0;
  EXPECT_THROW(singleWheelMetrics(rows, syntheticStudy()), std::invalid_argument);
}

TEST(StudyMetrics, SingleWheelTouchingOnlyInsideTheWindowIsRefused) {
  std::vector<SeriesSample> rows = syntheticWheel();
  for (SeriesSample& s : rows) s.contacts = s.time < 0.4 ? 0 : 3;
  try {
    singleWheelMetrics(rows, syntheticStudy());
    FAIL() << "a first contact inside the window was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("after the steady window begins"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace regolith::postprocess
