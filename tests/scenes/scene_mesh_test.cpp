// SceneMesh: mesh bodies from a scene (mesh files, generated wheels and rings): what they
// build, and every way a mesh body can be wrong, each refused with its JSON pointer.
#include <filesystem>

#include "core/mesh_generators.h"
#include "io/mesh/mesh_import.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/mesh_test_support.h"
#include "tests/support/scene_test_support.h"

namespace regolith {
namespace {

using namespace regolith::test;
namespace fs = std::filesystem;

// The smoke scene with one more body.
Json withBody(const Json& body) {
  Json s = smokeScene();
  s["bodies"].push_back(body);
  return s;
}

Json wheelBody() {
  return Json::parse(R"({"name": "wheel", "material": "steel", "family": "drum", "density": 1500,
    "shape": {"kind": "wheel", "radius": 0.009, "width": 0.008, "grousers": 8,
              "grouser_height": 0.0015, "grouser_thickness": 0.002,
              "translate": [0.1, 0, 0]}})");
}

// A file in a scratch folder: the box [0, 10] x [0, 20] x [0, 30] (in the file's units)
// as OBJ, and as an open plate (its first two triangles).
std::string writeMeshFile(const std::string& name, const TriangleMesh& m) {
  const fs::path dir = scratchDir("regolith_scene_mesh_");
  fs::create_directories(dir);
  const std::string path = (dir / name).string();
  writeObj(path, m, "SceneMesh test");
  return path;
}

TEST(SceneMesh, GeneratedWheelBodyHasTheMeshsMassAndTriangles) {
  const Scene scene = parse(withBody(wheelBody()).dump());
  const SceneBody& b = scene.bodies.back();
  ASSERT_EQ(b.name, "wheel");
  ASSERT_GE(b.owner, 0);
  WheelSpec spec;
  spec.radius = 0.009;
  spec.width = 0.008;
  spec.grousers = 8;
  spec.grouserHeight = 0.0015;
  spec.grouserThickness = 0.002;
  const TriangleMesh mesh = grouserWheel(spec);
  const MassProperties p = meshMassProperties(mesh, 1500);
  EXPECT_EQ(b.boundaries.size(), mesh.triangles.size());
  // The mass is the closed mesh's; the owner sits at its centre, moved by translate.
  EXPECT_NEAR(scene.initial.ownerMass[b.owner], p.mass, 1e-12 * p.mass);
  EXPECT_NEAR(scene.initial.ownerPosition[b.owner].x, 0.1, 1e-12);
  EXPECT_NEAR(scene.initial.ownerPosition[b.owner].z, 0.0, 1e-12);
  // A wheel along y has a diagonal tensor: the owner keeps the world axes, so a rule about
  // body y turns it about its axle.
  const Quat q = scene.initial.ownerOrientation[b.owner];
  EXPECT_EQ(q.w, 1.0);
  EXPECT_NEAR(scene.initial.ownerInertia[b.owner].y, p.principalMoments.y, 1e-12 * p.principalMoments.y);
  for (std::size_t k : b.boundaries) {
    EXPECT_EQ(scene.model.boundaries[k].kind, BoundaryKind::Triangle);
    EXPECT_EQ(scene.model.boundaries[k].owner, b.owner);
  }
  EXPECT_TRUE(scene.warnings.empty());
}

TEST(SceneMesh, MeshFileInMillimetresIsScaledAndPlaced) {
  const std::string file = writeMeshFile("box.obj", boxMesh(10, 20, 30));
  Json body = Json::parse(R"({"name": "box", "material": "steel", "family": "drum",
    "mass": 0.2, "inertia": [1e-5, 1e-5, 1e-5],
    "shape": {"kind": "mesh", "units": "mm", "scale": 2,
              "rotate": {"axis": [0, 0, 1], "angle_deg": 90}, "translate": [1, 0, 0]}})");
  body["shape"]["file"] = file;
  const Scene scene = parse(withBody(body).dump());
  const SceneBody& b = scene.bodies.back();
  // [0, 20] x [0, 40] x [0, 60] mm turned 90 degrees about z: x' = -y, y' = x; then +1 m in x.
  double xmin = 1e9, xmax = -1e9, ymax = -1e9, zmax = -1e9;
  for (std::size_t k : b.boundaries)
    for (const Vec3d& v :
         {scene.model.boundaries[k].point, scene.model.boundaries[k].corner1, scene.model.boundaries[k].corner2}) {
      xmin = std::min(xmin, v.x);
      xmax = std::max(xmax, v.x);
      ymax = std::max(ymax, v.y);
      zmax = std::max(zmax, v.z);
    }
  EXPECT_NEAR(xmin, 1 - 0.04, 1e-12);
  EXPECT_NEAR(xmax, 1.0, 1e-12);
  EXPECT_NEAR(ymax, 0.02, 1e-12);
  EXPECT_NEAR(zmax, 0.06, 1e-12);
  // Without density the owner is at the bounding box's centre, with the given mass.
  EXPECT_NEAR(scene.initial.ownerPosition[b.owner].x, 0.98, 1e-12);
  EXPECT_DOUBLE_EQ(scene.initial.ownerMass[b.owner], 0.2);
}

