// StudyMetrics, plate intrusion (studies/plate_intrusion/plate_intrusion_metrics.h) on synthetic plate
// series whose answers are known in closed form: forces linear in depth give their slope
// and intercept to round-off, and R^2 = 1; an alternating disturbance lowers R^2 to the
// value the textbook sums give; a stroke at constant depth has no slope but its alpha.
#include <cmath>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "studies/plate_intrusion/plate_intrusion_metrics.h"

namespace regolith::postprocess {
namespace {

constexpr double kSurface = 0.02;  // [m]
constexpr double kArea = 1.6e-4;   // [m^2]

PlateIntrusionStudy study() {
  PlateIntrusionStudy s;
  s.plate = "plate";
  s.area = kArea;
  s.halfHeight = 0.001;
  s.strokeStart = 0.1;
  s.strokeEnd = 0.25;
  return s;
}

// Rows every millisecond over 0.3 s: held 2 mm above the surface until 0.1 s, then down
// at 0.1 m/s (gamma = 90 deg) to 13 mm deep at 0.25 s, then held. Forces from `fz`, `fx`
// of depth and row index; zero above the surface.
template <class Fz, class Fx>
std::vector<SeriesSample> descent(Fz fz, Fx fx) {
  std::vector<SeriesSample> rows;
  for (int i = 0; i <= 300; ++i) {
    SeriesSample s;
    s.time = i * 1e-3;
    const double t = std::min(std::max(s.time, 0.1), 0.25);
    s.position = Vec3d(0, 0, kSurface + 0.002 - 0.1 * (t - 0.1));
    const double depth = kSurface - s.position.z;
    if (depth > 0) {
      s.force = Vec3(Real(fx(depth, i)), Real(0), Real(fz(depth, i)));
      s.contacts = 40;
    }
    rows.push_back(s);
  }
  return rows;
}

TEST(StudyMetrics, PlateForcesLinearInDepthGiveTheirSlopePerArea) {
  // F_z = 0.3 N/cm^3 x depth x A + 0.05 N; F_x = -0.02 N/cm^3 x depth x A.
  const double kz = 0.3e6 * kArea, kx = -0.02e6 * kArea;
  const PlateIntrusionMetrics m = plateIntrusionMetrics(
      descent([&](double d, int) { return kz * d + 0.05; }, [&](double d, int) { return kx * d; }), study(), kSurface);
  // The window: stroke rows with depth >= 1 mm, i.e. from 3 mm of travel (t = 0.13 s) on
  // to the stroke's end; 0.13 .. 0.25 s is 121 rows.
  EXPECT_NEAR(m.window.begin, 0.13, 1e-12);
  EXPECT_NEAR(m.window.end, 0.25, 1e-12);
  EXPECT_EQ(m.rows, 121u);
  EXPECT_NEAR(m.depthBegin, 0.001, 1e-12);
  EXPECT_NEAR(m.depthEnd, 0.013, 1e-12);
  // Forces are stored as Real, which a REGOLITH_REAL_FLOAT build makes float: 1e-5
  // relative covers a float's round-off of the inputs (positions are double).
  EXPECT_NEAR(m.stressPerDepthZ, 0.3e6, 0.3e6 * 1e-5);
  EXPECT_NEAR(m.forceZ.intercept, 0.05, 1e-6);
  EXPECT_NEAR(m.forceZ.rSquared, 1.0, 1e-9);
  EXPECT_NEAR(m.stressPerDepthX, -0.02e6, 0.02e6 * 1e-5);
  EXPECT_NEAR(m.maxDepth, 0.013, 1e-12);
  EXPECT_NEAR(m.forceZAtMaxDepth, kz * 0.013 + 0.05, 1e-6);
  // alpha_z = F_z / (depth A) = 0.3e6 + 0.05 / (depth A): its mean over the 121 depths.
  double mean = 0;
  for (int i = 130; i <= 250; ++i) mean += 0.3e6 + 0.05 / ((0.1 * (i * 1e-3 - 0.1) - 0.002) * kArea);
  mean /= 121;
  EXPECT_NEAR(m.meanAlphaZ, mean, mean * 1e-5);
}

TEST(StudyMetrics, PlateForceFluctuationsLowerRSquaredAsTheSumsSay) {
  // A line plus +-0.05 N alternating by row: the fit's R^2 computed here from the sums
  // Sxy^2 / (Sxx Syy) over the same 121 rows.
  const double kz = 0.3e6 * kArea;
  const auto fz = [&](double d, int i) { return kz * d + (i % 2 ? 0.05 : -0.05); };
  const PlateIntrusionMetrics m = plateIntrusionMetrics(descent(fz, [](double, int) { return 0.0; }), study(),
                                                        kSurface);
  std::vector<double> x, y;
  for (int i = 130; i <= 250; ++i) {
    x.push_back(0.1 * (i * 1e-3 - 0.1) - 0.002);
    y.push_back(fz(x.back(), i));
  }
  double mx = 0, my = 0;
  for (std::size_t k = 0; k < x.size(); ++k) mx += x[k], my += y[k];
  mx /= double(x.size()), my /= double(y.size());
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    sxy += (x[k] - mx) * (y[k] - my);
    sxx += (x[k] - mx) * (x[k] - mx);
    syy += (y[k] - my) * (y[k] - my);
  }
  EXPECT_LT(m.forceZ.rSquared, 0.99);
  EXPECT_NEAR(m.forceZ.rSquared, sxy * sxy / (sxx * syy), 1e-6);
  EXPECT_NEAR(m.forceZ.slope, sxy / sxx, std::fabs(sxy / sxx) * 1e-5);
}

TEST(StudyMetrics, PlateFitDepthNarrowsTheWindow) {
  PlateIntrusionStudy s = study();
  // Half a row beyond 5 and 10 mm on each side, so that round-off in the depths cannot
  // decide whether the end rows are in.
  s.fitDepth = std::array<double, 2>{0.00495, 0.01005};
  const double kz = 0.3e6 * kArea;
  // Beyond 10 mm the force jumps (a floor, say): fit_depth keeps it out of the line.
  const PlateIntrusionMetrics m = plateIntrusionMetrics(
      descent([&](double d, int) { return d > 0.0105 ? 5.0 : kz * d; }, [](double, int) { return 0.0; }), s, kSurface);
  EXPECT_NEAR(m.depthBegin, 0.005, 1e-12);
  EXPECT_NEAR(m.depthEnd, 0.010, 1e-12);
  EXPECT_EQ(m.rows, 51u);  // 5 mm at 0.1 mm a row
  EXPECT_NEAR(m.stressPerDepthZ, 0.3e6, 0.3e6 * 1e-5);
  EXPECT_NE(m.window.rule.find("fit_depth"), std::string::npos) << m.window.rule;
}

TEST(StudyMetrics, PlateStrokeAtConstantDepthHasAlphaButNoSlope) {
  // Buried 10 mm deep and dragged sideways (gamma = 0): depth never changes.
  std::vector<SeriesSample> rows;
  for (int i = 0; i <= 300; ++i) {
    SeriesSample s;
    s.time = i * 1e-3;
    s.position = Vec3d(0.1 * s.time, 0, kSurface - 0.01);
    s.force = Vec3(Real(-0.4), Real(0), Real(0.2));
    rows.push_back(s);
  }
  const PlateIntrusionMetrics m = plateIntrusionMetrics(rows, study(), kSurface);
  EXPECT_TRUE(std::isnan(m.stressPerDepthX));
  EXPECT_TRUE(std::isnan(m.forceZ.rSquared));
  EXPECT_NEAR(m.meanAlphaX, -0.4 / (0.01 * kArea), 1e-3);
  EXPECT_NEAR(m.meanAlphaZ, 0.2 / (0.01 * kArea), 1e-3);
}

TEST(StudyMetrics, PlateThatNeverGoesUnderIsRefusedWithTheDepthReached) {
  PlateIntrusionStudy s = study();
  s.halfHeight = 0.02;  // a plate standing on end, 40 mm tall, in a 13 mm stroke
  try {
    plateIntrusionMetrics(descent([](double, int) { return 1.0; }, [](double, int) { return 0.0; }), s, kSurface);
    FAIL() << "a window without rows was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("reaches 0.013"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace regolith::postprocess
