// Beds (measures): the sphere–box volume against closed forms, and packing fraction,
// height map and coordination numbers on arrangements whose answers are known.
#include <gtest/gtest.h>

#include <cmath>

#include "clumps/bed_metrics.h"
#include "clumps/placement.h"
#include "clumps/sphere_box_volume.h"

namespace regolith {
namespace {

// Volume of the cap of height h of a sphere of radius r.
double cap(double r, double h) { return M_PI * h * h * (3 * r - h) / 3; }

// The section areas are exact and the quadrature is Gauss–Legendre on smooth pieces, so
// the closed forms are met to rounding (measured: 1e-15); 1e-12 relative leaves room for
// the sums and is still 6 times tighter than what 16 points instead of 24 achieved.
constexpr double kTight = 1e-12;

TEST(Beds, SphereBoxVolumeMatchesClosedForms) {
  const double r = 0.7;
  const double ball = 4.0 / 3.0 * M_PI * r * r * r;
  const Vec3d c(0.1, -0.2, 0.3);
  const auto rel = [](double got, double want) { return std::fabs(got - want) / want; };
  // Wholly inside; wholly outside.
  EXPECT_LT(rel(sphereBoxVolume(c, r, Vec3d(-5, -5, -5), Vec3d(5, 5, 5)), ball), kTight);
  EXPECT_EQ(sphereBoxVolume(c, r, Vec3d(2, -5, -5), Vec3d(5, 5, 5)), 0.0);
  // One face through the sphere at distance d from the centre: a cap of height r - d,
  // along each axis (the z faces use the quadrature's end pieces, x and y the sections).
  for (double d : {-0.5, 0.0, 0.3, 0.69}) {
    EXPECT_LT(rel(sphereBoxVolume(c, r, Vec3d(c.x + d, -5, -5), Vec3d(5, 5, 5)), cap(r, r - d)), kTight) << d;
    EXPECT_LT(rel(sphereBoxVolume(c, r, Vec3d(-5, -5, -5), Vec3d(5, c.y - d, 5)), cap(r, r - d)), kTight) << d;
    EXPECT_LT(rel(sphereBoxVolume(c, r, Vec3d(-5, -5, c.z + d), Vec3d(5, 5, 5)), cap(r, r - d)), kTight) << d;
  }
  // Two and three faces through the centre: a quarter and an eighth of the ball.
  EXPECT_LT(rel(sphereBoxVolume(c, r, Vec3d(c.x, c.y, -5), Vec3d(5, 5, 5)), ball / 4), kTight);
  EXPECT_LT(rel(sphereBoxVolume(c, r, c, Vec3d(5, 5, 5)), ball / 8), kTight);
  // A slab |z - c.z| < h: the ball less two caps.
  const double h = 0.25;
  EXPECT_LT(rel(sphereBoxVolume(c, r, Vec3d(-5, -5, c.z - h), Vec3d(5, 5, c.z + h)), ball - 2 * cap(r, r - h)), kTight);
  // Additivity over a box split in eight by arbitrary planes through the sphere.
  const Vec3d lo(-0.4, -0.7, 0.0), mid(0.25, -0.1, 0.45), hi(0.6, 0.3, 0.9);
  double sum = 0;
  for (int i = 0; i < 8; ++i) {
    const Vec3d a(i & 1 ? mid.x : lo.x, i & 2 ? mid.y : lo.y, i & 4 ? mid.z : lo.z);
    const Vec3d b(i & 1 ? hi.x : mid.x, i & 2 ? hi.y : mid.y, i & 4 ? hi.z : mid.z);
    sum += sphereBoxVolume(c, r, a, b);
  }
  EXPECT_LT(rel(sum, sphereBoxVolume(c, r, lo, hi)), kTight);
}

// Spheres of radius r at the sites of a simple cubic lattice of spacing 2r.
StateArrays cubicSpheres(int n, double r) {
  StateArrays s;
  s.ownerSphereBegin.push_back(0);
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        s.ownerPosition.push_back(Vec3d(2 * r * i, 2 * r * j, 2 * r * k));
        s.ownerOrientation.push_back(Quat());
        s.ownerMass.push_back(Real(1));
        s.sphereOwner.push_back(Index(s.ownerPosition.size() - 1));
        s.sphereOffset.push_back(Vec3());
        s.sphereRadius.push_back(Real(r));
        s.sphereMaterial.push_back(0);
        s.ownerSphereBegin.push_back(Index(s.sphereOwner.size()));
      }
  return s;
}

TEST(Beds, CubicPackingFractionInAnyInteriorBox) {
  const double r = 0.5e-3;
  const StateArrays s = cubicSpheres(12, r);
  const std::vector<Vec3d> centres = sphereCentresOf(s);
  const double density = 2500;
  // Any box of whole unit cells is exact, however it cuts the spheres: pi/6.
  const PackingSample cells = packingInBox(s, centres, {density}, Vec3d(3.3 * r, 3.3 * r, 3.3 * r),
                                           Vec3d(15.3 * r, 13.3 * r, 11.3 * r));
  EXPECT_NEAR(cells.packingFraction, M_PI / 6, 1e-9);
  // Bulk density: the grains' mass (1 kg each, whatever their volume) over the box: 6 x 5
  // x 4 cells of one grain's worth each.
  EXPECT_NEAR(cells.bulkDensity, 120.0 / (12 * r * 10 * r * 8 * r), 1e-6 * cells.bulkDensity);
}

// A periodic bed (docs/periodic.md): the cubic lattice repeats with a period of 24 r in x
// and y when its box starts at -0.5 r, so the spheres at x = 0 and y = 0 cross the seam.
// A box spanning the period takes each of them whole through its image at +24 r: pi / 6
// exactly, as for whole unit cells; without the images the parts beyond the seam are lost.
TEST(Beds, PeriodicPackingTakesTheSpheresAcrossTheSeamWhole) {
  const double r = 0.5e-3, period = 24 * r;
  const StateArrays s = cubicSpheres(12, r);
  const PeriodicBox box = PeriodicBox::along(Vec3d(-0.5 * r, -0.5 * r, 0), Vec3d(period, period, 0));
  const Vec3d lo(-0.5 * r, -0.5 * r, 3.3 * r), hi(23.5 * r, 23.5 * r, 11.3 * r);
  const std::vector<Vec3d> centres = sphereCentresOf(s);
  EXPECT_NEAR(packingInBox(s, centres, {2500}, lo, hi, box).packingFraction, M_PI / 6, 1e-9);
  EXPECT_LT(packingInBox(s, centres, {2500}, lo, hi).packingFraction, M_PI / 6 - 1e-3);
  // Wrapping moves points by whole periods into [lo, lo + L) on the periodic axes only.
  const std::vector<Vec3d> wrapped = wrappedIntoBox({Vec3d(23.7 * r, -0.7 * r, 40 * r)}, box);
  EXPECT_NEAR(wrapped[0].x, -0.3 * r, 1e-15);
  EXPECT_NEAR(wrapped[0].y, 23.3 * r, 1e-15);
  EXPECT_EQ(wrapped[0].z, 40 * r);
}

// Placing in a periodic domain: a sphere near one face of the period is kept clear of one
// near the other face (their images touch across the seam), and of nothing else.
TEST(Beds, PlacementKeepsClearOfImagesAcrossTheSeam) {
  PlacementGrid grid(0.1);
  grid.add(Vec3d(0.02, 0.5, 0.5), 0.05);
  EXPECT_TRUE(grid.fits(Vec3d(0.97, 0.5, 0.5), 0.05, 0));  // 0.95 apart, no periodic axis
  grid.setPeriodic(PeriodicBox::along(Vec3d(0, 0, 0), Vec3d(1, 0, 0)));
  EXPECT_FALSE(grid.fits(Vec3d(0.97, 0.5, 0.5), 0.05, 0));  // 0.05 apart through the seam
  EXPECT_TRUE(grid.fits(Vec3d(0.9, 0.5, 0.5), 0.05, 0));    // 0.12 apart through it
  EXPECT_TRUE(grid.fits(Vec3d(0.02, 0.5, 0.61), 0.05, 0));  // z is not periodic
}

TEST(Beds, HeightMapHoldsTheHighestTopPerCell) {
  const double r = 0.5e-3;
  StateArrays s = cubicSpheres(4, r);  // tops at 2r k + r, k < 4: 7r
  s.ownerPosition[5].z += 3 * r;       // site (1, 1, 0): a sphere raised...
  s.ownerPosition[63].z += 2 * r;      // ...and the top of column (3, 3)
  const HeightMap map = surfaceHeights(s, sphereCentresOf(s), -r, -r, 7 * r, 7 * r, 4, 4);
  EXPECT_NEAR(map.at(0, 0), 7 * r, 1e-12);
  EXPECT_NEAR(map.at(1, 1), 7 * r, 1e-12);  // raised by 3r, still under its column's top
  EXPECT_NEAR(map.at(3, 3), 9 * r, 1e-12);
  EXPECT_NEAR(map.maximum(), 9 * r, 1e-12);
  EXPECT_NEAR(map.mean(), (15 * 7 * r + 9 * r) / 16, 1e-12);
  // Cells beyond the spheres are empty.
  const HeightMap wide = surfaceHeights(s, sphereCentresOf(s), -r, -r, 15 * r, 7 * r, 8, 4);
  EXPECT_TRUE(std::isnan(wide.at(7, 0)));
}

TEST(Beds, CoordinationCountsDistinctTouchingGrains) {
  // Three grains: 0 and 1 one sphere each, 2 of two spheres that both touch grain 0 (one
  // grain pair, however many sphere contacts), and 1 touching 0.
  StateArrays s;
  s.ownerSphereBegin = {0, 1, 2, 4};
  s.sphereOwner = {0, 1, 2, 2};
  s.ownerPosition.assign(3, Vec3d());
  ContactForces c;
  c.pairFirst = {0, 0, 0};
  c.pairSecond = {2, 3, 1};
  c.pairForce.assign(3, Vec3(1, 0, 0));
  const CoordinationDistribution d = coordinationNumbers(s, c);
  ASSERT_EQ(d.counts.size(), 3u);
  EXPECT_EQ(d.counts[0], 0u);
  EXPECT_EQ(d.counts[1], 2u);  // grains 1 and 2
  EXPECT_EQ(d.counts[2], 1u);  // grain 0
  EXPECT_NEAR(d.mean, 4.0 / 3.0, 1e-15);
}

}  // namespace
}  // namespace regolith
