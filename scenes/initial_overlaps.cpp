// The initial-overlap check of parseScene: a body placed into the particles (a plate turned
// into the rain region, a wheel set below the bed's surface, grains rained behind a wall)
// starts with overlaps whose Hertz forces throw the grains out at speeds no time step
// resolves. The run would not fail; it would go on, slowly and wrongly. So the scene is
// refused with the body, how many particles it overlaps and the deepest one.
#include <algorithm>
#include <cmath>
#include <string>

#include "clumps/bed_metrics.h"
#include "core/motion_rule.h"
#include "scenes/build.h"
#include "io/json/json_pointer.h"
#include "kernels/forces/wall_contact.h"

namespace regolith::scene {
namespace {

// Overlaps up to this fraction of the sphere's radius are a settled bed's contacts with its
// floor or a body set down on it; deeper ones are a placement error.
constexpr double kAllowedOverlap = 0.1;

struct MeshBounds {
  Vec3d lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
  void add(const Vec3d& p) {
    lo = Vec3d(std::fmin(lo.x, p.x), std::fmin(lo.y, p.y), std::fmin(lo.z, p.z));
    hi = Vec3d(std::fmax(hi.x, p.x), std::fmax(hi.y, p.y), std::fmax(hi.z, p.z));
  }
  bool near(const Vec3d& c, double r) const {
    return c.x >= lo.x - r && c.x <= hi.x + r && c.y >= lo.y - r && c.y <= hi.y + r && c.z >= lo.z - r &&
           c.z <= hi.z + r;
  }
};

// The particles a body overlaps too deeply, and the deepest of them relative to its radius.
struct Overlaps {
  std::size_t count = 0;
  double overlap = 0, radius = 1;
  Vec3d centre;
};

// Whether a family's rules at t = 0 (evaluateFamily's phase in force) leave it a degree of
// freedom to be thrown along: particles held or carried by their family (a fixed floor
// lattice, a rain batch waiting above the container) may start anywhere.
bool movesFreely(const FamilyControl& control) {
  for (const DofControl& d : control.dof)
    if (d.mode == DofMode::Free) return true;
  return false;
}

}  // namespace

void checkInitialOverlaps(BuildContext& c) {
  // Runs on a complete build only: the bodies' boundaries are indexed by their JSON order.
  if (!c.problems.empty() || !c.has("/bodies") || c.scene.bodies.size() != c.at("/bodies").size()) return;
  const Model& model = c.scene.model;
  const StateArrays& s = c.world.state();
  const std::size_t spheres = s.sphereRadius.size();
  if (spheres == 0) return;
  const std::vector<Vec3d> centres = sphereCentresOf(s);
  const std::vector<FamilyControl> atStart = evaluateFamilies(model.families, 0, 0);
  std::vector<bool> free(spheres);
  for (std::size_t k = 0; k < spheres; ++k) {
    const Index family = s.ownerFamily[std::size_t(s.sphereOwner[k])];
    // Families beyond the model's list have no rules: free.
    free[k] = family < 0 || std::size_t(family) >= atStart.size() || movesFreely(atStart[std::size_t(family)]);
  }
  const WallGeometry walls{model.boundaries.data(),
                           model.meshTopology.empty() ? nullptr : model.meshTopology.triangles.data(),
                           model.meshTopology.neighbours.empty() ? nullptr : model.meshTopology.neighbours.data()};

  for (std::size_t b = 0; b < c.scene.bodies.size(); ++b) {
    const SceneBody& body = c.scene.bodies[b];
    // Triangles are tested only near the body's bounding box; analytic shapes everywhere.
    MeshBounds box;
    bool mesh = false;
    for (const std::size_t i : body.boundaries) {
      const BoundaryPrimitive& p = model.boundaries[i];
      if (p.kind != BoundaryKind::Triangle) continue;
      mesh = true;
      box.add(p.point);
      box.add(p.corner1);
      box.add(p.corner2);
    }
    Overlaps deep;
    for (std::size_t k = 0; k < spheres; ++k) {
      const Real r = s.sphereRadius[k];
      if (!free[k] || (mesh && !box.near(centres[k], r))) continue;
      double overlap = 0;
      for (const std::size_t i : body.boundaries) {
        Real gap;
        Vec3 normal;
        if (walls.contact(Index(i), centres[k], r, gap, normal)) overlap = std::max(overlap, -double(gap));
      }
      if (overlap <= kAllowedOverlap * r) continue;
      ++deep.count;
      if (overlap / r > deep.overlap / deep.radius) {
        deep.overlap = overlap;
        deep.radius = r;
        deep.centre = centres[k];
      }
    }
    if (deep.count == 0) continue;
    c.problem(pointerJoin("/bodies", b),
              "the body \"" + body.name + "\" overlapping " + std::to_string(deep.count) +
                  " particle(s) at the start, the deepest by " + numberText(deep.overlap, 3) + " m (radius " +
                  numberText(deep.radius, 3) + " m, centre " + vectorText(deep.centre) + ")",
              "a body clear of the particles at the start (overlaps under " + numberText(100 * kAllowedOverlap, 3) +
                  " % of a radius): move the body or the source's region");
  }
}

}  // namespace regolith::scene
