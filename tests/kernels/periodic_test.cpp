// Periodic boundaries (docs/periodic.md): a contact across the seam is the same contact as
// the translated one in the middle of a box that is not periodic.
//  - The first evaluation of a sphere pair straddling the seam gives the translated pair's
//    forces and torques bit for bit: the positions are dyadic with few bits, so both
//    branch vectors, x_i - x_j - L and the translated x_i' - x_j', are exact and equal.
//  - Through a collision in which one sphere wraps, the motion is the translated one to
//    round-off: bits cannot hold once the spheres move, since x + v dt rounds at the ulp
//    of x, and the seam pair's positions differ from the translated pair's by L / 2.
//    Measured (CPU build): unwrapped positions 1.8e-15 m and velocities 4.2e-14 m/s apart
//    after 1 ms (speeds of 1 m/s); the bounds, 1e-13 m and 1e-11 m/s, leave a factor of 50
//    to 200 for another compiler's round-off, far below what a missed or doubled contact
//    makes (the collision changes the velocities by 0.05 m/s).
//  - A clump straddling the seam, and a mesh plate carried across it, the same (measured
//    3.9e-15 m and 4.0e-13 m/s, and 2.9e-16 m and 0 m/s; bounds 1e-12 m and 1e-9 m/s).
//  - Owners wrap with their image counted; bad boxes are refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/mesh_boundaries.h"
#include "core/periodic_model.h"
#include "core/simulation.h"
#include "kernels/backend/input_error.h"
#include "tests/support/mesh_test_shapes.h"
#include "tests/support/test_support.h"

