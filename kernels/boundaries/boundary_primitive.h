// Boundaries as one flat POD the device can read: infinite planes (half-spaces), finite
// one-sided walls (a box is six of them), cylinders (inside or outside), and the triangles
// of meshes (core/mesh_boundaries.h; their shared edges and corners in kernels/boundaries/mesh_topology.h).
#pragma once

#include "kernels/backend/vec3.h"

namespace regolith {

enum class BoundaryKind : int {
  Plane = 0,       // half-space {(x - point) . normal >= 0} is open, the rest is solid
  FiniteWall = 1,  // rectangle in the plane, acts only on spheres whose centre is in front
  Cylinder = 2,    // circular cylinder, particles inside or outside
  Triangle = 3,    // one triangle of a mesh, two-sided: corners point, corner1, corner2
};

struct BoundaryPrimitive {
  BoundaryKind kind = BoundaryKind::Plane;
  Index material = 0;
  Vec3d point;             // plane/wall centre, or a point on the cylinder axis
  Vec3 normal{0, 0, 1};    // plane/wall: unit normal into the open side; cylinder: unit axis
  Vec3 tangentU{1, 0, 0};  // finite wall: in-plane unit axes and half extents
  Vec3 tangentV{0, 1, 0};
  Real halfU = 0, halfV = 0;
  Real radius = 0;      // cylinder radius
  Real halfLength = 0;  // cylinder half length along the axis, 0 = infinite
  bool inside = true;   // cylinder: particles inside (true) or outside (false)
  // Triangle: `point` is corner 0, these are corners 1 and 2, `normal` the unit normal of
  // (c1 - c0) x (c2 - c0). Corners shared by triangles of one mesh are stored bit for bit
  // alike (a carried mesh's by ShareMeshCorners), which the edge and corner rules rely on.
  Vec3d corner1, corner2;
  Index triangle = -1;  // triangle: its entry in MeshTopology::triangles
  // Owner that carries the boundary, or -1 for a static one. An owned boundary is given in
  // world coordinates at the owner's initial pose and moves rigidly with it.
  Index owner = -1;
};

}  // namespace regolith
