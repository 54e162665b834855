// The contact of a sphere with any boundary, analytic or a mesh triangle, as force
// evaluation, contact counts and output all see it (one definition of "touching").
#pragma once

#include "kernels/boundaries/boundary_geometry.h"
#include "kernels/boundaries/triangle_contact.h"

namespace regolith {

// triangleContact's answer as a value (whether the triangle acts, the gap, the normal).
struct TriangleTouch {
  bool acts;
  Real gap;
  Vec3 normal;
};

// triangleContact out of line: inlined into a kernel that evaluates every kind of
// boundary, the nearest-point and feature-region tests take so many registers that the
// CUDA wall-force kernel spilled to local memory at every contact, triangle or not. Its
// inputs by value and its answer returned, so the call needs no stack frame either.
REGOLITH_HD REGOLITH_NOINLINE inline TriangleTouch triangleTouch(const BoundaryPrimitive* boundaries,
                                                                 const TriangleTopology* topology,
                                                                 const FeatureNeighbour* neighbours, Index index,
                                                                 Vec3d c, Real r) {
  TriangleTouch t{false, Real(0), Vec3()};
  t.acts = triangleContact(boundaries, topology, neighbours, index, c, r, t.gap, t.normal);
  return t;
}

struct WallGeometry {
  const BoundaryPrimitive* boundaries;
  const TriangleTopology* topology;  // null when there are no triangles
  const FeatureNeighbour* neighbours;

  // False when boundary `index` does not act on the sphere (out of a wall's range, or a
  // triangle that does not answer for the sphere's nearest point of its mesh); otherwise
  // the gap (negative: overlap) and the unit normal towards the sphere centre.
  REGOLITH_HD bool contact(Index index, const Vec3d& c, Real r, Real& gap, Vec3& normal) const {
    if (boundaries[index].kind == BoundaryKind::Triangle) {
      const TriangleTouch t = triangleTouch(boundaries, topology, neighbours, index, c, r);
      if (t.acts) {
        gap = t.gap;
        normal = t.normal;
      }
      return t.acts;
    }
    return boundaryGap(boundaries[index], c, r, Real(0), gap, normal);
  }
  REGOLITH_HD bool touches(Index index, const Vec3d& c, Real r) const {
    Real gap;
    Vec3 normal;
    return contact(index, c, r, gap, normal) && gap < Real(0);
  }
};

}  // namespace regolith
