// 3D resistive force theory: the checks issue 8 asks for (suite RFT). Input handling and
// the smaller pieces: rft_input_test.cpp.
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <utility>
#include <vector>

#include "models/rft/rft_kernel.h"
#include "models/rft/rft_model.h"
#include "models/rft/tessellation.h"
#include "models/tests/support/rft_test_support.h"

namespace regolith::rft {
namespace {

using test::kZeta;
using test::params;
using test::plate;
using test::relErr;
using test::rotation;

// The exact integral of depth over the part of a planar convex polygon below z = h
// (Sutherland-Hodgman clip by the half-space, then the centroid rule, exact for the
// linear depth on each fan triangle). Returns the area-weighted depth integral [m^3].
double submergedDepthIntegral(const std::vector<Eigen::Vector3d>& poly, double h) {
  std::vector<Eigen::Vector3d> in;
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const Eigen::Vector3d& a = poly[i];
    const Eigen::Vector3d& b = poly[(i + 1) % poly.size()];
    const bool aIn = a.z() < h, bIn = b.z() < h;
    if (aIn) in.push_back(a);
    if (aIn != bIn) in.push_back(a + (b - a) * ((h - a.z()) / (b.z() - a.z())));
  }
  double sum = 0;
  for (std::size_t i = 1; i + 1 < in.size(); ++i) {
    const double area = 0.5 * (in[i] - in[0]).cross(in[i + 1] - in[0]).norm();
    const double zc = (in[0].z() + in[i].z() + in[i + 1].z()) / 3;
    sum += area * (h - zc);
  }
  return sum;
}

TEST(RFT, HorizontalPlatePushedDownGetsZetaDepthArea) {
  // alpha_Z(0, pi/2) = A00 + A10 + B11 + B01 + B-11 = 1 and f23(0) = 1, so the plate gets
  // F = zeta |z| A E3 and nothing sideways. The tolerance is rounding: nine decimal
  // coefficients summed in binary and f23's constants reproduce 1 to a few ulp (<= 1e-15).
  const RftParameters p = params();
  for (double depth : {0.01, 0.05, 0.2}) {
    for (double area : {1e-4, 2.5e-3}) {
      const Plate pl = plate(Eigen::Vector3d(0.3, -0.2, -depth), -Eigen::Vector3d::UnitZ(), area);
      for (double speed : {1e-3, 0.05}) {
        const Eigen::Vector3d f = plateForce(p, pl, Eigen::Vector3d(0, 0, -speed), depth);
        EXPECT_NEAR(f.z(), kZeta * depth * area, 1e-14 * kZeta * depth * area);
        EXPECT_EQ(f.x(), 0.0);
        EXPECT_EQ(f.y(), 0.0);
      }
    }
  }
  // The same through the mesh path: a one-plate mesh, flat surface at z = 0.1.
  TriangleMesh tri;
  tri.vertices = {{0, 0, 0}, {0, 0.02, 0}, {0.03, 0, 0}};  // clockwise from above: normal -z
  tri.triangles = {{0, 1, 2}};
  const PlateMesh mesh = PlateMesh::fromTriangles(tri);
  ASSERT_NEAR(mesh.plates()[0].normal.z(), -1.0, 1e-15);
  Twist tw;
  tw.linear = Eigen::Vector3d(0, 0, -0.02);
  const RftResult r = evaluate(p, mesh, Pose{}, tw, FreeSurface::flat(0.1));
  EXPECT_NEAR(r.force.z(), kZeta * 0.1 * 3e-4, 1e-14 * kZeta * 0.1 * 3e-4);
  EXPECT_EQ(r.platesInContact, 1u);
}

// The prepared kernel gives plateForce's forces bit for bit, over normals and directions
// all around (the dynamic term on, so every part of the kernel runs).
TEST(RFT, PreparedKernelIsPlateForce) {
  RftParameters p = params();
  p.inertialLambda = 2;
  p.grainDensity = 1600;
  const PlateForceKernel kernel(p);
  int loaded = 0;
  for (int i = 0; i < 12; ++i)
    for (int j = 0; j < 12; ++j) {
      Plate q;
      q.normal =
          Eigen::Vector3d(std::cos(0.5 * i) * std::sin(0.3 * j), std::sin(0.5 * i), std::cos(0.3 * j)).normalized();
      q.area = 1e-4;
      const Eigen::Vector3d v(std::sin(0.7 * j), std::cos(1.1 * i), -0.4 + 0.1 * (i - j));
      EXPECT_EQ(kernel(q, v, 0.03), plateForce(p, q, v, 0.03)) << i << " " << j;
      loaded += plateForce(p, q, v, 0.03).isZero(0) ? 0 : 1;
    }
  EXPECT_GT(loaded, 50);
  RftParameters bad = p;
  bad.zeta = -1;
  EXPECT_THROW(PlateForceKernel{bad}, std::invalid_argument);
}

TEST(RFT, ShapeFunctionsAreZeroAndOneAtTheirEnds) {
  // f1(0) = 0 and f23(pi/2) = 0 hold by construction (tanh(-c3) + tanh(c3) = 0, likewise
  // atanh); f1(pi/2) = f23(0) = 1 only through the published constants, which reproduce 1
  // to 4e-16 in double: 1e-14 leaves room for libm differences of a few ulp.
  const ShapeConstants s = ShapeConstants::treers2021();
  EXPECT_NEAR(f1(s, 0.0), 0.0, 1e-15);
  EXPECT_NEAR(f1(s, M_PI / 2), 1.0, 1e-14);
  EXPECT_NEAR(f23(s, 0.0), 1.0, 1e-14);
  // cos(pi/2) = 6e-17 in double, so f23 sees a tiny positive cosine: slope d1 d2 /
  // (d4 (1 - d3^2)) ~ 10.7 times 6e-17 is < 1e-15.
  EXPECT_NEAR(f23(s, M_PI / 2), 0.0, 1e-15);
  // Both monotone between the ends (f1 rising, f23 falling), inside [0, 1].
  double last1 = -1, last23 = 2;
  for (int i = 0; i <= 90; ++i) {
    const double psi = M_PI / 2 * i / 90;
    const double a = f1(s, psi), b = f23(s, psi);
    EXPECT_GE(a, last1);
    EXPECT_LE(b, last23);
    EXPECT_GE(a, -1e-15);
    EXPECT_LE(a, 1 + 1e-14);
    EXPECT_GE(b, -1e-15);
    EXPECT_LE(b, 1 + 1e-14);
    last1 = a;
    last23 = b;
  }
}

TEST(RFT, CoefficientMapsHaveTheMirrorSymmetries) {
  // Mirroring the vertical plane of motion (x -> -x) sends a plate of angle beta moving in
  // direction gamma to (-beta, pi - gamma): alpha_Z must stay and alpha_X change sign;
  // a half turn of the plate (beta + pi) is the same plate. Identities of the series, so
  // the tolerance is rounding of the sines and cosines (1e-15 on values of order 1).
  const FourierCoefficients k = FourierCoefficients::generic();
  for (int i = -12; i <= 12; ++i) {
    for (int j = -12; j <= 12; ++j) {
      const double beta = M_PI / 2 * i / 12, gamma = M_PI * j / 12;
      EXPECT_NEAR(alphaZ(k, -beta, M_PI - gamma), alphaZ(k, beta, gamma), 1e-15);
      EXPECT_NEAR(alphaX(k, -beta, M_PI - gamma), -alphaX(k, beta, gamma), 1e-15);
      EXPECT_NEAR(alphaZ(k, beta + M_PI, gamma), alphaZ(k, beta, gamma), 1e-15);
      EXPECT_NEAR(alphaX(k, beta + M_PI, gamma), alphaX(k, beta, gamma), 1e-15);
    }
  }
  // In 3D the whole model is mirror-equivariant: a lopsided rotated box, mirrored through
  // x = 0 (winding reversed), moving with the mirrored twist, gets the mirrored force and
  // the mirrored moment (an axial vector: M' = -S M for S = diag(-1, 1, 1)). Same
  // arithmetic on mirrored inputs: agreement to 1e-12 relative.
  const RftParameters p = params();
  const Eigen::Matrix3d R = rotation(0.7, Eigen::Vector3d(0.3, -0.5, 0.8));
  const TriangleMesh body = transformed(box(Eigen::Vector3d(0.05, 0.03, 0.02), 3), R,
                                        Eigen::Vector3d(0.1, 0.05, -0.02));
  Twist tw;
  tw.linear = Eigen::Vector3d(0.04, -0.03, -0.05);
  tw.angular = Eigen::Vector3d(0.5, 1.5, -0.7);
  const Eigen::Matrix3d S = Eigen::Vector3d(-1, 1, 1).asDiagonal();
  Twist mirroredTw;
  mirroredTw.linear = S * tw.linear;
  mirroredTw.angular = -S * tw.angular;  // axial vector
  const FreeSurface surface = FreeSurface::flat(0);
  const RftResult a = evaluate(p, PlateMesh::fromTriangles(body), Pose{}, tw, surface);
  const RftResult b = evaluate(p, PlateMesh::fromTriangles(mirroredX(body)), Pose{}, mirroredTw, surface);
  ASSERT_GT(a.platesInContact, 10u);
  EXPECT_EQ(a.platesInContact, b.platesInContact);
  EXPECT_LT(relErr(b.force, S * a.force), 1e-12);
  EXPECT_LT(relErr(b.moment, -S * a.moment), 1e-12);
}

TEST(RFT, RotatedRefinedIntruderConverges) {
  // A cube turned to a generic attitude, its centre 1 cm below the surface so the surface
  // cuts through it, translating down and sideways. Each face is flat and moves rigidly,
  // so its exact RFT force is its per-unit (depth x area) force times the integral of
  // depth over the face's submerged part, computed exactly by clipping the face polygon.
  // Refining the tessellation must converge to that: only plates cut by the surface line
  // are in error (O(h^3) each, O(1/h) of them), so the error falls about 4x per halving.
  const RftParameters p = params();
  const Eigen::Matrix3d R = rotation(0.9, Eigen::Vector3d(1, 2, 0.5));
  const Eigen::Vector3d centre(0, 0, -0.01);
  const Eigen::Vector3d half(0.03, 0.03, 0.03);
  const Eigen::Vector3d velocity(0.03, 0.01, -0.04);

  Eigen::Vector3d exact = Eigen::Vector3d::Zero();
  for (int axis = 0; axis < 3; ++axis)
    for (int sign : {1, -1}) {
      const int ua = (axis + 1) % 3, va = (axis + 2) % 3;
      std::vector<Eigen::Vector3d> poly;
      for (const auto& uv : {std::pair(-1, -1), std::pair(1, -1), std::pair(1, 1), std::pair(-1, 1)}) {
        Eigen::Vector3d q;
        q[axis] = sign * half[axis];
        q[ua] = uv.first * half[ua];
        q[va] = uv.second * half[va];
        poly.push_back(R * q + centre);
      }
      const Eigen::Vector3d n = R * (sign * Eigen::Vector3d::Unit(axis));
      const Eigen::Vector3d unit = plateForce(p, plate(Eigen::Vector3d::Zero(), n, 1.0), velocity, 1.0);
      exact += unit * submergedDepthIntegral(poly, 0.0);
    }
  ASSERT_GT(exact.norm(), 1.0);

  Twist tw;
  tw.linear = velocity;
  Pose pose;
  pose.rotation = R;
  pose.position = centre;
  double lastErr = 1e9;
  for (int divisions : {2, 4, 8, 16, 32, 64}) {
    const PlateMesh mesh = PlateMesh::fromTriangles(box(half, divisions));
    const RftResult r = evaluate(p, mesh, pose, tw, FreeSurface::flat(0));
    const double err = relErr(r.force, exact);
    if (divisions >= 8) {
      EXPECT_LT(err, 0.5 * lastErr) << "divisions " << divisions;
    }
    lastErr = err;
  }
  // 64 divisions (49,152 plates of 0.9 mm on a 60 mm cube) measured 1.6e-6; the bound
  // leaves a factor 3 for other compilers' rounding of the cut plates.
  EXPECT_LT(lastErr, 5e-6);

  // A sphere has no flat faces to integrate exactly, but turning its tessellation must
  // not matter in the limit: the rotated and unrotated icospheres converge to each other
  // (measured gaps 9e-3, 9e-4, 6e-4, 3e-4 for levels 2-5), and the force itself converges
  // (successive changes fall about 4x per level, 1,280 to 20,480 plates).
  double lastGap = 1e9, lastStep = 1e9;
  Eigen::Vector3d lastForce = Eigen::Vector3d::Zero();
  for (int level = 2; level <= 5; ++level) {
    const PlateMesh s = PlateMesh::fromTriangles(icosphere(0.03, level));
    Pose turned;
    turned.rotation = R;
    const RftResult a = evaluate(p, s, Pose{}, tw, FreeSurface::flat(0));
    const RftResult b = evaluate(p, s, turned, tw, FreeSurface::flat(0));
    const double gap = relErr(b.force, a.force);
    EXPECT_LT(gap, lastGap) << "level " << level;
    const double step = (a.force - lastForce).norm();
    if (level >= 4) {
      EXPECT_LT(step, 0.5 * lastStep) << "level " << level;
    }
    lastGap = gap;
    lastStep = step;
    lastForce = a.force;
  }
  EXPECT_LT(lastGap, 1e-3);
}

TEST(RFT, PlateMovingAwayFromItsFaceGetsNoForce) {
  const RftParameters p = params();
  const Plate pl = plate(Eigen::Vector3d(0, 0, -0.05), Eigen::Vector3d(0.3, -0.2, -1), 1e-3);
  // Receding (n . v < 0) in many directions, and sliding exactly along the face (n . v = 0).
  const Eigen::Vector3d n = pl.normal;
  const Eigen::Vector3d t = n.cross(Eigen::Vector3d::UnitX()).normalized();
  for (const Eigen::Vector3d& v :
       {Eigen::Vector3d(-n * 0.1), Eigen::Vector3d(-n + 3 * t), Eigen::Vector3d(t * 0.2), Eigen::Vector3d(0, 0, 0.3)}) {
    ASSERT_LE(n.dot(v), 1e-15);
    EXPECT_EQ(plateForce(p, pl, v, 0.05), Eigen::Vector3d::Zero());
  }
  // The same plate pushed into its face does get a force, so the zero above is the rule.
  EXPECT_GT(plateForce(p, pl, n * 0.1, 0.05).norm(), 0.0);
  // A whole sphere pulled straight up out of the bed: the buried lower half recedes, every
  // plate with n . v > 0 is above the surface, so no plate is in contact.
  Twist up;
  up.linear = Eigen::Vector3d(0, 0, 0.05);
  const RftResult r = evaluate(p, PlateMesh::fromTriangles(icosphere(0.02, 3)), Pose{}, up, FreeSurface::flat(0));
  EXPECT_EQ(r.platesInContact, 0u);
  EXPECT_EQ(r.force, Eigen::Vector3d::Zero());
}

TEST(RFT, OnlyLeadingPlatesResistAndCarryTheDynamicTerm) {
  // A buried cube moving along +x: only its +x face leads (n . v = 1); the -x face
  // recedes and the four others slide along themselves (n . v = 0). The leading face is a
  // vertical plate moving horizontally, beta = pi/2, gamma = 0: alpha_X = -C11 + C01 -
  // C-11 = 0.370, alpha_Z = A00 - A10 = 0.037, psi = 0. Its depth is linear over the face,
  // so the centroid sum over the tessellation is exact: F = zeta (z_c A) (-0.370, 0, 0.037).
  RftParameters p = params();
  const double h = 0.02, zc = 0.05, speed = 0.1;
  const PlateMesh cube = PlateMesh::fromTriangles(box(Eigen::Vector3d(h, h, h), 4));
  Pose pose;
  pose.position = Eigen::Vector3d(0, 0, -zc);
  Twist tw;
  tw.linear = Eigen::Vector3d(speed, 0, 0);
  EvaluateOptions o;
  o.perPlateForces = true;
  const RftResult r = evaluate(p, cube, pose, tw, FreeSurface::flat(0), o);
  const double faceArea = 4 * h * h;
  const double s = kZeta * zc * faceArea;
  EXPECT_EQ(r.platesInContact, 32u);  // the 4 x 4 x 2 triangles of the +x face
  // Rounding only: 1e-13 relative on sums of 32 terms of order 1.
  EXPECT_NEAR(r.force.x(), -0.370 * s, 1e-13 * s);
  EXPECT_NEAR(r.force.y(), 0.0, 1e-13 * s);
  EXPECT_NEAR(r.force.z(), 0.037 * s, 1e-13 * s);
  for (std::size_t i = 0; i < cube.size(); ++i) {
    if (cube.plates()[i].normal.x() < 0.5) {
      EXPECT_EQ(r.plateForces[i], Eigen::Vector3d::Zero());
    }
  }

  // Dynamic term lambda rho (v . n)^2 A against the normal, on the same leading plates
  // only: the force changes by exactly -lambda rho v^2 A_face along x (to rounding of the
  // 111 N quasi-static force it is added to: 1e-13 of that).
  p.inertialLambda = 1.5;
  p.grainDensity = 1600;
  const RftResult d = evaluate(p, cube, pose, tw, FreeSurface::flat(0), o);
  const double dyn = 1.5 * 1600 * speed * speed * faceArea;
  EXPECT_NEAR(d.force.x() - r.force.x(), -dyn, 1e-13 * r.force.norm());
  EXPECT_NEAR(d.force.z() - r.force.z(), 0.0, 1e-13 * r.force.norm());
  for (std::size_t i = 0; i < cube.size(); ++i) {
    if (cube.plates()[i].normal.x() < 0.5) {
      EXPECT_EQ(d.plateForces[i], Eigen::Vector3d::Zero());
    }
  }
  // Above the surface nothing, dynamic term included.
  pose.position.z() = 0.1;
  EXPECT_EQ(evaluate(p, cube, pose, tw, FreeSurface::flat(0)).platesInContact, 0u);
}

TEST(RFT, DegenerateE2FallsBackToTheVelocityThenToAnyAxis) {
  const RftParameters p = params();
  const FourierCoefficients k = FourierCoefficients::generic();
  const double depth = 0.04, area = 1e-3, s = kZeta * depth * area;
  const Plate down = plate(Eigen::Vector3d(0, 0, -depth), -Eigen::Vector3d::UnitZ(), area);
  // Horizontal plate moving down at 45 degrees in horizontal direction phi: e2 follows the
  // velocity, so psi = 0, beta = 0, gamma = pi/4, and the force is the 2D formula in the
  // plane of motion, turned with it: F_h = -alpha_X(0, pi/4) along the motion, F_z =
  // alpha_Z(0, pi/4). The identity is exact up to rounding (1e-13 relative).
  for (double phi : {0.0, 0.4, 2.0, -2.7}) {
    const Eigen::Vector3d dir(std::cos(phi), std::sin(phi), 0);
    const Eigen::Vector3d f = plateForce(p, down, 0.05 * (dir - Eigen::Vector3d::UnitZ()), depth);
    const Eigen::Vector3d want = s *
                                 (-alphaX(k, 0, M_PI / 4) * dir + alphaZ(k, 0, M_PI / 4) * Eigen::Vector3d::UnitZ());
    EXPECT_LT(relErr(f, want), 1e-13) << "phi " << phi;
  }
  // Both degenerate (horizontal plate, vertical velocity): e2 = world x by choice, and the
  // force cannot depend on it. A normal tilted by 1e-9 in any direction (below the 1e-6
  // tolerance: e2 from world x) or by 1e-5 (above it: e2 from the normal) must give
  // zeta z A E3 up to the tilt's own first-order effect: sin 2 beta = 2 tilt brings
  // alpha_X = 2 tilt (D10 - C11 + C-11) = 0.44 tilt, so the bound is tilt (+ rounding).
  for (double phi : {0.0, 1.0, 2.5}) {
    for (double tilt : {1e-9, 1e-5}) {
      const Plate t = plate(down.centroid, Eigen::Vector3d(tilt * std::cos(phi), tilt * std::sin(phi), -1), area);
      const Eigen::Vector3d f = plateForce(p, t, Eigen::Vector3d(0, 0, -0.05), depth);
      EXPECT_LT(relErr(f, s * Eigen::Vector3d::UnitZ()), tilt + 1e-13) << phi << " " << tilt;
    }
  }
  // A horizontal plate facing up, pulled up (extraction): beta = pi, gamma = -pi/2, so
  // alpha_Z = A00 + A10 - B11 - B01 - B-11 = -0.25: the bed holds the plate back.
  const Plate up = plate(Eigen::Vector3d(0, 0, -depth), Eigen::Vector3d::UnitZ(), area);
  const Eigen::Vector3d f = plateForce(p, up, Eigen::Vector3d(0, 0, 0.05), depth);
  EXPECT_NEAR(f.z(), -0.25 * s, 1e-13 * s);
  EXPECT_NEAR(f.head<2>().norm(), 0.0, 1e-13 * s);
}

}  // namespace
}  // namespace regolith::rft
