// MeshMass: polyhedral mass properties against closed forms: the n-gon prism exactly, the
// cylinder it approximates within the derived tessellation error, a moved and turned box.
#include <cmath>

#include <gtest/gtest.h>

#include "core/mesh_generators.h"
#include "core/triangle_mesh.h"
#include "tests/support/mesh_test_support.h"

namespace regolith {
namespace {

constexpr double kRho = 2700;  // aluminium [kg/m^3]

// The closed cylinder of radius a and height h (axis y) tessellated with n facets around:
// a prism over the regular n-gon inscribed in the circle (the plain wheel generator).
TriangleMesh prism(double a, double h, int n) {
  WheelSpec s;
  s.radius = a;
  s.width = h;
  s.segmentsPerArc = n;
  return grouserWheel(s);
}

// The regular n-gon of circumradius a, phi = 2 pi / n, is n triangles (0, p, q) with
// |p| = |q| = a, p.q = a^2 cos(phi), area a^2 sin(phi) / 2. A triangle with a vertex at
// the origin has integral of |r|^2 dA = (A / 6)(|p|^2 + p.q + |q|^2), so the polygon has
//   area       A = (n / 2) a^2 sin(phi)
//   polar      J = A a^2 (2 + cos(phi)) / 6, and x^2, z^2 each J / 2 (n >= 3 is isotropic).
// The prism of height h along y then has V = A h and, about its centre,
//   I_y = m a^2 (2 + cos(phi)) / 6,   I_x = I_z = m (h^2 + a^2 (2 + cos(phi))) / 12.
struct PrismExact {
  double volume, axial, transverse;  // moments for density kRho
};
PrismExact prismExact(double a, double h, int n) {
  const double phi = 2 * M_PI / n, v = 0.5 * n * a * a * std::sin(phi) * h, m = kRho * v;
  return {v, m * a * a * (2 + std::cos(phi)) / 6, m * (h * h + a * a * (2 + std::cos(phi))) / 12};
}

TEST(MeshMass, PrismMatchesTheRegularPolygonFormulas) {
  const double a = 0.15, h = 0.1;
  for (const int n : {5, 64, 256}) {
    const MassProperties p = meshMassProperties(prism(a, h, n), kRho);
    const PrismExact e = prismExact(a, h, n);
    // Both sides are exact for the polyhedron; what is left is the round-off of a few
    // thousand terms of size ~V (relative ~1e-14), hence 1e-12.
    EXPECT_NEAR(p.volume, e.volume, 1e-12 * e.volume) << n;
    EXPECT_NEAR(p.mass, kRho * e.volume, 1e-12 * kRho * e.volume) << n;
    EXPECT_NEAR(p.inertia[1][1], e.axial, 1e-12 * e.axial) << n;
    EXPECT_NEAR(p.inertia[0][0], e.transverse, 1e-12 * e.transverse) << n;
    EXPECT_NEAR(p.inertia[2][2], e.transverse, 1e-12 * e.transverse) << n;
    EXPECT_NEAR(p.inertia[0][1], 0, 1e-12 * e.axial) << n;
    EXPECT_NEAR(p.inertia[0][2], 0, 1e-12 * e.axial) << n;
    EXPECT_NEAR(p.inertia[1][2], 0, 1e-12 * e.axial) << n;
    EXPECT_LT(norm(p.centre), 1e-14 * a) << n;  // symmetric about the origin
    EXPECT_EQ(p.volumeErrorBound, 0);
    EXPECT_EQ(p.inertiaErrorBound, 0);
  }
}

// Against the true cylinder (V = pi a^2 h, I_y = m a^2 / 2, I_x = m (3 a^2 + h^2) / 12):
// V_n / V = sin(phi) / phi lies in [1 - phi^2 / 6, 1), so the relative volume error is in
// (0, phi^2 / 6]. The inertia ratios are that factor times (2 + cos phi) / 3 (axial) or a
// weighted mean of it and 1 (transverse), each in [1 - phi^2 / 6, 1] since
// cos phi >= 1 - phi^2 / 2: relative inertia errors are in (0, phi^2 / 3]. To leading
// order the volume error is phi^2 / 6 - phi^4 / 120, so from n = 64 to 256 it shrinks
// by 16 (1 - phi64^2 / 20) / (1 - phi256^2 / 20) = 15.99.
TEST(MeshMass, PrismApproachesTheCylinderWithinTheTessellationBound) {
  const double a = 0.15, h = 0.1;
  const double v = M_PI * a * a * h, m = kRho * v;
  const double axial = m * a * a / 2, transverse = m * (3 * a * a + h * h) / 12;
  double volumeError[2];
  int k = 0;
  for (const int n : {64, 256}) {
    const double phi = 2 * M_PI / n;
    const MassProperties p = meshMassProperties(prism(a, h, n), kRho);
    volumeError[k++] = (v - p.volume) / v;
    EXPECT_GT(v - p.volume, 0) << n;  // an inscribed polygon has less area
    EXPECT_LE((v - p.volume) / v, phi * phi / 6) << n;
    EXPECT_GT(axial - p.inertia[1][1], 0) << n;
    EXPECT_LE((axial - p.inertia[1][1]) / axial, phi * phi / 3) << n;
    EXPECT_GT(transverse - p.inertia[0][0], 0) << n;
    EXPECT_LE((transverse - p.inertia[0][0]) / transverse, phi * phi / 3) << n;
  }
  EXPECT_NEAR(volumeError[0] / volumeError[1], 15.99, 0.02);
}

// q rotates by `angle` about the unit `axis`.
Quat axisAngle(Vec3d axis, double angle) {
  axis = axis * (1.0 / norm(axis));
  const double s = std::sin(angle / 2);
  return {std::cos(angle / 2), axis.x * s, axis.y * s, axis.z * s};
}

TEST(MeshMass, MovedCubeHasItsCentreMovedAndIsotropicMoments) {
  // A 2 cm cube 10 m from the origin: its centre and inertia must not suffer from the
  // distance (the tetrahedra are taken from a point near the body, not the origin).
  // Coordinates near 10 m carry ~1e-15 m of round-off, 5e-14 of the side; moments go as
  // the fifth power of lengths, so 1e-10 relative is generous.
  const double s = 0.02;
  const Quat q = axisAngle(Vec3d(1, 2, 3), 0.7);
  const Vec3d shift(6, -8, 0.5);
  const TriangleMesh cube = transformed(test::boxMesh(1, 1, 1), s, q, shift);
  const MassProperties p = meshMassProperties(cube, kRho);
  const double m = kRho * s * s * s, moment = m * s * s / 6;
  EXPECT_NEAR(p.volume, s * s * s, 1e-12 * s * s * s);
  EXPECT_NEAR(norm(p.centre - (shift + rotate(q, Vec3d(s, s, s) * 0.5))), 0, 1e-13);
  for (const double I : {p.principalMoments.x, p.principalMoments.y, p.principalMoments.z})
    EXPECT_NEAR(I, moment, 1e-10 * moment);
  EXPECT_NEAR(p.inertia[0][1], 0, 1e-10 * moment);  // isotropic in any frame
}

TEST(MeshMass, TurnedBoxHasTheRotatedInertiaTensor) {
  // Box 1 x 2 x 3 cm: about its centre, in its own axes, D = m/12 diag(b^2 + c^2,
  // a^2 + c^2, a^2 + b^2); turned by R the tensor is R D R^T, and its eigenvalues are D's.
  const double a = 0.01, b = 0.02, c = 0.03;
  const Quat q = axisAngle(Vec3d(-1, 0.5, 2), 1.1);
  const MassProperties p = meshMassProperties(transformed(test::boxMesh(a, b, c), 1.0, q, Vec3d(0.3, 0.2, -0.1)), kRho);
  const double m = kRho * a * b * c;
  const double d[3] = {m * (b * b + c * c) / 12, m * (a * a + c * c) / 12, m * (a * a + b * b) / 12};
  const Vec3d e[3] = {rotate(q, Vec3d(1, 0, 0)), rotate(q, Vec3d(0, 1, 0)), rotate(q, Vec3d(0, 0, 1))};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      double expected = 0;  // sum_k d_k (e_k)_i (e_k)_j
      for (int k = 0; k < 3; ++k) {
        const double ek[3] = {e[k].x, e[k].y, e[k].z};
        expected += d[k] * ek[i] * ek[j];
      }
      // Round-off of a dozen tetrahedra and of the rotation: 1e-12 of the largest moment.
      EXPECT_NEAR(p.inertia[i][j], expected, 1e-12 * d[0]) << i << j;
    }
  // Eigenvalues ascending: d[2] < d[1] < d[0]; the principal frame maps its x to the box's z.
  EXPECT_NEAR(p.principalMoments.x, d[2], 1e-12 * d[0]);
  EXPECT_NEAR(p.principalMoments.y, d[1], 1e-12 * d[0]);
  EXPECT_NEAR(p.principalMoments.z, d[0], 1e-12 * d[0]);
  EXPECT_NEAR(std::abs(dot(rotate(p.principalFrame, Vec3d(1, 0, 0)), e[2])), 1, 1e-9);
}

TEST(MeshMass, RefusesOpenInsideOutAndDensity) {
  TriangleMesh box = test::boxMesh(1, 1, 1);
  EXPECT_THROW(meshMassProperties(box, 0), std::invalid_argument);
  TriangleMesh inverted = box;
  for (auto& t : inverted.triangles) std::swap(t[1], t[2]);
  try {
    meshMassProperties(inverted, kRho);
    FAIL() << "an inside-out box was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("not positive"), std::string::npos) << e.what();
  }
  box.triangles.pop_back();
  try {
    meshMassProperties(box, kRho);
    FAIL() << "an open box was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("not closed"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace regolith
