// StudyMetrics, repose (studies/repose/repose_metrics.h) on synthetic heaps whose angle is
// known: cones, a flat cap, a rough cone, a lopsided heap, a run-out layer.
#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "studies/repose/repose_metrics.h"
#include "tests/support/grain_frame.h"

namespace regolith::postprocess {
namespace {

using test::grainFrame;

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
