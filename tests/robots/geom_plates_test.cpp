// Plates of MuJoCo geoms (robots/geom_plates.h): every primitive is tessellated into a
// closed surface with outward normals, its enclosed volume and area near the shape's own,
// at least the asked density; geom_pos and geom_quat carry them into the body frame.
#include "robots/geom_plates.h"

#include <cmath>

#include <gtest/gtest.h>

#include "tests/robots/robot_test_support.h"

namespace regolith::test {
namespace {

struct Shape {
  int type;
  double size[3];
  double area, volume;  // exact
};

TEST(GeomPlates, PrimitivesAreClosedOutwardAndDenseEnough) {
  const double r = 0.03, h = 0.05, pi = M_PI;
  const std::vector<Shape> shapes = {
      {mjGEOM_BOX, {0.04, 0.02, 0.01}, 8 * (0.04 * 0.02 + 0.04 * 0.01 + 0.02 * 0.01), 8 * 0.04 * 0.02 * 0.01},
      {mjGEOM_SPHERE, {r, 0, 0}, 4 * pi * r * r, 4 * pi * r * r * r / 3},
      {mjGEOM_CYLINDER, {r, h, 0}, 2 * pi * r * r + 2 * pi * r * 2 * h, pi * r * r * 2 * h},
      {mjGEOM_CAPSULE, {r, h, 0}, 4 * pi * r * r + 2 * pi * r * 2 * h, 4 * pi * r * r * r / 3 + pi * r * r * 2 * h},
      // An ellipsoid's area has no closed form: only its volume is checked.
      {mjGEOM_ELLIPSOID, {0.03, 0.02, 0.01}, 0, 4 * pi * 0.03 * 0.02 * 0.01 / 3},
  };
  const double density = 40000;
  for (const Shape& s : shapes) {
    const rft::PlateMesh mesh = rft::PlateMesh::fromTriangles(robots::primitiveTriangles(s.type, s.size, density));
    Eigen::Vector3d closure = Eigen::Vector3d::Zero();
    double volume = 0;
    int inward = 0;
    for (const rft::Plate& p : mesh.plates()) {
      closure += p.area * p.normal;
      volume += p.area * p.centroid.dot(p.normal) / 3;  // divergence theorem
      inward += p.centroid.dot(p.normal) < 0 ? 1 : 0;   // convex, centred at the origin
    }
    const std::string name = robots::geomTypeName(s.type);
    EXPECT_LT(closure.norm(), 1e-12) << name << ": a closed surface";
    EXPECT_EQ(inward, 0) << name << ": outward normals";
    // Inscribed polyhedra: a few per cent under the smooth shapes (7 mm facets on 2-3 cm
    // radii), the box exactly.
    EXPECT_NEAR(volume, s.volume, 0.03 * s.volume) << name;
    if (s.area > 0) {
      EXPECT_NEAR(mesh.totalArea(), s.area, 0.03 * s.area) << name;
    }
    EXPECT_GE(mesh.size() / mesh.totalArea(), 0.9 * density) << name << ": plates per m^2";
  }
  EXPECT_THROW(robots::primitiveTriangles(mjGEOM_PLANE, shapes[0].size, density), std::invalid_argument);
  const double flat[3] = {0.01, 0, 0.01};
  EXPECT_THROW(robots::primitiveTriangles(mjGEOM_BOX, flat, density), std::invalid_argument);
}

TEST(GeomPlates, GeomPoseAndMeshesReachTheBodyFrame) {
  // A box geom turned 90 degrees about z and shifted, and a tetrahedron mesh.
  ModelPtr m = loadMjcf(
      "<mujoco><asset><mesh name=\"tet\" vertex=\"0 0 0  0.02 0 0  0 0.02 0  0 0 0.02\"/></asset><worldbody>"
      "<body name=\"b\"><geom name=\"slab\" type=\"box\" size=\"0.04 0.01 0.005\" pos=\"0.1 0 0\" "
      "quat=\"0.7071067811865476 0 0 0.7071067811865476\"/><geom name=\"tet\" type=\"mesh\" mesh=\"tet\"/>"
      "</body></worldbody></mujoco>",
      "geoms.xml");
  const std::vector<rft::Plate> slab = robots::geomPlatesInBody(m.get(), 0, 40000);
  double xMin = 1, xMax = -1, yMin = 1, yMax = -1;
  for (const rft::Plate& p : slab) {
    xMin = std::min(xMin, p.centroid.x()), xMax = std::max(xMax, p.centroid.x());
    yMin = std::min(yMin, p.centroid.y()), yMax = std::max(yMax, p.centroid.y());
  }
  // Turned: its long side (0.08 m) along y now, centred on x = 0.1.
  EXPECT_NEAR(0.5 * (xMin + xMax), 0.1, 1e-9);
  EXPECT_GT(yMax - yMin, 0.06);
  EXPECT_LT(xMax - xMin, 0.021);
  const std::vector<rft::Plate> tet = robots::geomPlatesInBody(m.get(), 1, 40000);
  EXPECT_EQ(tet.size(), 4u) << "a mesh is used face by face";
  Eigen::Vector3d closure = Eigen::Vector3d::Zero(), centre = Eigen::Vector3d::Zero();
  for (const rft::Plate& p : tet) closure += p.area * p.normal, centre += p.centroid / 4;
  EXPECT_LT(closure.norm(), 1e-12);
  for (const rft::Plate& p : tet) EXPECT_GT((p.centroid - centre).dot(p.normal), 0) << "outward";
}

}  // namespace
}  // namespace regolith::test
