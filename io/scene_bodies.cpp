// Bodies: named analytic shapes. A body with a family is an owner without spheres that
// carries its boundaries (prescribed or free motion); one without is static.
#include <array>

#include "core/boundaries.h"
#include "io/scene_build.h"

namespace regolith::scene {
namespace {

bool nonzero(BuildContext& c, const std::string& pointer) {
  if (!isZero(c.vec(pointer))) return true;
  c.problem(pointer, "[0, 0, 0]", "a nonzero direction");
  return false;
}

// The shape's boundaries (material set, owner -1) and its reference point, or nullopt.
std::optional<std::vector<BoundaryPrimitive>> shapeOf(BuildContext& c, const std::string& pointer,
                                                      Index material, Vec3d& centre) {
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
    c.problem(pointer + "/end_caps", "true", "end caps only on a finite cylinder (length > 0) "
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

}  // namespace

void buildBodies(BuildContext& c) {
  namesOf(c, "/bodies", "body");
  if (!c.has("/bodies")) return;
  const Json& list = c.at("/bodies");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string base = pointerJoin("/bodies", i);
    const Json& j = list[i];
    const std::optional<Index> material = c.material(base + "/material");
    const std::optional<Index> family = j.contains("family") ? c.family(base + "/family") : std::optional<Index>(0);
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
      body.owner = c.world.addBody(
          j.value("mass", 1.0), Vec3d(inertia[0], inertia[1], inertia[2]),
          j.contains("position") ? c.vec(base + "/position") : centre, Quat(),
          j.contains("velocity") ? c.vec(base + "/velocity") : Vec3d(),
          j.contains("angular_velocity") ? c.vec(base + "/angular_velocity") : Vec3d(), *family);
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
