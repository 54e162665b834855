// StudyMetrics: the metric arithmetic of postprocess/ on synthetic series whose answers are
// known in closed form (trapezoid means of piecewise-linear data are exact, so those
// tolerances are round-off; a sinusoid's RMS over whole periods is sampled, so its
// tolerance is the trapezoid rule's).
#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "postprocess/repose_metrics.h"
#include "postprocess/series_window.h"
#include "postprocess/single_wheel_metrics.h"
#include "postprocess/tumbling_metrics.h"

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

namespace regolith::postprocess {
namespace {

// A ring released at 0.2 s that moves at 0.1 m/s along +x, touching for 0.2 .. 0.3 s
// (2 mm below the surface) and 0.4 .. 0.6 s (3 mm), airborne between; while touching,
// F = (-0.5, 0, 2) N (normal part 2 N up) and tau_y = -0.01 N m against w = pi rad/s.
constexpr double kSurface = 0.01, kRingRadius = 0.05;

bool touching(int i) { return (i >= 200 && i <= 300) || i >= 400; }

std::vector<SeriesSample> syntheticRing() {
  std::vector<SeriesSample> rows;
  for (int i = 0; i <= 600; ++i) {
    SeriesSample s;
    s.time = i * 1e-3;
    const bool released = i >= 200;
    s.position.x = released ? 0.06 + 0.1 * (s.time - 0.2) : 0.06;
    const double sink = i <= 300 ? 0.002 : 0.003;
    s.position.z = touching(i) ? kSurface + kRingRadius - sink : kSurface + kRingRadius + 0.001;
    s.velocity.x = Real(released ? 0.1 : 0);
    s.angularVelocity.y = Real(released ? M_PI : 0);
    if (touching(i)) {
      s.contacts = 20;
      s.force = Vec3(Real(-0.5), 0, Real(2));
      s.forceNormal = Vec3(0, 0, Real(2));
      s.forceTangential = Vec3(Real(-0.5), 0, 0);
      s.torque = Vec3(0, Real(-0.01), 0);
    }
    rows.push_back(s);
  }
  return rows;
}

TumblingStudy syntheticTumbling() {
  TumblingStudy s;
  s.ring = "ring";
  s.slopeDeg = 24;
  s.radius = kRingRadius;
  s.release = 0.2;
  s.end = 0.6;
  s.mass = 0.1;
  return s;
}

TEST(StudyMetrics, TumblingFromASyntheticSeries) {
  const TumblingMetrics m = tumblingMetrics(syntheticRing(), syntheticTumbling(), kSurface);
  EXPECT_NEAR(m.travel, 0.04, 1e-12);
  EXPECT_NEAR(m.meanSpeed, 0.1, 1e-9);
  EXPECT_NEAR(m.finalSpeed, 0.1, 1e-7);
  EXPECT_NEAR(m.maxSpeed, std::hypot(0.1, 0.0), 1e-7);
  // Rows 200..600 (401); airborne 301..399 (99); touching 101 at 2 mm and 201 at 3 mm.
  EXPECT_NEAR(m.airborneFraction, 99.0 / 401.0, 1e-15);
  EXPECT_NEAR(m.meanSinkage, (101 * 0.002 + 201 * 0.003) / 302.0, 1e-12);
  EXPECT_NEAR(m.maxSinkage, 0.003, 1e-12);
  EXPECT_EQ(m.contactEpisodes, 2);
  // The second episode lasts 0.2 s: |F| x 0.2 s.
  EXPECT_NEAR(m.peakImpulse, std::sqrt(0.25 + 4.0) * 0.2, 1e-6);
  EXPECT_NEAR(m.peakNormalForce, 2, 1e-7);
  // Trapezoids over 1 ms rows: the touching stretches (0.1 s + 0.2 s) plus half a row at
  // each of the two edges between touching and airborne rows: 0.301 s of the window's 0.4.
  EXPECT_NEAR(m.meanNormalForce, 2 * 0.301 / 0.4, 1e-6);
  EXPECT_NEAR(m.meanFrictionForce, 0.5 * 0.301 / 0.4, 1e-6);
  // Power F.v + tau.w = -0.05 - 0.01 pi W while touching.
  EXPECT_NEAR(m.energyDissipated, (0.05 + 0.01 * M_PI) * 0.301, 1e-6);
}

// A frame of owners each with one sphere of radius r at the given centres (templates 0),
// plus one body (no spheres, template -1) at the end.
FrameData grainFrame(const std::vector<Vec3d>& centres, double r) {
  FrameData f;
  StateArrays& s = f.state;
  s.ownerSphereBegin = {0};
  for (const Vec3d& c : centres) {
    s.ownerPosition.push_back(c);
    s.ownerMass.push_back(Real(0.001));
    s.sphereRadius.push_back(Real(r));
    s.sphereOwner.push_back(Index(s.ownerPosition.size() - 1));
    s.ownerSphereBegin.push_back(Index(s.sphereRadius.size()));
    f.sphereCentres.push_back(c);
    f.ownerTemplate.push_back(0);
  }
  s.ownerPosition.push_back(Vec3d(0, 0, 1));
  s.ownerMass.push_back(Real(5));
  s.ownerSphereBegin.push_back(Index(s.sphereRadius.size()));
  f.ownerTemplate.push_back(-1);
  return f;
}

TEST(StudyMetrics, BedSurfaceLeavesOutTheCellsAlongTheSides) {
  // A 9 x 9 layer of 1 mm spheres 4 mm apart with tops at 11 mm, but the corner one
  // pushed up 5 mm against a wall: the border cells are left out, so the surface is 11 mm.
  std::vector<Vec3d> centres;
  for (int i = 0; i < 9; ++i)
    for (int j = 0; j < 9; ++j) centres.push_back(Vec3d(0.004 * i, 0.004 * j, i + j == 0 ? 0.015 : 0.01));
  EXPECT_NEAR(bedSurfaceHeight(grainFrame(centres, 0.001)), 0.011, 1e-12);
  EXPECT_TRUE(std::isnan(bedSurfaceHeight(grainFrame({}, 0.001))));
}

TEST(StudyMetrics, DisplacedGrainsCountOnlyGrainsMovedDownslopeBeyondTheThreshold) {
  const FrameData before = grainFrame({Vec3d(0, 0, 0), Vec3d(0.01, 0, 0), Vec3d(0.02, 0, 0)}, 0.001);
  FrameData after = before;
  after.state.ownerPosition[0].x += 0.01;   // downslope, beyond 4 mm
  after.state.ownerPosition[1].x += 0.001;  // within
  after.state.ownerPosition[2].x -= 0.01;   // upslope
  after.state.ownerPosition[3].x += 1.0;    // the body: not a grain
  const DisplacedGrains d = displacedDownslope(before, after, 0.004);
  EXPECT_EQ(d.count, 1u);
  EXPECT_NEAR(d.mass, 0.001, 1e-9);
}

}  // namespace
}  // namespace regolith::postprocess

