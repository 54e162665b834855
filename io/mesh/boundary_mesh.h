// Triangles of the analytic boundaries as they stand, for viewing (the run file's
// body_vertices / body_triangles and the XDMF bodies grid). Planes and infinite cylinders
// have no size of their own: they are cut to `extent` around their point.
#pragma once

#include <array>
#include <vector>

#include "kernels/boundaries/boundary_primitive.h"

namespace regolith {

struct BoundaryMesh {
  std::vector<Vec3d> vertices;                  // world frame [m]
  std::vector<std::array<Index, 3>> triangles;  // indices into vertices
  std::vector<Index> triangleBoundary;          // per triangle: the boundary it shows
};

struct BoundaryMeshSettings {
  double extent = 1.0;        // half size of a plane's square, half length of an infinite cylinder [m]
  int cylinderSegments = 32;  // facets around a cylinder's side
};

// A plane becomes a square of half size `extent` around its point, a finite wall its
// rectangle (2 triangles), a cylinder a side band of cylinderSegments quads.
BoundaryMesh tessellateBoundaries(const std::vector<BoundaryPrimitive>& boundaries,
                                  const BoundaryMeshSettings& settings = {});

// An extent that covers `points` as seen from any of the boundaries (at least the largest
// distance from a boundary point to a point), at least `minimum`.
double meshExtentFor(const std::vector<BoundaryPrimitive>& boundaries, const std::vector<Vec3d>& points,
                     double minimum = 0.1);

}  // namespace regolith
