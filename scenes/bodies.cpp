// Bodies: named analytic shapes and meshes. A body with a family is an owner without
// spheres that carries its boundaries (prescribed or free motion); one without is static.
#include <array>
#include <cmath>

#include "core/boundaries.h"
#include "core/mesh_boundaries.h"
#include "scenes/build.h"

namespace regolith::scene {
namespace {

// A direction the boundary constructors can normalize (core/boundaries.h), else a problem
// here: [0, 0, 0], or a length that under- or overflows ([1e-320, 0, 0], [1e300, 1e300, 0]).
bool nonzero(BuildContext& c, const std::string& pointer) {
  if (usableDirection(c.vec(pointer))) return true;
  c.problem(pointer, c.at(pointer).dump(), "a nonzero direction of finite length");
  return false;
}

// The shape's boundaries (material set, owner -1) and its reference point, or nullopt.
std::optional<std::vector<BoundaryPrimitive>> shapeOf(BuildContext& c, const std::string& pointer, Index material,
                                                      Vec3d& centre) {
  const Json& shape = c.at(pointer);
  const std::string kind = shape["kind"].get<std::string>();
  if (kind == "plane") {
    if (!nonzero(c, pointer + "/normal")) return std::nullopt;
    centre = c.vec(pointer + "/point");
    return std::vector<BoundaryPrimitive>{infinitePlane(centre, c.vec(pointer + "/normal"), material)};
  }
  if (kind == "box") {
    if (!checkRegion(c, pointer, 0)) return std::nullopt;
    const Vec3d lo = c.vec(pointer + "/lo"), hi = c.vec(pointer + "/hi");
    centre = (lo + hi) * 0.5;
    static const std::array<const char*, 6> kWalls = {"-x", "+x", "-y", "+y", "-z", "+z"};
    std::array<bool, 6> keep = {true, true, true, true, true, true};
    for (const Json& open : shape.value("open", Json::array()))
      for (int w = 0; w < 6; ++w)
        if (open == kWalls[w]) keep[w] = false;
    return boxContainer(lo, hi, material, keep);
  }
  // Cylinder: the axis through `point`, `length` 0 (or absent) for an infinite one.
  if (!nonzero(c, pointer + "/axis")) return std::nullopt;
  centre = c.vec(pointer + "/point");
  const Vec3d axis = c.vec(pointer + "/axis");
  const double radius = shape["radius"].get<double>(), length = shape.value("length", 0.0);
  const bool inside = shape.value("inside", true), caps = shape.value("end_caps", false);
  if (caps && !(length > 0 && inside)) {
    c.problem(pointer + "/end_caps", "true",
              "end caps only on a finite cylinder (length > 0) "
              "with the particles inside");
    return std::nullopt;
  }
  std::vector<BoundaryPrimitive> out = {cylinder(centre, axis, radius, length / 2, inside, material)};
  if (caps) {
    const Vec3d a = axis * (1.0 / norm(axis));
    out.push_back(squareWall(centre - a * (length / 2), a, radius, material));
    out.push_back(squareWall(centre + a * (length / 2), -a, radius, material));
  }
  return out;
}

// The pose and mass of a moving mesh body: from "density" (the closed mesh's own mass
// properties: owner at the centre of mass, principal axes) or from "mass" and "inertia"
// (principal moments along the world axes at the initial pose; owner at "position", by
// default the centre of the mesh's bounding box).
struct MeshBodyMass {
  double mass = 0;
  Vec3d inertia, position;
  Quat orientation;
};

std::optional<MeshBodyMass> meshBodyMass(BuildContext& c, const std::string& base, const TriangleMesh& mesh) {
  const Json& j = c.at(base);
  MeshBodyMass m;
  if (j.contains("density")) {
    bool ok = true;
    for (const char* key : {"mass", "inertia", "position"})
      if (j.contains(key)) {
        c.problem(pointerJoin(base, key), describeValue(j[key]),
                  std::string("no \"") + key + "\" with \"density\" (the mesh gives it)");
        ok = false;
      }
    if (!ok) return std::nullopt;
    try {
      MassProperties p = meshMassProperties(mesh, j["density"].get<double>());
      // A tensor diagonal but for round-off (a wheel along an axis) keeps the scene's axes,
      // so rules about body axes mean the axes the user drew it along.
      const double trace = p.inertia[0][0] + p.inertia[1][1] + p.inertia[2][2];
      bool diagonal = true;
      for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b)
          if (a != b && std::fabs(p.inertia[a][b]) > 1e-9 * trace) diagonal = false;
      if (diagonal)
        for (int a = 0; a < 3; ++a)
          for (int b = 0; b < 3; ++b)
            if (a != b) p.inertia[a][b] = 0;
      diagonalize(p);
      m.mass = p.mass;
      m.inertia = p.principalMoments;
      m.position = p.centre;
      m.orientation = p.principalFrame;
    } catch (const std::exception& e) {
      c.problem(base + "/density", describeValue(j["density"]),
                std::string("a closed mesh to compute the mass from (") + e.what() +
                    "), or \"mass\" and \"inertia\" instead");
      return std::nullopt;
    }
    return m;
  }
  if (!j.contains("mass") || !j.contains("inertia")) {
    c.problem(base, describeValue(j), "\"density\", or \"mass\" and \"inertia\", on a moving mesh body");
    return std::nullopt;
  }
  const std::vector<double> inertia = j["inertia"].get<std::vector<double>>();
  m.mass = j["mass"].get<double>();
  m.inertia = Vec3d(inertia[0], inertia[1], inertia[2]);
  if (j.contains("position")) {
    m.position = c.vec(base + "/position");
  } else {
    Vec3d lo = mesh.vertices.front(), hi = lo;
    for (const Vec3d& v : mesh.vertices) {
      lo = Vec3d(std::fmin(lo.x, v.x), std::fmin(lo.y, v.y), std::fmin(lo.z, v.z));
      hi = Vec3d(std::fmax(hi.x, v.x), std::fmax(hi.y, v.y), std::fmax(hi.z, v.z));
    }
    m.position = (lo + hi) * 0.5;
  }
  return m;
}

// A mesh body: its triangles as boundaries of the model, carried by a new owner when it
// has a family.
void buildMeshBody(BuildContext& c, const std::string& base, Index material, std::optional<Index> family) {
  const Json& j = c.at(base);
  const std::optional<TriangleMesh> mesh = meshShapeOf(c, base + "/shape");
  if (!mesh) return;
  SceneBody body{j["name"].get<std::string>(), -1, {}, Vec3d()};
  if (!j.contains("family")) {
    for (const char* key : {"mass", "inertia", "density", "position", "velocity", "angular_velocity"})
      if (j.contains(key))
        c.problem(pointerJoin(base, key), describeValue(j[key]),
                  "no \"" + std::string(key) + "\" on a static body (give the body a \"family\" to make it move)");
    Vec3d sum;
    for (const Vec3d& v : mesh->vertices) sum += v;
    body.reference = sum * (1.0 / double(mesh->vertices.size()));
  } else {
    const std::optional<MeshBodyMass> m = meshBodyMass(c, base, *mesh);
    if (!m || !family) return;
    body.owner = c.world.addBody(m->mass, m->inertia, m->position, m->orientation,
                                 j.contains("velocity") ? c.vec(base + "/velocity") : Vec3d(),
                                 j.contains("angular_velocity") ? c.vec(base + "/angular_velocity") : Vec3d(), *family);
    c.scene.ownerTemplate.push_back(-1);
    body.reference = m->position;
  }
  body.boundaries = appendMeshBoundaries(c.scene.model, *mesh, material, body.owner);
  c.scene.bodies.push_back(std::move(body));
}

}  // namespace

