// Mesh-like body shapes: a triangle mesh file (OBJ/STL), a generated grouser wheel, ring
// or plate. Each becomes a checked TriangleMesh in world coordinates at the body's
// initial pose: file units and scale, then "rotate" (or the turn a study gives its body:
// studyTurnOf), then "translate".
#include <cmath>
#include <stdexcept>

#include "core/boundaries.h"
#include "core/mesh_generators.h"
#include "io/mesh/mesh_import.h"
#include "scenes/build.h"

namespace regolith::scene {
namespace {

constexpr double kDegree = M_PI / 180;

// The generators name their parameters as WheelSpec/RingSpec do; a scene user knows them
// by their JSON keys.
std::string withSceneKeys(std::string message) {
  static const std::pair<const char*, const char*> kKeys[] = {{"grouserThickness", "grouser_thickness"},
                                                              {"grouserHeight", "grouser_height"},
                                                              {"filletRadius", "fillet"},
                                                              {"maxFacetAngle", "facet_angle_deg (here in rad)"}};
  for (const auto& [spec, key] : kKeys)
    for (std::size_t at = message.find(spec); at != std::string::npos; at = message.find(spec))
      message.replace(at, std::string(spec).size(), key);
  return message;
}

// The rotation of <pointer>/rotate ({"axis", "angle_deg"}), identity when absent.
std::optional<Quat> rotationOf(BuildContext& c, const std::string& pointer) {
  if (!c.has(pointer + "/rotate")) return Quat();
  const Vec3d axis = c.vec(pointer + "/rotate/axis");
  if (!usableDirection(axis)) {
    c.problem(pointer + "/rotate/axis", c.at(pointer + "/rotate/axis").dump(), "a nonzero axis of finite length");
    return std::nullopt;
  }
  const double angle = c.at(pointer + "/rotate/angle_deg").get<double>() * kDegree;
  return normalized(quatFromRotationVector(axis * (angle / norm(axis))));
}

// The shape's mesh in its own frame, or nullopt with a problem recorded.
std::optional<TriangleMesh> localMesh(BuildContext& c, const std::string& pointer) {
  const Json& shape = c.at(pointer);
  const std::string kind = shape["kind"].get<std::string>();
  try {
    if (kind == "mesh") {
      const std::string file = c.resolvePath(shape["file"].get<std::string>());
      const double scale = unitScale(shape.value("units", std::string("m"))) * shape.value("scale", 1.0);
      return readMesh(file, scale);
    }
    if (kind == "wheel") {
      WheelSpec w;
      w.radius = shape["radius"].get<double>();
      w.width = shape["width"].get<double>();
      w.grousers = shape.value("grousers", 0);
      w.grouserHeight = shape.value("grouser_height", 0.0);
      w.grouserThickness = shape.value("grouser_thickness", 0.0);
      w.filletRadius = shape.value("fillet", 0.0);
      w.maxFacetAngle = shape.value("facet_angle_deg", kDefaultFacetAngle / kDegree) * kDegree;
      return grouserWheel(w);
    }
    if (kind == "plate") {
      PlateSpec p;
      p.length = shape["length"].get<double>();
      p.width = shape["width"].get<double>();
      p.thickness = shape["thickness"].get<double>();
      return plate(p);
    }
    RingSpec r;
    r.radius = shape.value("radius", r.radius);
    r.width = shape.value("width", r.width);
    r.thickness = shape.value("thickness", r.thickness);
    r.maxFacetAngle = shape.value("facet_angle_deg", kDefaultFacetAngle / kDegree) * kDegree;
    return ring(r);
  } catch (const std::exception& e) {
    c.problem(pointer, describeValue(shape), std::string("a usable ") + kind + ": " + withSceneKeys(e.what()));
    return std::nullopt;
  }
}

}  // namespace

bool isMeshShape(const std::string& kind) {
  return kind == "mesh" || kind == "wheel" || kind == "ring" || kind == "plate";
}

std::optional<TriangleMesh> meshShapeOf(BuildContext& c, const std::string& pointer) {
  std::optional<TriangleMesh> mesh = localMesh(c, pointer);
  const std::optional<Quat> q = c.has(pointer + "/rotate") ? rotationOf(c, pointer) : studyTurnOf(c, pointer);
  if (!mesh || !q) return std::nullopt;
  const Vec3d shift = c.has(pointer + "/translate") ? c.vec(pointer + "/translate") : Vec3d();
  TriangleMesh placed = transformed(*mesh, 1.0, *q, shift);
  try {
    const MeshReport report = checkMesh(placed, pointer);
    for (const std::string& w : report.warnings) c.scene.warnings.push_back(pointer + ": " + w);
  } catch (const std::exception& e) {
    c.problem(pointer, describeValue(c.at(pointer)), std::string("a valid mesh: ") + e.what());
    return std::nullopt;
  }
  return placed;
}

}  // namespace regolith::scene
