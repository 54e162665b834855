// BedLayout: crop, trim, tile and shift of a bed's particles, and the overlaps of a
// tiling's copies, on small hand-made beds whose answers are known.
#include <cmath>

#include <gtest/gtest.h>

#include "clumps/bed_layout.h"

namespace regolith::scene {
namespace {

ClumpTemplate sphere(double r) {
  ClumpTemplate t;
  t.name = "sphere";
  t.offsets = {Vec3d()};
  t.radii = {r};
  t.materials = {0};
  return t;
}

// Two spheres of radius 1 on the x axis, 1.5 apart: they overlap each other by 0.5.
ClumpTemplate pair() {
  ClumpTemplate t;
  t.name = "pair";
  t.offsets = {Vec3d(-0.75, 0, 0), Vec3d(0.75, 0, 0)};
  t.radii = {1, 1};
  t.materials = {0, 0};
  return t;
}

BedParticle at(const Vec3d& x, Index templ = 0) {
  BedParticle p;
  p.templ = templ;
  p.position = x;
  return p;
}

TEST(BedLayout, CropIsHalfOpenByCentreOfMass) {
  const std::vector<BedParticle> bed = {at(Vec3d(0, 0, 0)), at(Vec3d(1, 0.5, 0.5)), at(Vec3d(0.5, 0.5, 1)),
                                        at(Vec3d(0.5, -1e-12, 0.5)), at(Vec3d(0.999, 0.999, 0.999))};
  const std::vector<BedParticle> kept = cropped(bed, Vec3d(0, 0, 0), Vec3d(1, 1, 1));
  // On lo: in; on hi (x or z): out; a hair below lo in y: out.
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(kept[0].position.x, 0);
  EXPECT_EQ(kept[1].position.x, 0.999);
}

TEST(BedLayout, TopIsTheHighestSphereAtThePose) {
  const std::vector<ClumpTemplate> templates = {pair()};
  BedParticle upright = at(Vec3d(0, 0, 2));
  // A quarter turn about y takes +x to -z: the pair stands on end, its spheres at z 2 ± 0.75.
  upright.orientation = Quat(std::sqrt(0.5), 0, std::sqrt(0.5), 0);
  EXPECT_NEAR(topOf(upright, templates[0]), 2 + 0.75 + 1, 1e-15);
  EXPECT_EQ(topOf(at(Vec3d(0, 0, 2)), templates[0]), 3);  // lying flat
  const std::vector<BedParticle> kept = trimmed({upright, at(Vec3d(0, 0, 2))}, templates, 3);
  ASSERT_EQ(kept.size(), 1u);  // the flat one, whose top is exactly at the height
  EXPECT_EQ(kept[0].orientation.w, 1);
}

TEST(BedLayout, TilesCopyAfterCopyAndShifts) {
  BedParticle a = at(Vec3d(0.1, 0.2, 0.3));
  a.velocity = Vec3d(1, 2, 3);
  a.angularVelocity = Vec3d(4, 5, 6);
  std::vector<BedParticle> copies = tiled({a, at(Vec3d(0.5, 0.5, 0.5))}, 3, 2, 10, 20);
  ASSERT_EQ(copies.size(), 12u);
  for (int j = 0; j < 2; ++j)
    for (int i = 0; i < 3; ++i) {
      const BedParticle& p = copies[std::size_t(2 * (i + 3 * j))];
      EXPECT_EQ(p.position.x, 0.1 + i * 10.0);
      EXPECT_EQ(p.position.y, 0.2 + j * 20.0);
      EXPECT_EQ(p.position.z, 0.3);
      EXPECT_EQ(p.velocity.y, 2);
      EXPECT_EQ(p.angularVelocity.z, 6);
      EXPECT_EQ(copies[std::size_t(2 * (i + 3 * j) + 1)].position.x, 0.5 + i * 10.0);
    }
  shift(copies, Vec3d(-1, 0, 7));
  EXPECT_EQ(copies[11].position.x, 0.5 + 20.0 - 1);
  EXPECT_EQ(copies[11].position.z, 0.5 + 7);
}

// Two unit spheres 1.99 apart overlap by 0.01; copied at period p, the second's copy
// overlaps the first particle's neighbour by 2 - (p - 1.99).
TEST(BedLayout, OverlapsWithinACopyAndAcrossASeam) {
  const std::vector<ClumpTemplate> templates = {sphere(1)};
  const std::vector<BedParticle> bed = {at(Vec3d(0, 0, 0)), at(Vec3d(1.99, 0, 0))};
  TilingOverlaps o = tilingOverlaps(tiled(bed, 2, 1, 3.985, 0), bed.size(), templates);
  EXPECT_NEAR(o.withinCopy, 0.01, 1e-12);
  EXPECT_NEAR(o.acrossCopies, 0.005, 1e-12);
  EXPECT_NEAR(o.acrossAt.x, (1.99 + 3.985) / 2, 1e-12);

  o = tilingOverlaps(tiled(bed, 2, 1, 3.975, 0), bed.size(), templates);
  EXPECT_NEAR(o.acrossCopies, 0.015, 1e-12);
  // Far apart: the copies do not touch.
  o = tilingOverlaps(tiled(bed, 1, 3, 0, 5), bed.size(), templates);
  EXPECT_EQ(o.acrossCopies, 0);
  EXPECT_NEAR(o.withinCopy, 0.01, 1e-12);
}

TEST(BedLayout, AClumpsOwnSpheresAreNoOverlap) {
  const std::vector<ClumpTemplate> templates = {pair()};
  const TilingOverlaps o = tilingOverlaps(tiled({at(Vec3d())}, 2, 1, 10, 0), 1, templates);  // far apart
  EXPECT_EQ(o.withinCopy, 0);
  EXPECT_EQ(o.acrossCopies, 0);
  // Copies 3.4 apart in x: spheres at 0.75 and 3.4 - 0.75 overlap by 2 - 1.9 = 0.1.
  const TilingOverlaps near = tilingOverlaps(tiled({at(Vec3d())}, 2, 1, 3.4, 0), 1, templates);
  EXPECT_NEAR(near.acrossCopies, 0.1, 1e-12);
  EXPECT_EQ(near.withinCopy, 0);
}

}  // namespace
}  // namespace regolith::scene