TEST(SceneMesh, OpenStaticPlateIsAWarningNotAnError) {
  TriangleMesh plate = boxMesh(10, 20, 30);
  plate.triangles.resize(2);
  Json body = Json::parse(R"({"name": "plate", "material": "steel",
                              "shape": {"kind": "mesh", "units": "mm", "translate": [1, 0, 0]}})");
  body["shape"]["file"] = writeMeshFile("plate.obj", plate);
  const Scene scene = parse(withBody(body).dump());
  ASSERT_EQ(scene.bodies.back().owner, -1);
  ASSERT_EQ(scene.warnings.size(), 1u);
  EXPECT_NE(scene.warnings[0].find("/bodies/1/shape"), std::string::npos) << scene.warnings[0];
  EXPECT_NE(scene.warnings[0].find("open"), std::string::npos) << scene.warnings[0];
}

TEST(SceneMesh, BadMeshBodiesAreRefusedWithTheirPointer) {
  {  // a file that is not there: the shape, naming the file
    Json body = Json::parse(R"({"name": "m", "material": "steel",
                                "shape": {"kind": "mesh", "file": "/nonexistent/wheel.obj"}})");
    expectProblem(problemsOf(withBody(body)), "/bodies/1/shape", "", "/nonexistent/wheel.obj");
  }
  {  // density and mass together
    Json body = wheelBody();
    body["mass"] = 1;
    expectProblem(problemsOf(withBody(body)), "/bodies/1/mass", "1", "with \"density\"");
  }
  {  // a moving mesh body with neither
    Json body = wheelBody();
    body.erase("density");
    expectProblem(problemsOf(withBody(body)), "/bodies/1", "", "\"density\", or \"mass\" and \"inertia\"");
  }
  {  // density of an open mesh
    TriangleMesh plate = boxMesh(10, 20, 30);
    plate.triangles.resize(2);
    Json body = Json::parse(R"({"name": "p", "material": "steel", "family": "drum",
                                "density": 1000, "shape": {"kind": "mesh"}})");
    body["shape"]["file"] = writeMeshFile("open.obj", plate);
    expectProblem(problemsOf(withBody(body)), "/bodies/1/density", "1000", "a closed mesh");
  }
  {  // a degenerate triangle in the file: named by number
    TriangleMesh bad = boxMesh(10, 20, 30);
    bad.vertices.push_back(Vec3d(5, 5, 5));
    bad.vertices.push_back(Vec3d(6, 6, 6));
    bad.vertices.push_back(Vec3d(7, 7, 7));  // collinear
    bad.triangles.push_back({8, 9, 10});
    Json body = Json::parse(R"({"name": "d", "material": "steel", "shape": {"kind": "mesh"}})");
    body["shape"]["file"] = writeMeshFile("degenerate.obj", bad);
    expectProblem(problemsOf(withBody(body)), "/bodies/1/shape", "", "triangle 12");
  }
  {  // an impossible wheel: the parameter named
    Json body = wheelBody();
    body["shape"]["grouser_thickness"] = 0.02;
    expectProblem(problemsOf(withBody(body)), "/bodies/1/shape", "", "grouser_thickness must be");
  }
  {  // a rotation about no axis
    Json body = wheelBody();
    body["shape"]["rotate"] = Json::parse(R"({"axis": [0, 0, 0], "angle_deg": 10})");
    expectProblem(problemsOf(withBody(body)), "/bodies/1/shape/rotate/axis", "[0,0,0]", "a nonzero axis");
  }
  {  // a pose on a static mesh body
    Json body = wheelBody();
    body.erase("family");
    body.erase("density");
    body["velocity"] = Json::array({1, 0, 0});
    expectProblem(problemsOf(withBody(body)), "/bodies/1/velocity", "", "static body");
  }
  {  // density on an analytic shape
    Json s = smokeScene();
    s["bodies"][0]["density"] = 7800;
    expectProblem(problemsOf(s), "/bodies/0/density", "7800", "analytic shape");
  }
  {  // units the schema does not know
    Json body = wheelBody();
    body["shape"] = Json::parse(R"({"kind": "mesh", "file": "x.obj", "units": "inch"})");
    expectProblem(problemsOf(withBody(body)), "/bodies/1/shape/units", "\"inch\"", "\"mm\"");
  }
}

// A body placed into the particles would start with overlaps whose forces throw the grains
// out; the scene is refused at the body, with the count and the deepest overlap.
TEST(SceneMesh, BodyStartingInsideTheParticlesIsRefused) {
  Json blade = Json::parse(R"({"name": "blade", "material": "steel",
    "shape": {"kind": "plate", "length": 0.03, "width": 0.03, "thickness": 0.002, "translate": [0, 0, 0]}})");
  expectProblem(problemsOf(withBody(blade)), "/bodies/1", "the body \"blade\" overlapping",
                "a body clear of the particles at the start");
  blade["shape"]["translate"] = Json::array({0, 0, 0.05});  // above the rain region: clear
  EXPECT_NO_THROW(parse(withBody(blade).dump()));

  // Analytic shapes too: a floor across the middle of the rain region.
  const Json floor = Json::parse(R"({"name": "floor", "material": "steel",
    "shape": {"kind": "plane", "point": [0, 0, 0], "normal": [0, 0, 1]}})");
  expectProblem(problemsOf(withBody(floor)), "/bodies/1", "the body \"floor\" overlapping", "move the body");
}

}  // namespace
}  // namespace regolith