void buildBodies(BuildContext& c) {
  c.bodyByName = namesOf(c, "/bodies", "body");
  if (!c.has("/bodies")) return;
  const Json& list = c.at("/bodies");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string base = pointerJoin("/bodies", i);
    const Json& j = list[i];
    const std::optional<Index> material = c.material(base + "/material");
    const std::optional<Index> family = j.contains("family") ? c.family(base + "/family") : std::optional<Index>(0);
    if (isMeshShape(j["shape"]["kind"].get<std::string>())) {
      if (material) buildMeshBody(c, base, *material, family);
      continue;
    }
    if (j.contains("density"))
      c.problem(base + "/density", describeValue(j["density"]),
                "no \"density\" on an analytic shape (give \"mass\" and \"inertia\")");
    Vec3d centre;
    const auto boundaries = shapeOf(c, base + "/shape", material.value_or(0), centre);
    if (!material || !family || !boundaries) continue;

    SceneBody body{j["name"].get<std::string>(), -1, {}, centre};
    if (!j.contains("family")) {
      // A static body has no owner: a pose or mass would be silently ignored.
      for (const char* key : {"mass", "inertia", "position", "velocity", "angular_velocity"})
        if (j.contains(key))
          c.problem(pointerJoin(base, key), describeValue(j[key]),
                    "no \"" + std::string(key) + "\" on a static body (give the body a \"family\" to make it move)");
    } else {
      // Mass and inertia matter only for the DOFs the family leaves free.
      const std::vector<double> inertia = j.value("inertia", std::vector<double>{1, 1, 1});
      body.owner = c.world.addBody(j.value("mass", 1.0), Vec3d(inertia[0], inertia[1], inertia[2]),
                                   j.contains("position") ? c.vec(base + "/position") : centre, Quat(),
                                   j.contains("velocity") ? c.vec(base + "/velocity") : Vec3d(),
                                   j.contains("angular_velocity") ? c.vec(base + "/angular_velocity") : Vec3d(),
                                   *family);
      c.scene.ownerTemplate.push_back(-1);
    }
    std::vector<BoundaryPrimitive>& all = c.scene.model.boundaries;
    for (BoundaryPrimitive b : *boundaries) {
      b.owner = body.owner;
      body.boundaries.push_back(all.size());
      all.push_back(b);
    }
    c.scene.bodies.push_back(std::move(body));
  }
}

}  // namespace regolith::scene
