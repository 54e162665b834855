// The contact of a sphere with any boundary, analytic or a mesh triangle, as force
// evaluation, contact counts and output all see it (one definition of "touching").
#pragma once

#include "kernels/boundary_geometry.h"
#include "kernels/triangle_contact.h"

namespace regolith {

struct WallGeometry {
  const BoundaryPrimitive* boundaries;
  const TriangleTopology* topology;  // null when there are no triangles
  const FeatureNeighbour* neighbours;

  // False when boundary `index` does not act on the sphere (out of a wall's range, or a
  // triangle that does not answer for the sphere's nearest point of its mesh); otherwise
  // the gap (negative: overlap) and the unit normal towards the sphere centre.
  REGOLITH_HD bool contact(Index index, const Vec3d& c, Real r, Real& gap, Vec3& normal) const {
    if (boundaries[index].kind == BoundaryKind::Triangle)
      return triangleContact(boundaries, topology, neighbours, index, c, r, gap, normal);
    return boundaryGap(boundaries[index], c, r, Real(0), gap, normal);
  }
  REGOLITH_HD bool touches(Index index, const Vec3d& c, Real r) const {
    Real gap;
    Vec3 normal;
    return contact(index, c, r, gap, normal) && gap < Real(0);
  }
};

}  // namespace regolith