namespace regolith {
namespace {

constexpr double kL = 0.0625;              // period along x [m] (2^-4)
constexpr double kR = 0.00391;             // sphere radius [m]
constexpr double kNear = 1.0 / (1 << 14);  // 61 um: the first sphere's distance from the seam
constexpr double kApart = 1.0 / (1 << 7);  // 7.8125 mm between centres: 7.5 um of overlap

Model pairModel(bool periodic) {
  Model m = test::modelWith({test::material("glass", 1e8, 0.3, 2500, 0.5, 0.5, 0.1)}, 1e-6);
  m.streams.mode = StreamMode::Sync;
  if (periodic) m.periodic = periodicBoxOf(Vec3d(0, -1, -1), Vec3d(kL, 1, 1), true, false, false);
  return m;
}

// Two spheres in contact, the first `shift` + kL - kNear along x and moving on at 1 m/s
// (it crosses x = shift + kL within the contact), the second kApart ahead of it (across
// the seam at x = kL when shift = 0 and the box is periodic); a sideways slip loads the
// tangential spring. `shift` = -kL / 2 puts the pair in the middle of the box instead.
StateArrays pair(double shift, bool acrossTheSeam) {
  WorldBuilder w;
  const ClumpTemplate grain = sphereTemplate("grain", kR, 0, 2500);
  const double first = shift + kL - kNear;
  const double second = first + kApart - (acrossTheSeam ? kL : 0.0);
  w.addClump(grain, Vec3d(first, 0, 0), Quat(), Vec3d(1.1, 0.05, 0));
  w.addClump(grain, Vec3d(second, 0, 0), Quat(), Vec3d(0.9, -0.05, 0));
  return w.take();
}

// Unwrapped position of owner o: position + image x period.
Vec3d unwrapped(const StateArrays& s, std::size_t o, const PeriodicBox& box) {
  const Vec3i k = s.ownerImage.empty() ? Vec3i() : s.ownerImage[o];
  return s.ownerPosition[o] + Vec3d(k.x * box.length.x, k.y * box.length.y, k.z * box.length.z);
}

TEST(Periodic, APairAcrossTheSeamFeelsTheTranslatedPairsForcesBitForBit) {
  Simulation seam(pairModel(true), pair(0, true));
  Simulation middle(pairModel(false), pair(-kL / 2, false));
  const StateArrays a = seam.state(), b = middle.state();
  ASSERT_GT(std::fabs(double(b.ownerForce[0].x)), 0.01) << "the pair must touch";
  for (std::size_t o = 0; o < 2; ++o) {
    EXPECT_EQ(a.ownerForce[o].x, b.ownerForce[o].x);
    EXPECT_EQ(a.ownerForce[o].y, b.ownerForce[o].y);
    EXPECT_EQ(a.ownerForce[o].z, b.ownerForce[o].z);
    EXPECT_EQ(a.ownerTorque[o].x, b.ownerTorque[o].x);
    EXPECT_EQ(a.ownerTorque[o].y, b.ownerTorque[o].y);
    EXPECT_EQ(a.ownerTorque[o].z, b.ownerTorque[o].z);
  }
}

TEST(Periodic, ACollisionThroughTheSeamIsTheTranslatedCollision) {
  const Model periodic = pairModel(true);
  Simulation seam(periodic, pair(0, true));
  Simulation middle(pairModel(false), pair(-kL / 2, false));
  // 1 ms: the first sphere crosses the seam after about 56 us, in contact (a Hertzian
  // contact of 0.2 m/s closing speed lasts about 0.45 ms here), and both fly apart.
  bool crossedInContact = false;
  for (int k = 0; k < 1000; ++k) {
    seam.step();
    middle.step();
    const StateArrays s = seam.state();
    if (!s.ownerImage.empty() && s.ownerImage[0].x == 1 && seam.touchingContacts() > 0) crossedInContact = true;
  }
  EXPECT_TRUE(crossedInContact) << "the first sphere must wrap while the pair touches";
  const StateArrays a = seam.state(), b = middle.state();
  ASSERT_EQ(a.ownerImage.size(), 2u);
  EXPECT_EQ(a.ownerImage[0].x, 1);
  EXPECT_EQ(a.ownerImage[1].x, 0);
  double dx = 0, dv = 0;
  for (std::size_t o = 0; o < 2; ++o) {
    const Vec3d x = unwrapped(a, o, periodic.periodic) - Vec3d(kL / 2 - (o == 1 ? kL : 0.0), 0, 0);
    dx = std::max(dx, std::sqrt(norm2(x - b.ownerPosition[o])));
    dv = std::max(dv, double(std::sqrt(norm2(a.ownerVelocity[o] - b.ownerVelocity[o]))));
  }
  std::printf("seam pair against the translated pair: positions %.2e m, velocities %.2e m/s apart\n", dx, dv);
  for (std::size_t o = 0; o < 2; ++o) {
    EXPECT_GE(a.ownerPosition[o].x, -1e-3);  // in the box, give or take the last drift
    EXPECT_LT(a.ownerPosition[o].x, kL + 1e-3);
    const Vec3d x = unwrapped(a, o, periodic.periodic) - Vec3d(kL / 2, 0, 0);
    // Round-off only (measured 1e-18 m and 1e-17 m/s; see the file comment).
    EXPECT_NEAR(x.x + (o == 1 ? kL : 0.0), b.ownerPosition[o].x, 1e-13);  // the second started a period back
    EXPECT_NEAR(x.y, b.ownerPosition[o].y, 1e-13);
    EXPECT_NEAR(double(a.ownerVelocity[o].x), double(b.ownerVelocity[o].x), 1e-11);
    EXPECT_NEAR(double(a.ownerVelocity[o].y), double(b.ownerVelocity[o].y), 1e-11);
    EXPECT_NEAR(double(a.ownerAngularVelocity[o].z), double(b.ownerAngularVelocity[o].z), 1e-8);
  }
  // The collision did happen: the spheres exchanged momentum and spin.
  EXPECT_LT(double(b.ownerVelocity[0].x), 1.0);
  EXPECT_GT(std::fabs(double(b.ownerAngularVelocity[0].z)), 1.0);
}

// A dumbbell (two spheres 6 mm apart) straddling the seam meets a lone sphere.
StateArrays dumbbellAndGrain(double shift, bool periodic) {
  WorldBuilder w;
  const ClumpTemplate one = sphereTemplate("grain", kR, 0, 2500);
  const double m = one.mass, d = 0.003, own = one.principalInertia.x;
  ClumpTemplate bell;
  bell.name = "bell";
  bell.offsets = {Vec3d(-d, 0, 0), Vec3d(d, 0, 0)};
  bell.radii = {kR, kR};
  bell.materials = {0, 0};
  bell.mass = 2 * m;
  bell.principalInertia = Vec3d(2 * own, 2 * (own + m * d * d), 2 * (own + m * d * d));
  w.addClump(bell, Vec3d(shift + kL, 0.001, 0), Quat(), Vec3d(0.5, 0, 0), Vec3d(0, 0, 20));
  const double grain = shift + kL + 0.003 + 2 * kR + 0.0005 - (periodic ? kL : 0.0);
  w.addClump(sphereTemplate("grain", kR, 0, 2500), Vec3d(grain, 0, 0));
  return w.take();
}

TEST(Periodic, AClumpStraddlingTheSeamMovesAsTheTranslatedClump) {
  const Model periodic = pairModel(true);
  Simulation seam(periodic, dumbbellAndGrain(0, true));
  Simulation middle(pairModel(false), dumbbellAndGrain(-kL / 2, false));
  seam.step(3000);
  middle.step(3000);
  const StateArrays a = seam.state(), b = middle.state();
  ASSERT_GT(double(b.ownerVelocity[1].x), 0.05) << "the dumbbell must have struck the grain";
  double dx = 0, dv = 0;
  for (std::size_t o = 0; o < 2; ++o) {
    const Vec3d x = unwrapped(a, o, periodic.periodic) - Vec3d(kL / 2, 0, 0) - Vec3d(o == 1 ? -kL : 0.0, 0, 0);
    dx = std::max(dx, std::sqrt(norm2(x - b.ownerPosition[o])));
    dv = std::max(dv, double(std::sqrt(norm2(a.ownerVelocity[o] - b.ownerVelocity[o]))));
  }
  std::printf("dumbbell on the seam against the translated one: positions %.2e m, velocities %.2e m/s apart\n", dx, dv);
  for (std::size_t o = 0; o < 2; ++o) {
    const Vec3d x = unwrapped(a, o, periodic.periodic) - Vec3d(kL / 2, 0, 0) - Vec3d(o == 1 ? -kL : 0.0, 0, 0);
    EXPECT_NEAR(x.x, b.ownerPosition[o].x, 1e-12);
    EXPECT_NEAR(x.y, b.ownerPosition[o].y, 1e-12);
    EXPECT_NEAR(double(a.ownerVelocity[o].x), double(b.ownerVelocity[o].x), 1e-9);
    EXPECT_NEAR(double(a.ownerAngularVelocity[o].z), double(b.ownerAngularVelocity[o].z), 1e-7);
  }
}

// A square mesh plate, carried along x at 0.5 m/s by a body, under a sphere that rests on
// it by gravity near the seam: the plate's triangles cross the seam (the body is never
// wrapped) and the sphere meets them through its nearest image.
StateArrays sphereOnCarriedPlate(Model& m, double shift) {
  WorldBuilder w;
  const double x0 = shift + kL - 0.01;
  const Index plate = w.addBody(1.0, Vec3d(1, 1, 1), Vec3d(x0, 0, -0.001), Quat(), Vec3d(), Vec3d(), 1);
  w.addClump(sphereTemplate("grain", kR, 0, 2500), Vec3d(shift + kL - 0.002, 0.001, kR - 1e-6));
  // 40 mm square of 5 mm cells: each triangle well within half a period of the sphere's
  // image nearest it.
  TriangleMesh square = test::tessellatedSquare(0.02, 8);
  for (Vec3d& v : square.vertices) v.x += x0;
  appendMeshBoundaries(m, square, 0, plate);
  MotionPhase slide;
  for (DofRule& r : slide.dof) r = DofRule::fixed();
  slide.dof[0] = DofRule::constant(0.5);
  m.families = {FamilyMotion{}, FamilyMotion{{slide}}};
  m.gravity = Vec3(0, 0, Real(-9.81));
  return w.take();
}

TEST(Periodic, AMeshCarriedAcrossTheSeamDragsASphereAsInTheMiddle) {
  Model periodic = pairModel(true), plain = pairModel(false);
  periodic.timeStep = plain.timeStep = 2e-5;
  const StateArrays s0 = sphereOnCarriedPlate(periodic, 0), s1 = sphereOnCarriedPlate(plain, -kL / 2);
  Simulation seam(periodic, s0), middle(plain, s1);
  // 50 ms: the plate's centre moves from 10 mm before the seam to 15 mm past it.
  seam.step(2500);
  middle.step(2500);
  const StateArrays a = seam.state(), b = middle.state();
  EXPECT_GT(a.ownerPosition[0].x, kL) << "the plate's body is not wrapped";
  ASSERT_GT(double(b.ownerVelocity[1].x), 0.05) << "friction must drag the sphere";
  const Vec3d x = unwrapped(a, 1, periodic.periodic) - Vec3d(kL / 2, 0, 0);
  std::printf(
      "sphere on a plate across the seam against the translated one: position %.2e m, velocity %.2e m/s apart\n",
      std::sqrt(norm2(x - b.ownerPosition[1])), double(std::sqrt(norm2(a.ownerVelocity[1] - b.ownerVelocity[1]))));
  EXPECT_NEAR(x.x, b.ownerPosition[1].x, 1e-12);
  EXPECT_NEAR(x.z, b.ownerPosition[1].z, 1e-12);
  EXPECT_NEAR(double(a.ownerVelocity[1].x), double(b.ownerVelocity[1].x), 1e-9);
  EXPECT_NEAR(double(a.ownerForce[0].z), double(b.ownerForce[0].z), 1e-6);
}

TEST(Periodic, APeriodShorterThanThreeSearchCellsIsRefused) {
  Model m = pairModel(false);
  // Cells of 2 r + margin = 9.6 mm: three need 28.8 mm.
  m.periodic = periodicBoxOf(Vec3d(0, -1, -1), Vec3d(0.025, 1, 1), true, false, false);
  WorldBuilder w;
  w.addClump(sphereTemplate("grain", kR, 0, 2500), Vec3d(0.01, 0, 0));
  try {
    Simulation sim(m, w.take());
    FAIL() << "a 25 mm period was accepted";
  } catch (const InvalidInputError& e) {
    EXPECT_NE(std::string(e.what()).find("three contact-search cells"), std::string::npos) << e.what();
  }
}

TEST(Periodic, APlaneAcrossAPeriodicAxisIsRefused) {
  Model m = pairModel(true);
  m.boundaries = {infinitePlane(Vec3d(0.01, 0, 0), Vec3d(1, 0, 0), 0)};
  EXPECT_NE(periodicModelProblem(m).find("plane"), std::string::npos);
  m.boundaries = {infinitePlane(Vec3d(0, 0, -0.01), Vec3d(0, 0, 1), 0)};  // a floor: fine
  EXPECT_EQ(periodicModelProblem(m), "");
}

}  // namespace
}  // namespace regolith
