// MassProperties: the union of overlapping spheres against closed forms, the exact
// lens, rotations and finer runs; every comparison is held to the reported error bound.
#include <algorithm>
#include <cmath>
#include <functional>

#include <gtest/gtest.h>

#include "clumps/union_mass_properties.h"

namespace regolith {
namespace {

constexpr double kRho = 2500;

double ballVolume(double r) { return 4.0 / 3.0 * M_PI * r * r * r; }

// Volume and moments about its centre of the union of two spheres of radii R (centre at
// z = 0) and r (centre at z = d) whose surfaces intersect. The union's slice at height z is
// one disk, of the larger of the two spheres' slice radii, so every moment is the integral
// of exact disk moments (area pi rho^2, polar moment pi rho^4 / 2) along z. Between the
// breakpoints (-R, the intersection plane, d + r) rho^2 is a quadratic, the integrands are
// polynomials of degree <= 4, and a 5-point Gauss-Legendre rule per piece is exact.
struct LensUnion {
  double volume, centre, axial, transverse;  // centre along z; moments about the centre / rho
};
LensUnion exactUnion(double R, double r, double d) {
  const double plane = (d * d - r * r + R * R) / (2 * d);
  const double x[5] = {-0.9061798459386640, -0.5384693101056831, 0.0, 0.5384693101056831, 0.9061798459386640};
  const double w[5] = {0.2369268850561891, 0.4786286704993665, 0.5688888888888889, 0.4786286704993665,
                       0.2369268850561891};
  auto rho2 = [&](double z) { return z < plane ? R * R - z * z : r * r - (z - d) * (z - d); };
  auto integrate = [&](const std::function<double(double)>& f) {
    double sum = 0;
    for (const auto& [a, b] : {std::pair{-R, plane}, std::pair{plane, d + r}})
      for (int k = 0; k < 5; ++k) sum += 0.5 * (b - a) * w[k] * f(0.5 * (a + b) + 0.5 * (b - a) * x[k]);
    return sum;
  };
  LensUnion u{};
  u.volume = integrate([&](double z) { return M_PI * rho2(z); });
  u.centre = integrate([&](double z) { return z * M_PI * rho2(z); }) / u.volume;
  u.axial = integrate([&](double z) { return M_PI * rho2(z) * rho2(z) / 2; });
  u.transverse = integrate([&](double z) {
    const double s = z - u.centre;
    return M_PI * rho2(z) * rho2(z) / 4 + s * s * M_PI * rho2(z);
  });
  return u;
}

// The lens of two spheres (the closed form), for the volume check.
double lensVolume(double R, double r, double d) {
  return M_PI * (R + r - d) * (R + r - d) * (d * d + 2 * d * r - 3 * r * r + 2 * d * R + 6 * r * R - 3 * R * R) /
         (12 * d);
}

TEST(MassProperties, SingleSphereIsTheClosedForm) {
  const double r = 0.001;
  const MassProperties p = unionMassProperties({{Vec3d(0.1, -0.2, 0.3), r, 0, kRho}});
  const double m = ballVolume(r) * kRho;
  EXPECT_DOUBLE_EQ(p.volume, ballVolume(r));
  EXPECT_DOUBLE_EQ(p.mass, m);
  EXPECT_NEAR(norm(p.centre - Vec3d(0.1, -0.2, 0.3)), 0, 1e-15);
  for (double I : {p.principalMoments.x, p.principalMoments.y, p.principalMoments.z})
    EXPECT_NEAR(I, 0.4 * m * r * r, 1e-12 * m * r * r);
  EXPECT_EQ(p.volumeErrorBound, 0);
  EXPECT_EQ(p.inertiaErrorBound, 0);
  EXPECT_EQ(p.cells, 0);
}

TEST(MassProperties, TwoDisjointSpheresFollowTheParallelAxisTheorem) {
  // Different radii and densities (allowed: they do not overlap), on the x axis.
  const double r1 = 0.001, r2 = 0.0005, rho2 = 3000, gap = 0.0001;
  const double m1 = ballVolume(r1) * kRho, m2 = ballVolume(r2) * rho2, m = m1 + m2;
  const double d = r1 + r2 + gap, x1 = -d * m2 / m, x2 = d * m1 / m;
  const MassProperties p = unionMassProperties({{Vec3d(x1, 0, 0), r1, 0, kRho}, {Vec3d(x2, 0, 0), r2, 1, rho2}});
  EXPECT_DOUBLE_EQ(p.mass, m);
  EXPECT_NEAR(norm(p.centre), 0, 1e-15);
  const double axial = 0.4 * (m1 * r1 * r1 + m2 * r2 * r2);
  const double transverse = axial + m1 * x1 * x1 + m2 * x2 * x2;
  EXPECT_NEAR(p.inertia[0][0], axial, 1e-12 * axial);
  EXPECT_NEAR(p.inertia[1][1], transverse, 1e-12 * transverse);
  EXPECT_NEAR(p.inertia[2][2], transverse, 1e-12 * transverse);
  EXPECT_EQ(p.volumeErrorBound, 0);  // no overlap: the closed form
}

// Two overlapping spheres along `axis` against the exact union: every error within the
// reported bound, and the bound within the tolerance asked for.
void expectLens(double R, double r, double d, const Vec3d& axis) {
  const Vec3d u = axis * (1.0 / norm(axis)), c0(0.0003, -0.0001, 0.0002);
  const MassProperties p = unionMassProperties({{c0, R, 0, kRho}, {c0 + u * d, r, 0, kRho}});
  const LensUnion e = exactUnion(R, r, d);
  EXPECT_NEAR(e.volume, ballVolume(R) + ballVolume(r) - lensVolume(R, r, d), 1e-12 * e.volume);
  EXPECT_GT(p.volumeErrorBound, 0);
  EXPECT_LE(p.volumeErrorBound, kDefaultMassTolerance * e.volume * 1.01);
  EXPECT_NEAR(p.volume, e.volume, p.volumeErrorBound);
  EXPECT_NEAR(p.mass, kRho * e.volume, p.massErrorBound);
  EXPECT_NEAR(norm(p.centre - (c0 + u * e.centre)), 0, p.centreErrorBound);
  // Principal moments in either order (a diagonal tensor keeps the input axes' order).
  std::vector<double> got{p.principalMoments.x, p.principalMoments.y, p.principalMoments.z},
      want{kRho * e.axial, kRho * e.transverse, kRho * e.transverse};
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(got[k], want[k], p.inertiaErrorBound);
  EXPECT_LE(p.relativeInertiaErrorBound(), 1e-2);
}

TEST(MassProperties, OverlappingEqualSpheresMatchTheExactLensUnion) {
  expectLens(0.001, 0.001, 0.0012, Vec3d(1, 0, 0));
  expectLens(0.001, 0.001, 0.0012, Vec3d(1, 2, -0.5));
}

TEST(MassProperties, OverlappingUnequalSpheresMatchTheExactLensUnion) {
  expectLens(0.001, 0.0006, 0.001, Vec3d(0, 0, 1));
  expectLens(0.001, 0.0006, 0.001, Vec3d(-0.3, 0.7, 1));
}

const std::vector<ClumpSphere> kIrregular = {{Vec3d(0, 0, 0), 0.001, 0, kRho},
                                             {Vec3d(0.0011, 0.0003, 0), 0.0008, 0, kRho},
                                             {Vec3d(0.0002, 0.0009, 0.0005), 0.0006, 0, kRho}};

TEST(MassProperties, RotatedTemplateHasTheSamePrincipalMoments) {
  const Quat q = normalized(Quat(0.9, 0.2, -0.3, 0.25));
  std::vector<ClumpSphere> turned = kIrregular;
  for (ClumpSphere& s : turned) s.centre = rotate(q, s.centre) + Vec3d(0.01, 0, -0.02);
  const MassProperties a = unionMassProperties(kIrregular), b = unionMassProperties(turned);
  // Both are within their bounds of the same true values.
  const double allowed = a.inertiaErrorBound + b.inertiaErrorBound;
  EXPECT_NEAR(a.principalMoments.x, b.principalMoments.x, allowed);
  EXPECT_NEAR(a.principalMoments.y, b.principalMoments.y, allowed);
  EXPECT_NEAR(a.principalMoments.z, b.principalMoments.z, allowed);
  EXPECT_NEAR(a.volume, b.volume, a.volumeErrorBound + b.volumeErrorBound);
}

TEST(MassProperties, ReportedBoundHoldsAgainstAFinerRun) {
  // A coarse run (tolerance 3e-2) against a run 30 times finer: the truth is within the
  // fine bound of the fine run, so the coarse error is at most the sum of the bounds.
  const MassProperties coarse = unionMassProperties(kIrregular, 3e-2), fine = unionMassProperties(kIrregular);
  EXPECT_LE(coarse.volumeErrorBound, 3e-2 * coarse.volume);
  EXPECT_LT(fine.volumeErrorBound, coarse.volumeErrorBound / 8);
  EXPECT_NEAR(coarse.volume, fine.volume, coarse.volumeErrorBound + fine.volumeErrorBound);
  EXPECT_NEAR(norm(coarse.centre - fine.centre), 0, coarse.centreErrorBound + fine.centreErrorBound);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      EXPECT_NEAR(coarse.inertia[i][j], fine.inertia[i][j], coarse.inertiaErrorBound + fine.inertiaErrorBound);
}

TEST(MassProperties, ScalingMultipliesMassByTheCubeAndInertiaByTheFifthPower) {
  const double s = 2.5;
  const MassProperties p = unionMassProperties(kIrregular), q = scaled(p, s);
  EXPECT_DOUBLE_EQ(q.mass, p.mass * s * s * s);
  EXPECT_DOUBLE_EQ(q.principalMoments.z, p.principalMoments.z * std::pow(s, 5));
  EXPECT_DOUBLE_EQ(q.relativeInertiaErrorBound(), p.relativeInertiaErrorBound());
  // Against integrating the scaled spheres themselves.
  std::vector<ClumpSphere> big = kIrregular;
  for (ClumpSphere& b : big) {
    b.centre = b.centre * s;
    b.radius *= s;
  }
  const MassProperties direct = unionMassProperties(big);
  EXPECT_NEAR(q.mass, direct.mass, q.massErrorBound + direct.massErrorBound);
  EXPECT_NEAR(q.principalMoments.x, direct.principalMoments.x, q.inertiaErrorBound + direct.inertiaErrorBound);
  EXPECT_NEAR(norm(q.centre - direct.centre), 0, q.centreErrorBound + direct.centreErrorBound);
}

TEST(MassProperties, OverlappingSpheresOfDifferentDensitiesAreRefused) {
  EXPECT_THROW(unionMassProperties({{Vec3d(), 0.001, 0, kRho}, {Vec3d(0.001, 0, 0), 0.001, 1, 2 * kRho}}),
               std::invalid_argument);
}

}  // namespace
}  // namespace regolith
