// Analytic boundaries in contact: cylinder walls (inside and outside) and finite box
// walls return an elastic, frictionless sphere with its speed and along the wall normal.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/support/test_support.h"

namespace regolith::test {
namespace {

// Fires a sphere at velocity v0 from x0 and steps until it has bounced (its velocity
// component along v0 has reversed and contact is over). Returns the final velocity.
Vec3 bounce(std::vector<BoundaryPrimitive> walls, const Vec3d& x0, const Vec3d& v0) {
  const double R = 0.005;
  Material mat = material("steel", 2e9, 0.3, 7800, 1.0, 0.0);
  Model model = modelWith({mat}, 1e-7);
  model.boundaries = std::move(walls);
  WorldBuilder w;
  w.addClump(sphereTemplate("ball", R, 0, mat.density), x0, Quat(), v0);
  Simulation sim(model, w.state());
  for (int k = 0; k < 200 && (dot(Vec3d(sim.state().ownerVelocity[0]), v0) > 0 || sim.touchingWalls() > 0); ++k)
    sim.step(100);
  return sim.state().ownerVelocity[0];
}

// e = 1 and mu = 0: the normal velocity reverses and the speed is kept. Over one Hertz
// impact with ~100 steps the Verlet energy error is below 1e-4 of the kinetic energy.
void expectMirrored(const Vec3& v, const Vec3d& expected) {
  EXPECT_NEAR(v.x, expected.x, 1e-4);
  EXPECT_NEAR(v.y, expected.y, 1e-4);
  EXPECT_NEAR(v.z, expected.z, 1e-4);
}

TEST(Boundaries, SphereInsideCylinderBouncesOffTheWall) {
  // Vertical cylinder of radius 0.05 around the z axis; the sphere moves radially outwards
  // along +x with a tangential y component that a frictionless wall keeps.
  const auto v = bounce({cylinder(Vec3d(), Vec3d(0, 0, 1), 0.05, 0, true, 0)}, Vec3d(0.0449, 0, 0),
                        Vec3d(0.5, 0.0, 0.1));
  expectMirrored(v, Vec3d(-0.5, 0.0, 0.1));
}

TEST(Boundaries, SphereOutsideCylinderBouncesOffTheSurface) {
  // Horizontal cylinder along y of radius 0.02; the sphere falls onto its top.
  const auto v = bounce({cylinder(Vec3d(), Vec3d(0, 1, 0), 0.02, 0, false, 0)}, Vec3d(0, 0, 0.0251),
                        Vec3d(0, 0.2, -0.5));
  expectMirrored(v, Vec3d(0, 0.2, 0.5));
}

TEST(Boundaries, FiniteBoxWallActsOnlyOverItsFace) {
  // The +x wall of a box [0, 0.1]^3: a sphere moving along +x at height 0.05 bounces...
  const auto walls = boxContainer(Vec3d(0, 0, 0), Vec3d(0.1, 0.1, 0.1), 0);
  const auto inside = bounce({walls[1]}, Vec3d(0.0949, 0.05, 0.05), Vec3d(0.5, 0, 0));
  expectMirrored(inside, Vec3d(-0.5, 0, 0));
  // ...but one passing beside the box (y = 0.2, outside the face) flies through.
  Material mat = material("steel", 2e9, 0.3, 7800, 1.0, 0.0);
  Model model = modelWith({mat}, 1e-7);
  model.boundaries = {walls[1]};
  WorldBuilder w;
  w.addClump(sphereTemplate("ball", 0.005, 0, mat.density), Vec3d(0.0949, 0.2, 0.05), Quat(), Vec3d(0.5, 0, 0));
  Simulation sim(model, w.state());
  sim.step(20000);  // 1 mm: past the wall's plane by 0.9 mm, had it extended this far
  EXPECT_EQ(sim.touchingWalls(), 0u);
  EXPECT_DOUBLE_EQ(sim.state().ownerVelocity[0].x, 0.5);
}

TEST(Boundaries, SquareWallOnAnOddAxisBouncesAlongItsNormal) {
  // A drum's end cap: facing (1, 1, 0)/sqrt 2, half side 0.05 m; in-plane axes orthonormal.
  const Vec3d n = Vec3d(1, 1, 0) * (1 / std::sqrt(2.0));
  const BoundaryPrimitive cap = squareWall(Vec3d(0, 0, 0), n, 0.05, 0);
  EXPECT_NEAR(dot(Vec3d(cap.tangentU), n), 0, 1e-12);
  EXPECT_NEAR(dot(Vec3d(cap.tangentV), n), 0, 1e-12);
  EXPECT_NEAR(dot(Vec3d(cap.tangentU), Vec3d(cap.tangentV)), 0, 1e-12);
  EXPECT_EQ(cap.halfU, Real(0.05));
  const auto v = bounce({cap}, n * 0.0051, n * -0.5);
  expectMirrored(v, n * 0.5);
}

}  // namespace
}  // namespace regolith::test
