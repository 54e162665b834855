// 3D resistive force theory: the kernel against the angle formulas, the two evaluation
// paths, height maps, the smoother, input checks and generated meshes (suite RFTInput).
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/rft/rft_model.h"
#include "models/rft/tessellation.h"
#include "models/tests/support/rft_test_support.h"
#include "models/tests/support/thrown_message.h"

namespace regolith::rft {
namespace {

using test::kZeta;
using test::params;
using test::plate;
using test::relErr;
using test::rotation;

TEST(RFTInput, KernelMatchesTheAngleFormulas) {
  // The kernel never calls atan2/sin/cos; on random plates and velocities it must agree
  // with the formulas written with the angles (rft_model.h), to rounding (1e-12 relative).
  const RftParameters p = params();
  const FourierCoefficients& k = p.coefficients;
  const ShapeConstants& sc = p.shape;
  std::uint64_t state = 12345;
  auto uniform = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return double(state >> 11) * 0x1.0p-53 * 2 - 1;
  };
  int checked = 0;
  for (int i = 0; i < 2000; ++i) {
    const Eigen::Vector3d n = Eigen::Vector3d(uniform(), uniform(), uniform()).normalized();
    const Eigen::Vector3d v(uniform(), uniform(), uniform());
    const Plate pl = plate(Eigen::Vector3d::Zero(), n, 2e-3);
    const Eigen::Vector3d f = plateForce(p, pl, v, 0.03);
    const Eigen::Vector3d u = v.normalized();
    if (n.dot(u) <= 0) {
      EXPECT_EQ(f, Eigen::Vector3d::Zero());
      continue;
    }
    const Eigen::Vector3d e2 = Eigen::Vector3d(n.x(), n.y(), 0).normalized();
    const Eigen::Vector3d e1 = e2.cross(Eigen::Vector3d::UnitZ());
    const Eigen::Vector3d v1 = u.dot(e1) * e1, v23 = u - v1;
    const double psi = std::asin(std::min(1.0, v1.norm()));
    const double beta = std::atan2(n.z(), n.dot(e2)) + M_PI / 2;
    const double gamma = -std::atan2(v23.z(), v23.dot(e2));
    const double sgn = u.dot(e1) > 0 ? 1 : -1;
    const Eigen::Vector3d want = kZeta * 0.03 * 2e-3 *
                                 (-f1(sc, psi) * alphaY(k) * sgn * e1 - f23(sc, psi) * alphaX(k, beta, gamma) * e2 +
                                  f23(sc, psi) * alphaZ(k, beta, gamma) * Eigen::Vector3d::UnitZ());
    EXPECT_LT((f - want).norm(), 1e-12 * want.norm() + 1e-12) << i;
    ++checked;
  }
  EXPECT_GT(checked, 800);
}

TEST(RFTInput, RigidAndPerPlatePathsAgreeAndHeightMapsSetDepth) {
  // The same rotating body through the pose/twist path and the per-plate path (plates
  // placed by hand, velocities v + w x r): identical arithmetic up to the order of the
  // rotation products, 1e-12 relative.
  const RftParameters p = params();
  const PlateMesh body = PlateMesh::fromTriangles(icosphere(0.02, 3));
  Pose pose;
  pose.rotation = rotation(0.4, Eigen::Vector3d(1, 1, 0));
  pose.position = Eigen::Vector3d(0.1, 0, -0.005);
  Twist tw;
  tw.linear = Eigen::Vector3d(0.02, 0, -0.01);
  tw.angular = Eigen::Vector3d(0, 3, 0);
  const std::vector<Plate> placed = body.placed(pose);
  std::vector<Eigen::Vector3d> vel;
  for (const Plate& q : placed) vel.push_back(tw.linear + tw.angular.cross(q.centroid - pose.position));
  EvaluateOptions o;
  o.reference = pose.position;
  // A tilted plane as a height map: z = 0.01 + 0.05 x (exact under bilinear interpolation).
  std::vector<double> h;
  for (int j = 0; j < 5; ++j)
    for (int i = 0; i < 5; ++i) h.push_back(0.01 + 0.05 * (-0.2 + 0.1 * i));
  const FreeSurface map = FreeSurface::heightMap(HeightMap(-0.2, -0.2, 0.1, 5, 5, h));
  const RftResult a = evaluate(p, body, pose, tw, map, o);
  const RftResult b = evaluate(p, placed, vel, map, o);
  ASSERT_GT(a.platesInContact, 50u);
  EXPECT_EQ(a.platesInContact, b.platesInContact);
  EXPECT_LT(relErr(b.force, a.force), 1e-12);
  EXPECT_LT(relErr(b.moment, a.moment), 1e-12);
  // One plate under the map: depth h(x, y) - z.
  const Plate pl = plate(Eigen::Vector3d(0.1, 0.05, -0.02), -Eigen::Vector3d::UnitZ(), 1e-4);
  const RftResult one = evaluate(p, {pl}, {Eigen::Vector3d(0, 0, -0.01)}, map);
  const double depth = 0.01 + 0.05 * 0.1 + 0.02;
  EXPECT_NEAR(one.force.z(), kZeta * depth * 1e-4, 1e-12 * kZeta * depth * 1e-4);
  // Outside the grid the edge height holds.
  EXPECT_NEAR(map.heightAt(5.0, 0.0), 0.01 + 0.05 * 0.2, 1e-15);
}

TEST(RFTInput, SmootherBlendsWithKappa) {
  ForceSmoother s(0.25);
  RftResult r;
  r.force = Eigen::Vector3d(4, 0, 8);
  EXPECT_EQ(s.apply(r).force, r.force);  // the first value passes through
  r.force = Eigen::Vector3d(0, 0, 0);
  EXPECT_EQ(s.apply(r).force, Eigen::Vector3d(3, 0, 6));  // 0.25 * 0 + 0.75 * previous
  EXPECT_EQ(s.apply(r).force, Eigen::Vector3d(2.25, 0, 4.5));
  r.plateForces.resize(3);
  EXPECT_THROW(s.apply(r), std::invalid_argument);
  EXPECT_THROW(ForceSmoother(1.5), std::invalid_argument);
}

TEST(RFTInput, BadInputIsRefusedByName) {
  const auto message = [](auto&& f) { return models_test::thrownMessage(f); };
  RftParameters p = params();
  const Plate good = plate(Eigen::Vector3d(0, 0, -0.01), -Eigen::Vector3d::UnitZ(), 1e-4);
  const FreeSurface flat = FreeSurface::flat(0);
  Plate bad = good;
  bad.area = -1e-4;
  EXPECT_NE(message([&] {
              evaluate(p, {good, bad}, {Eigen::Vector3d::UnitZ(), Eigen::Vector3d::UnitZ()}, flat);
            }).find("rft plate 1 area"),
            std::string::npos);
  bad = good;
  bad.normal.x() = std::nan("");
  EXPECT_NE(message([&] { PlateMesh::fromPlates({bad}); }).find("normal"), std::string::npos);
  EXPECT_NE(message([&] { evaluate(p, {good}, {Eigen::Vector3d(std::nan(""), 0, 0)}, flat); }).find("velocity"),
            std::string::npos);
  TriangleMesh degenerate;
  degenerate.vertices = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
  degenerate.triangles = {{0, 1, 2}};
  EXPECT_NE(message([&] { PlateMesh::fromTriangles(degenerate); }).find("triangle 0 has zero area"), std::string::npos);
  degenerate.triangles = {{0, 1, 3}};
  EXPECT_NE(message([&] { PlateMesh::fromTriangles(degenerate); }).find("index 3"), std::string::npos);
  p.zeta = -1;
  EXPECT_NE(message([&] { evaluate(p, {good}, {Eigen::Vector3d::UnitZ()}, flat); }).find("zeta"), std::string::npos);
  p = params();
  p.shape.d[2] = 1.2;  // atanh(d2 cos psi - d3) would leave (-1, 1)
  EXPECT_NE(message([&] { p.validate(); }).find("domain of atanh"), std::string::npos);
  p = params();
  Pose skew;
  skew.rotation(0, 1) = 0.5;
  EXPECT_NE(message([&] { evaluate(p, PlateMesh::fromPlates({good}), skew, Twist{}, flat); }).find("rotation"),
            std::string::npos);
  EXPECT_NE(message([] { FourierCoefficients::fromVector(Eigen::VectorXd::Zero(8)); }).find("expected 9"),
            std::string::npos);
  // The unit conversion, and the generic set's flat-vector round trip.
  EXPECT_EQ(zetaFromNPerCm3(3.75), 3.75e6);
  const FourierCoefficients g = FourierCoefficients::generic();
  EXPECT_EQ(FourierCoefficients::fromVector(g.toVector()).toVector(), g.toVector());
}

TEST(RFTInput, GeneratedMeshesFaceOutwards) {
  // Every plate of the generated closed meshes faces away from the centre, and their
  // areas add up to the surface (exact for the box; the sphere's polyhedra fall short by
  // O(h^2): within 0.5 % at these resolutions).
  for (const TriangleMesh& m : {icosphere(1.0, 3), uvSphere(1.0, 40, 21), box(Eigen::Vector3d(1, 2, 3), 3)}) {
    const PlateMesh pm = PlateMesh::fromTriangles(m);
    for (const Plate& q : pm.plates()) EXPECT_GT(q.centroid.dot(q.normal), 0.0);
  }
  EXPECT_NEAR(PlateMesh::fromTriangles(box(Eigen::Vector3d(1, 2, 3), 3)).totalArea(), 88.0, 1e-12);
  EXPECT_NEAR(PlateMesh::fromTriangles(icosphere(1.0, 3)).totalArea() / (4 * M_PI), 1.0, 5e-3);
  EXPECT_NEAR(PlateMesh::fromTriangles(uvSphere(1.0, 40, 21)).totalArea() / (4 * M_PI), 1.0, 5e-3);
  EXPECT_EQ(icosphere(1.0, 2).triangles.size(), 320u);
  EXPECT_EQ(uvSphere(1.0, 50, 51).triangles.size(), 5000u);
}

}  // namespace
}  // namespace regolith::rft
