// ClumpMassProperties: templates from sphere lists (re-centred on the union's centre of
// mass, principal axes); the union integration itself is tested in MassProperties.
#include <cmath>

#include <gtest/gtest.h>

#include "clumps/clump_mass_properties.h"

namespace regolith {
namespace {

constexpr double kRho = 2500, kR = 0.001;
const double kM = 4.0 / 3.0 * M_PI * kR * kR * kR * kRho;

TEST(ClumpMassProperties, OneSphereIsTheSphereTemplate) {
  const ClumpTemplate t = clumpFromSpheres("one", {{Vec3d(0.3, 0, 0), kR, 0, kRho}});
  const ClumpTemplate s = sphereTemplate("one", kR, 0, kRho);
  EXPECT_EQ(t.mass, s.mass);
  EXPECT_EQ(t.principalInertia.x, s.principalInertia.x);
  EXPECT_TRUE(isZero(t.offsets[0]));  // the sphere is the centre of mass
}

TEST(ClumpMassProperties, PairAlongADiagonalGetsItsAxisAsPrincipal) {
  // Two spheres on the line x = y = z, away from the origin: the long axis is (1,1,1)/sqrt 3.
  const Vec3d c(0.01, 0.02, 0.03), d = Vec3d(1, 1, 1) * (kR / std::sqrt(3.0));
  const ClumpTemplate t = clumpFromSpheres("pair", {{c - d, kR, 0, kRho}, {c + d, kR, 1, kRho}});
  EXPECT_NO_THROW(validateTemplate(t, 2));
  EXPECT_NEAR(t.mass, 2 * kM, 1e-18);
  EXPECT_LT(norm(t.offsets[0] + t.offsets[1]), 1e-15);  // about the centre of mass
  // Eigenvalues ascending: the smallest moment is about the long axis.
  const double small = 2 * 0.4 * kM * kR * kR, large = small + 2 * kM * kR * kR;
  EXPECT_NEAR(t.principalInertia.x, small, 1e-6 * small);
  EXPECT_NEAR(t.principalInertia.y, large, 1e-6 * large);
  EXPECT_NEAR(t.principalInertia.z, large, 1e-6 * large);
  const Vec3d axis = rotate(t.principalFrame, Vec3d(1, 0, 0));  // principal x in the clump frame
  EXPECT_NEAR(std::fabs(dot(axis, d)) / norm(d), 1.0, 1e-9);
  EXPECT_EQ(t.materials[1], 1);
}

TEST(ClumpMassProperties, DiagonalInertiaKeepsTheInputAxes) {
  const ClumpTemplate t = clumpFromSpheres("pair", {{Vec3d(0, 0, -kR), kR, 0, kRho}, {Vec3d(0, 0, kR), kR, 0, kRho}});
  EXPECT_EQ(t.principalFrame.w, 1.0);
  EXPECT_LT(t.principalInertia.z, t.principalInertia.x);  // the long axis is z
  EXPECT_NEAR(t.principalInertia.x, t.principalInertia.y, 1e-24);
}

TEST(ClumpMassProperties, OverlapIsCountedOnceAndOffsetsAreRecentred) {
  // Unequal overlapping spheres: the centre of mass is not the midpoint, the mass is the
  // union's (less than the two spheres), within the reported bound.
  const std::vector<ClumpSphere> spheres = {{Vec3d(0.002, 0, 0), kR, 0, kRho}, {Vec3d(0.003, 0, 0), 0.6 * kR, 0, kRho}};
  const MassProperties p = unionMassProperties(spheres);
  const ClumpTemplate t = clumpFromSpheres("unequal", spheres);
  EXPECT_EQ(t.mass, p.mass);
  EXPECT_LT(t.mass + p.massErrorBound, kM * (1 + 0.216));
  EXPECT_NEAR(norm(t.offsets[0] - (spheres[0].centre - p.centre)), 0, 1e-18);
  EXPECT_GT(t.offsets[1].x, 0);
  EXPECT_LT(std::abs(t.offsets[0].x), std::abs(t.offsets[1].x));  // the centre is nearer the big one
}

TEST(ClumpMassProperties, MixedDensitiesInAnOverlapNameTheTemplate) {
  try {
    clumpFromSpheres("mixed", {{Vec3d(), kR, 0, kRho}, {Vec3d(kR, 0, 0), kR, 1, 2 * kRho}});
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'mixed'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace regolith
