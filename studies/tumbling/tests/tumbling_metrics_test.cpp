// StudyMetrics, tumbling (studies/tumbling/tumbling_metrics.h) on a synthetic ring series
// whose answers are known in closed form; the bed surface it measures against
// (postprocess/bed_surface.h) and the grains it displaces, on synthetic frames.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "postprocess/bed_surface.h"
#include "postprocess/series_window.h"
#include "studies/tumbling/tumbling_metrics.h"
#include "tests/support/grain_frame.h"

namespace regolith::postprocess {
namespace {

using test::grainFrame;

// A ring released at 0.2 s that moves at 0.1 m/s along +x, touching for 0.2 .. 0.3 s
// (2 mm below the surface) and 0.4 .. 0.6 s (3 mm), airborne between; while touching,
// F = (-0.5, 0, 2) N (normal part 2 N up) and tau_y = -0.01 N m against w = pi rad/s.
constexpr double kRingBedSurface = 0.01, kRingRadius = 0.05;

bool touching(int i) { return (i >= 200 && i <= 300) || i >= 400; }

std::vector<SeriesSample> syntheticRing() {
  std::vector<SeriesSample> rows;
  for (int i = 0; i <= 600; ++i) {
    SeriesSample s;
    s.time = i * 1e-3;
    const bool released = i >= 200;
    s.position.x = released ? 0.06 + 0.1 * (s.time - 0.2) : 0.06;
    const double sink = i <= 300 ? 0.002 : 0.003;
    s.position.z = touching(i) ? kRingBedSurface + kRingRadius - sink : kRingBedSurface + kRingRadius + 0.001;
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
  const TumblingMetrics m = tumblingMetrics(syntheticRing(), syntheticTumbling(), kRingBedSurface);
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
