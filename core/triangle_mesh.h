// Triangle meshes on the host: the shape of mesh bodies (wheels, rings, plates), as read
// from OBJ/STL (io/mesh/mesh_import.h) or generated (core/mesh_generators.h). Host only; the
// device sees a mesh as triangle boundaries (core/mesh_boundaries.h).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/mass_properties.h"
#include "kernels/backend/vec3.h"

namespace regolith {

struct TriangleMesh {
  std::vector<Vec3d> vertices;                  // [m]
  std::vector<std::array<Index, 3>> triangles;  // vertex indices; for a closed mesh,
                                                // counter-clockwise seen from outside, so
                                                // (v1 - v0) x (v2 - v0) points outwards
};

// An edge of the mesh: vertices a < b and the triangles that have it (1: an open edge,
// 2: manifold, more: non-manifold), in ascending order.
struct MeshEdge {
  Index a = 0, b = 0;
  std::vector<Index> triangles;
};

// Every edge, sorted by (a, b).
std::vector<MeshEdge> meshEdges(const TriangleMesh& mesh);

// What checkMesh found and did. Errors are thrown; these are the warnings and the fixes.
struct MeshReport {
  std::size_t openEdges = 0;          // edges of one triangle (an open surface: a plate)
  std::size_t nonManifoldEdges = 0;   // edges of three or more triangles
  std::size_t flippedTriangles = 0;   // turned to agree with their neighbours / face outwards
  std::size_t mergedVertices = 0;     // duplicates (same position) merged into one
  std::size_t unusedVertices = 0;     // in no triangle, dropped
  std::size_t components = 0;         // connected pieces (joined by edges of two triangles)
  bool closed = false;                // every edge has exactly two triangles
  std::vector<std::string> warnings;  // one line each, for the user
};

// Checks and repairs a mesh in place; `where` names it in messages (a file, a scene path).
// Throws std::invalid_argument for an empty mesh, vertex indices out of range, non-finite
// coordinates, degenerate triangles (area below 1e-12 of the bounding box's squared
// diagonal, or a repeated vertex; the triangle number is named), and a component whose
// orientation cannot be made consistent (non-orientable). Merges vertices at identical
// positions (STL stores each triangle's corners separately) and drops vertices no triangle
// uses (the rest keep their order: a clean mesh is left as it was), makes every triangle
// agree with its neighbours' orientation, and turns each closed component outwards
// (positive signed volume). Open and non-manifold edges are warnings.
MeshReport checkMesh(TriangleMesh& mesh, const std::string& where);

// Volume, mass, centre of mass, inertia tensor about it and principal axes (through
// diagonalize) of the solid a closed, outward-oriented mesh bounds, at uniform density,
// exact for the polyhedron (divergence theorem over signed tetrahedra). Throws
// std::invalid_argument when the mesh is not closed (or not consistently oriented) or its
// volume is not positive, and for a density that is not > 0.
MassProperties meshMassProperties(const TriangleMesh& mesh, double density);

// The mesh with every vertex mapped by x -> rotate(q, x * scale) + shift (q a unit
// quaternion). Throws std::invalid_argument unless scale > 0: a mirror would turn it inside out.
TriangleMesh transformed(const TriangleMesh& mesh, double scale, const Quat& q, const Vec3d& shift);

}  // namespace regolith
