// Sphere–triangle contact against the analytic plane: a mesh floor must act exactly as the
// plane it tessellates (rebound, friction across edges), and a sphere on a shared edge or
// corner must feel one contact (kernels/boundaries/triangle_contact.h states the rule).
#include <gtest/gtest.h>

#include <cmath>

#include "core/mesh_boundaries.h"
#include "tests/support/mesh_test_shapes.h"
#include "tests/support/test_support.h"

namespace regolith::test {
namespace {

constexpr double kSphereRadius = 0.005;  // sphere radius [m]

Material grain() { return material("glass", 5e7, 0.3, 2500, 0.5, 0.4, 0.0); }
Material wall() { return material("wall", 5e7, 0.3, 2500, 0.5, 0.4, 0.0); }

// A model of one grain and, as material 1, the wall.
Model contactModel(double dt, Vec3 gravity, StreamMode mode = StreamMode::Sync) {
  Model m = modelWith({grain(), wall()}, dt, gravity);
  m.streams.mode = mode;
  return m;
}

StateArrays oneSphere(const Vec3d& x, const Vec3d& v = Vec3d(), const Vec3d& w = Vec3d()) {
  WorldBuilder b;
  b.addClump(sphereTemplate("grain", kSphereRadius, 0, grain().density), x, Quat(), v, w);
  return b.take();
}

// The contact force on a resting sphere at x from the boundaries of `m` (one evaluation).
Vec3d forceAt(Model m, const Vec3d& x) {
  Simulation sim(std::move(m), oneSphere(x));
  return Vec3d(sim.state().ownerForce[0]);
}

Vec3d forceFromMesh(const TriangleMesh& mesh, const Vec3d& x) {
  Model m = contactModel(1e-5, Vec3());
  appendMeshBoundaries(m, mesh, 1, -1);
  return forceAt(std::move(m), x);
}

Vec3d forceFromPlane(const Vec3d& point, const Vec3d& normal, const Vec3d& x) {
  Model m = contactModel(1e-5, Vec3());
  m.boundaries = {infinitePlane(point, normal, 1)};
  return forceAt(std::move(m), x);
}

// Face contacts have the plane's normal and overlap to round-off, so forces agree to a few
// ulps of the force; 1e-12 relative leaves room for the different arithmetic paths
// (projection onto the triangle versus the plane's dot product).
void expectSameForce(const Vec3d& got, const Vec3d& expected) {
  const double scale = norm(expected);
  ASSERT_GT(scale, 0);
  EXPECT_LT(norm(got - expected), 1e-12 * scale)
      << "got (" << got.x << ", " << got.y << ", " << got.z << "), expected (" << expected.x << ", " << expected.y
      << ", " << expected.z << ")";
}

TEST(SphereTriangle, FaceEdgeAndCornerOfAFlatMeshActAsThePlane) {
  // 4 x 4 cells of 10 mm: grid points every 10 mm, diagonals through (i, j) -> (i+1, j+1).
  const TriangleMesh floor = tessellatedSquare(0.02, 4);
  const double z = kSphereRadius - 2e-5;  // 20 um overlap
  const Vec3d plane = forceFromPlane(Vec3d(), Vec3d(0, 0, 1), Vec3d(0.003, 0.001, z));
  ASSERT_GT(plane.z, 0);
  // Inside a face, on a cell edge, on a diagonal, on a vertex where six triangles meet, and
  // on a vertex where three meet: one contact each, the plane's force.
  for (const Vec3d& at : {Vec3d(0.003, 0.001, z), Vec3d(0.005, 0.0, z), Vec3d(0.005, 0.005, z), Vec3d(0.0, 0.0, z),
                          Vec3d(0.01, 0.0, z)}) {
    SCOPED_TRACE(testing::Message() << "sphere over (" << at.x << ", " << at.y << ")");
    expectSameForce(forceFromMesh(floor, at), plane);
  }
}

TEST(SphereTriangle, ConvexRidgeAndCubeCornerActOnce) {
  // A roof ridge falling away at 30 degrees on both sides: above the ridge the nearest
  // point is the edge, shared by two triangles on each side, and it must act once: as a
  // plane through the ridge facing the sphere.
  const double slope = M_PI / 6, d = kSphereRadius - 3e-5;
  const TriangleMesh ridge = roof(slope, 0.02, 0.04);
  expectSameForce(forceFromMesh(ridge, Vec3d(0, 0.0, d)), forceFromPlane(Vec3d(), Vec3d(0, 0, 1), Vec3d(0, 0.0, d)));
  // Off to one side but still within the edge's region (less than the 30 degree slope
  // from the vertical): the contact normal points from the ridge to the centre.
  const Vec3d dir = Vec3d(std::sin(0.2), 0, std::cos(0.2));
  expectSameForce(forceFromMesh(ridge, dir * d), forceFromPlane(Vec3d(), dir, dir * d));
  // Across the region's border the face is nearer and acts alone, as its own plane.
  const Vec3d faceNormal(std::sin(slope), 0, std::cos(slope));
  const Vec3d onFace = Vec3d(0.01 * std::cos(slope), 0.003, -0.01 * std::sin(slope));
  expectSameForce(forceFromMesh(ridge, onFace + faceNormal * d),
                  forceFromPlane(onFace, faceNormal, onFace + faceNormal * d));

  // The corner of a cube, approached along its diagonal: six triangles meet there.
  const Vec3d diagonal = Vec3d(-1, -1, -1) * (1 / std::sqrt(3.0));
  const TriangleMesh box = cube(Vec3d(), 0.02);
  expectSameForce(forceFromMesh(box, diagonal * d), forceFromPlane(Vec3d(), diagonal, diagonal * d));
  // Along a cube edge's bisector (the edge on the x axis, y = z = 0).
  const Vec3d bisector = Vec3d(0, -1, -1) * (1 / std::sqrt(2.0));
  const Vec3d onEdge(0.01, 0, 0);
  expectSameForce(forceFromMesh(box, onEdge + bisector * d), forceFromPlane(onEdge, bisector, onEdge + bisector * d));
}

TEST(SphereTriangle, ConcaveGrooveGivesFaceContactsAndNoEdgeContact) {
  // A shallow V-groove whose sides rise at 0.05 rad from a crease along y.
  const double slope = 0.05;
  const TriangleMesh v = groove(slope, 0.02, 0.04);
  const Vec3d nLeft(std::sin(slope), 0, std::cos(slope)), nRight(-std::sin(slope), 0, std::cos(slope));
  // In the middle, 20 um into each side: two face contacts, each its side's plane.
  const double h = (kSphereRadius - 2e-5) / std::cos(slope);
  const Vec3d middle(0, 0.001, h);
  expectSameForce(forceFromMesh(v, middle),
                  forceFromPlane(Vec3d(), nLeft, middle) + forceFromPlane(Vec3d(), nRight, middle));
  // 0.3 mm to the left: 61 um into the left side; the right side's plane is 31 um deep
  // too, but the centre projects beside that face, so the right triangles' nearest point is
  // the crease, 31 um deep. The left face is nearer, so the crease must not act: one
  // contact, the left plane's.
  const Vec3d left(-0.3e-3, 0.001, 4.96e-3);
  ASSERT_LT(norm(Vec3d(left.x, 0, left.z)), kSphereRadius - 3e-5);  // the crease overlaps the sphere
  expectSameForce(forceFromMesh(v, left), forceFromPlane(Vec3d(), nLeft, left));
}

// Drops the sphere from height z0 at velocity v0 onto the boundaries of `m` and returns its
// velocity once it has left the floor again.
Vec3 rebound(Model m, const Vec3d& x0, const Vec3d& v0) {
  Simulation sim(std::move(m), oneSphere(x0, v0));
  for (int k = 0; k < 400; ++k) {
    sim.step(50);
    const StateArrays s = sim.state();
    if (s.ownerVelocity[0].z > 0 && sim.touchingWalls() == 0) return s.ownerVelocity[0];
  }
  ADD_FAILURE() << "the sphere did not rebound";
  return Vec3();
}

TEST(SphereTriangle, DropOnAMeshFloorReboundsAsOnThePlane) {
  // Falling at 0.5 m/s with a sideways 0.1 m/s (friction acts during the impact), onto the
  // plane z = 0 and onto the same floor as 4 x 4 cells of triangles, landing inside a face,
  // on an edge and on a vertex. The issue asks for 1 %; the contact is the plane's to
  // round-off, so the rebound agrees far closer (1e-9 of the speed allows for the
  // summation-order differences of ~100 impact steps).
  const double dt = 1e-6;
  const Vec3d v0(0.1, 0.0, -0.5);
  Model plane = contactModel(dt, Vec3(0, 0, Real(-9.81)));
  plane.boundaries = {infinitePlane(Vec3d(), Vec3d(0, 0, 1), 1)};
  for (const Vec3d& landing : {Vec3d(0.003, 0.001, 0), Vec3d(0.0, 0.0, 0), Vec3d(0.005, 0.005, 0)}) {
    SCOPED_TRACE(testing::Message() << "landing near (" << landing.x << ", " << landing.y << ")");
    // Touches 0.1 ms later 30 um before the landing point; the ~0.7 ms impact slides it 70 um
    // on, across the point.
    const Vec3d x0 = landing + Vec3d(-4e-5, 0, kSphereRadius + 5e-5);
    const Vec3 expected = rebound(plane, x0, v0);
    Model mesh = contactModel(dt, Vec3(0, 0, Real(-9.81)));
    appendMeshBoundaries(mesh, tessellatedSquare(0.02, 4), 1, -1);
    const Vec3 got = rebound(std::move(mesh), x0, v0);
    EXPECT_GT(expected.z, 0.1);  // a real rebound (CoR 0.5)
    EXPECT_LT(norm(Vec3d(got - expected)), 1e-9 * norm(v0));
  }
}

// Velocity history of a sphere rolling over the boundaries of `m` for `steps` steps,
// sampled every `every` steps.
std::vector<Vec3> rollingHistory(Model m, int samples, int every) {
  // Resting on the floor (at its static overlap, so it does not bounce), thrown sideways
  // without spin: it slides, friction spins it up, then it rolls.
  const double rho = grain().density, mass = sphereMass(kSphereRadius, rho);
  const double Estar = 5e7 / (2 * (1 - 0.3 * 0.3));
  const double overlap = std::pow(3 * mass * 9.81 / (4 * Estar * std::sqrt(kSphereRadius)), 2.0 / 3.0);
  Simulation sim(std::move(m), oneSphere(Vec3d(-0.015, -0.012, kSphereRadius - overlap), Vec3d(0.3, 0.2, 0)));
  std::vector<Vec3> out;
  for (int k = 0; k < samples; ++k) {
    sim.step(every);
    out.push_back(sim.state().ownerVelocity[0]);
  }
  return out;
}

TEST(SphereTriangle, RollingAcrossEdgesKeepsItsFrictionHistory) {
  // 60 ms over a floor of 2 mm cells: the contact crosses ~10 edges sliding and rolling
  // (dt = 1e-5 s is a quarter of the Rayleigh guard's limit for these spheres).
  // On every edge the contact passes from one triangle to the next; the friction spring is
  // handed over, so the mesh run follows the plane run to round-off. Had the spring reset
  // at an edge, the tangential force would drop by up to mu F_n for a few steps: a velocity
  // jump of order mu g dt x (steps to rebuild the spring), above 1e-6 m/s; the bound here
  // is 1e-9 m/s.
  const double dt = 1e-5;
  const Vec3 g(0, 0, Real(-9.81));
  Model plane = contactModel(dt, g);
  plane.boundaries = {infinitePlane(Vec3d(), Vec3d(0, 0, 1), 1)};
  const auto expected = rollingHistory(plane, 60, 100);
  for (StreamMode mode : {StreamMode::Sync, StreamMode::Async}) {
    SCOPED_TRACE(streamModeName(mode));
    Model mesh = contactModel(dt, g, mode);
    appendMeshBoundaries(mesh, tessellatedSquare(0.02, 20), 1, -1);
    const auto got = rollingHistory(std::move(mesh), 60, 100);
    double worst = 0;
    for (std::size_t k = 0; k < got.size(); ++k) worst = std::max(worst, double(norm(got[k] - expected[k])));
    EXPECT_LT(worst, 1e-9);
  }
  // It did travel across edges: at 0.1 m/s or faster for 60 ms, at least three 2 mm cells.
  EXPECT_GT(expected.back().x, 0.1);
}

}  // namespace
}  // namespace regolith::test