namespace regolith::postprocess {
namespace {

// Synthetic heaps of 1 mm spheres (one grain each) whose tops lie on a known surface
// h(rho) above a floor at z = 4 mm: rings 0.5 mm apart about the axis (cx, cy), with a
// multiple of 8 spheres per ring that keeps them about 0.5 mm apart (a uniform density
// over the area) at azimuths 2 pi (j + 1/2) / n, so that every ring has spheres in every
// one of the 8 sectors and none lies on a sector boundary. A sphere is placed
// where h >= 2 r (its centre above the floor); `layer` adds a layer of grains lying on the
// floor (tops at 2 r) everywhere beyond that: the run-out foot.
constexpr double kFloor = 0.004, kGrain = 0.001;

template <typename Surface>
FrameData heapFrame(Surface h, double cx, double cy, double extent, bool layer) {
  std::vector<Vec3d> centres;
  for (int i = 0; (i + 0.5) * 0.0005 < extent; ++i) {
    const double rho = (i + 0.5) * 0.0005;
    const int n = 8 * std::max(1, int(std::lround(2 * M_PI * rho / 0.0005 / 8)));
    for (int j = 0; j < n; ++j) {
      const double phi = 2 * M_PI * (j + 0.5) / n;
      const double x = rho * std::cos(phi), y = rho * std::sin(phi);
      double top = h(x, y, rho);
      if (top < 2 * kGrain) {
        if (!layer) continue;
        top = 2 * kGrain;
      }
      centres.push_back(Vec3d(cx + x, cy + y, kFloor + top - kGrain));
    }
  }
  return grainFrame(centres, kGrain);
}

ReposeStudy reposeStudy(double cx = 0, double cy = 0) {
  ReposeStudy s;
  s.centreX = cx, s.centreY = cy;
  s.floorHeight = kFloor;
  return s;
}

double coneTop(double height, double angleDeg, double rho) { return height - rho * std::tan(angleDeg * M_PI / 180); }

TEST(StudyMetrics, ReposeOfAConeIsItsAngle) {
  // A 30-degree cone 30 mm high with a run-out layer. Each cell's highest top is its
  // innermost sphere's, which lies on the cone, so every fitted point is on one line: the
  // angle is exact to round-off, and the foot (tops at 2 mm < 20 % of the peak) is out.
  const FrameData f = heapFrame([](double, double, double rho) { return coneTop(0.030, 30, rho); }, 0, 0, 0.070, true);
  const ReposeMetrics m = reposeMetrics(f, reposeStudy());
  EXPECT_NEAR(m.angleDeg, 30, 1e-9);
  EXPECT_NEAR(m.fit.rSquared, 1, 1e-12);
  EXPECT_NEAR(m.binWidth, 0.002, 1e-15);
  // The peak is bin 0's mean top: every sector's highest is on the innermost ring
  // (rho = 0.25 mm), below the apex by rho tan 30.
  EXPECT_NEAR(m.peakHeight, coneTop(0.030, 30, 0.00025), 1e-12);
  // The line meets the floor at the cone's foot, H / tan 30.
  EXPECT_NEAR(m.baseRadius, 0.030 / std::tan(M_PI / 6), 1e-9);
  // The flank's bins: a bin's mean top is the cone's at its innermost ring, 0.25 mm past
  // its inner edge. 80 % of the peak is reached at rho = (H - 0.8 peak) / tan 30 = 10.6 mm:
  // the bin [10, 12) mm still tops out above it, so the flank starts at 12 mm; 20 % at
  // 41.7 mm: [40, 42) is the last bin above it, so the flank ends at 42 mm.
  EXPECT_NEAR(m.fitFrom, 0.012, 1e-12);
  EXPECT_NEAR(m.fitTo, 0.042, 1e-12);
  EXPECT_EQ(m.sectorsFitted, 8);
  EXPECT_NEAR(m.sectorAngleStdDeg, 0, 1e-9);
  EXPECT_EQ(m.grains, f.state.ownerCount() - 1);  // all but the body
}

TEST(StudyMetrics, ReposeIgnoresAFlatCapAndTheAxisOffset) {
  // A 40-degree cone truncated at 20 mm (the column's flat remainder), about an axis away
  // from the origin: the cap is above 80 % of the peak, so the flank is the cone's alone,
  // and the sectors are about the axis given.
  const double cx = 0.1, cy = -0.05;
  const FrameData f = heapFrame([](double, double, double rho) { return std::min(0.020, coneTop(0.030, 40, rho)); }, cx,
                                cy, 0.050, true);
  const ReposeMetrics m = reposeMetrics(f, reposeStudy(cx, cy));
  EXPECT_NEAR(m.angleDeg, 40, 1e-9);
  EXPECT_NEAR(m.peakHeight, 0.020, 1e-12);
  EXPECT_EQ(m.sectorsFitted, 8);
}

TEST(StudyMetrics, ReposeOfARoughConeIsWithinTheBoundItsRoughnessAllows) {
  // The 30-degree cone with every top moved by a uniform random amount within +-delta,
  // delta = r / 2 (a surface rough at the grain scale). Each fitted point then lies within
  // delta of the cone's line, and a least-squares slope moves by at most
  // delta sum|r_i - mean r| / sum (r_i - mean r)^2 (the deviations' worst signs); the
  // angle by at most that over 1 + (tan 30 - it)^2. The bound is computed from the points
  // the fit used.
  const double delta = kGrain / 2;
  std::mt19937 random(17);
  std::uniform_real_distribution<double> noise(-delta, delta);
  const FrameData f = heapFrame([&](double, double, double rho) { return coneTop(0.030, 30, rho) + noise(random); }, 0,
                                0, 0.070, true);
  const ReposeMetrics m = reposeMetrics(f, reposeStudy());
  double mean = 0, n = 0;
  for (const ProfilePoint& p : m.points)
    if (p.inFit) mean += p.radius, ++n;
  mean /= n;
  double absolute = 0, square = 0;
  for (const ProfilePoint& p : m.points)
    if (p.inFit) absolute += std::fabs(p.radius - mean), square += (p.radius - mean) * (p.radius - mean);
  const double slopeBound = delta * absolute / square;
  const double tan30 = std::tan(M_PI / 6);
  const double angleBound = slopeBound / (1 + (tan30 - slopeBound) * (tan30 - slopeBound)) * 180 / M_PI;
  EXPECT_LT(angleBound, 2.5);  // the bound itself is useful: a flank of ~30 mm, delta 0.5 mm
  EXPECT_NEAR(m.angleDeg, 30, angleBound);
  EXPECT_GT(m.fit.rSquared, 0.95);
}

TEST(StudyMetrics, ReposeSectorsShowALopsidedHeap) {
  // 30 degrees on the +x side, 40 on the -x side (sectors 2 to 5 and 0, 1, 6, 7), no foot:
  // each sector's points lie on its own cone, so the sector fits are 30 and 40 exactly. (The
  // pooled fit need not lie between: the 40-degree side ends sooner, and the free intercept
  // lets the pooled line tilt; it is no longer a line, which R^2 shows.)
  const FrameData f = heapFrame([](double x, double, double rho) { return coneTop(0.030, x >= 0 ? 30 : 40, rho); }, 0,
                                0, 0.060, false);
  const ReposeMetrics m = reposeMetrics(f, reposeStudy());
  EXPECT_EQ(m.sectorsFitted, 8);
  EXPECT_NEAR(m.sectorAngleMinDeg, 30, 1e-9);
  EXPECT_NEAR(m.sectorAngleMaxDeg, 40, 1e-9);
  EXPECT_NEAR(m.sectorAngleMeanDeg, 35, 1e-9);
  EXPECT_NEAR(m.sectorAngleStdDeg, 5, 1e-9);
  EXPECT_LT(m.fit.rSquared, 1 - 1e-3);  // two slopes in one fit: not a line
}

TEST(StudyMetrics, ReposeLeavesOutTheRunOutLayerOfALowHeap) {
  // A 30-degree cone 10 mm high on a run-out layer 2 mm high: 20 % of its peak (9.86 mm)
  // is 1.97 mm, below the layer, so the foot is 1.5 sphere diameters (3 mm) and the flank
  // ends at the last bin above it, [10, 12) mm (its top 4.1 mm; [12, 14) tops at 2.9).
  const FrameData f = heapFrame([](double, double, double rho) { return coneTop(0.010, 30, rho); }, 0, 0, 0.030, true);
  const ReposeMetrics m = reposeMetrics(f, reposeStudy());
  EXPECT_NEAR(m.flankFoot, 0.003, 1e-15);
  EXPECT_NEAR(m.fitTo, 0.012, 1e-12);
  EXPECT_NEAR(m.angleDeg, 30, 1e-9);
}

TEST(StudyMetrics, ReposeRefusesAFlatLayerAndAnEmptyFloor) {
  // A layer of grains lying on the floor: no bin falls below 80 % of the peak, no flank.
  const FrameData flat = heapFrame([](double, double, double) { return 2 * kGrain; }, 0, 0, 0.03, false);
  try {
    reposeMetrics(flat, reposeStudy());
    FAIL() << "a flat layer was measured";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("fewer than the 3"), std::string::npos) << e.what();
  }
  // Grains whose centres are all below the floor's top (the floor's own spheres).
  ReposeStudy high = reposeStudy();
  high.floorHeight = 1.0;
  try {
    reposeMetrics(flat, high);
    FAIL() << "a frame without grains above the floor was measured";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("no grain lies above the floor"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace regolith::postprocess
