// Warnings for sizes no scene means: a body many times larger than the grains' region
// (a wheel radius of 10 meant as 10 mm). Materials are checked where they are built
// (scene_materials.cpp); both use core/plausible_values.h.
#include <algorithm>
#include <limits>

#include "core/plausible_values.h"
#include "scenes/build.h"

namespace regolith::scene {
namespace {

struct SpanBox {
  static constexpr double kInf = std::numeric_limits<double>::infinity();
  Vec3d lo{kInf, kInf, kInf}, hi{-kInf, -kInf, -kInf};
  void add(const Vec3d& p, double pad = 0) {
    lo = Vec3d(std::min(lo.x, p.x - pad), std::min(lo.y, p.y - pad), std::min(lo.z, p.z - pad));
    hi = Vec3d(std::max(hi.x, p.x + pad), std::max(hi.y, p.y + pad), std::max(hi.z, p.z + pad));
  }
  bool empty() const { return lo.x > hi.x; }
  double extent() const { return empty() ? 0 : std::max({hi.x - lo.x, hi.y - lo.y, hi.z - lo.z}); }
};

// The box a boundary spans; planes are infinite and add nothing (nor does an infinite
// cylinder's length).
void addBoundary(SpanBox& box, const BoundaryPrimitive& b) {
  const Vec3d n(b.normal.x, b.normal.y, b.normal.z);
  switch (b.kind) {
    case BoundaryKind::Plane:
      return;
    case BoundaryKind::FiniteWall: {
      const Vec3d u = Vec3d(b.tangentU.x, b.tangentU.y, b.tangentU.z) * double(b.halfU);
      const Vec3d v = Vec3d(b.tangentV.x, b.tangentV.y, b.tangentV.z) * double(b.halfV);
      for (const Vec3d& p : {b.point + u + v, b.point + u - v, b.point - u + v, b.point - u - v}) box.add(p);
      return;
    }
    case BoundaryKind::Cylinder:
      box.add(b.point + n * double(b.halfLength), b.radius);
      box.add(b.point - n * double(b.halfLength), b.radius);
      return;
    case BoundaryKind::Triangle:
      for (const Vec3d& p : {b.point, b.corner1, b.corner2}) box.add(p);
      return;
  }
}

}  // namespace

void checkPlausibility(BuildContext& c) {
  const StateArrays& s = c.world.state();
  SpanBox grains;
  for (std::size_t o = 0; o < c.scene.ownerTemplate.size() && o < s.ownerPosition.size(); ++o)
    if (c.scene.ownerTemplate[o] >= 0) grains.add(s.ownerPosition[o], c.largestBoundingRadius);
  const double region = grains.extent();
  if (!(region > 0)) return;  // no grains at the start (a bed rained in later): nothing to compare
  const Model& m = c.scene.model;
  for (const SceneBody& body : c.scene.bodies) {
    SpanBox box;
    for (std::size_t b : body.boundaries) addBoundary(box, m.boundaries.at(b));
    const double size = box.extent();
    if (size < kBodyToGrainRegionRatio * region) continue;
    const auto index = c.bodyByName.find(body.name);
    const std::string pointer = index == c.bodyByName.end() ? "/bodies" : pointerJoin("/bodies", index->second);
    c.scene.warnings.push_back(pointer + ": body \"" + body.name + "\" is " + numberText(size, 3) + " m across, " +
                               numberText(size / region, 3) + " times the grains' region (" + numberText(region, 3) +
                               " m): lengths are in metres (a size meant in mm is 1000 times too large)");
  }
}

}  // namespace regolith::scene
