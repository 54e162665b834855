// Simple intruder meshes for RFT: spheres, boxes and flat rectangles with outward
// (counter-clockwise) winding, and the rigid and mirror transforms of a mesh. Used by the
// tests and the benchmark; handy for quick studies.
#pragma once

#include <Eigen/Core>

#include "models/rft/plate_mesh.h"

namespace regolith::rft {

// Icosahedron refined `subdivisions` times (each splits every triangle into four and
// projects onto the sphere): 20 * 4^subdivisions triangles.
TriangleMesh icosphere(double radius, int subdivisions);

// Latitude-longitude sphere: `segments` around, `rings` bands from pole to pole:
// 2 * segments * (rings - 1) triangles (segments >= 3, rings >= 2).
TriangleMesh uvSphere(double radius, int segments, int rings);

// Box centred at the origin with the given half extents, each face split into
// divisions x divisions squares of two triangles: 12 divisions^2 triangles.
TriangleMesh box(const Eigen::Vector3d& halfExtents, int divisions);

// Rectangle in the body x-y plane, [-a, a] x [-b, b], normal +z, split into
// nx x ny squares of two triangles.
TriangleMesh rectangle(double halfX, double halfY, int nx, int ny);

// x -> rotation x + translation.
TriangleMesh transformed(const TriangleMesh& m, const Eigen::Matrix3d& rotation, const Eigen::Vector3d& translation);

// Reflection through the plane x = 0, with the winding reversed so normals stay outward.
TriangleMesh mirroredX(const TriangleMesh& m);

}  // namespace regolith::rft
