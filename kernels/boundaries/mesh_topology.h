// How the triangles of a mesh meet, as the sphere–triangle contact needs it on the device:
// which triangle answers for a shared edge or corner, and the mesh vertices around each
// edge and corner that decide whether a sphere's nearest point there is the mesh's nearest
// point (kernels/boundaries/triangle_contact.h has the rule). Built on the host from a TriangleMesh
// by core/mesh_boundaries.cpp.
#pragma once

#include <vector>

#include "kernels/backend/vec3.h"

namespace regolith {

// Features of a triangle: edges 0..2 (corner k to corner k+1 mod 3), then corners 0..2.
inline constexpr int kTriangleFeatures = 6;
REGOLITH_HD inline constexpr int edgeFeature(int k) { return k; }
REGOLITH_HD inline constexpr int cornerFeature(int k) { return 3 + k; }

struct TriangleTopology {
  Index mesh = 0;                      // friction history passes only between triangles of one mesh
  Index vertex[3] = {0, 0, 0};         // mesh vertex ids of the corners: edges are taken from the
                                       // lower id to the higher, so every triangle computes a
                                       // shared edge's quantities bit for bit alike
  unsigned owned = 0;                  // bit f: this triangle answers for feature f (the lowest
                                       // boundary index among the triangles sharing it)
  Index cornerFrom[3] = {-1, -1, -1};  // boundary index of the triangle that places corner k of a
                                       // carried mesh (the corner's owner, kernels/boundaries/owned_boundaries.h)
  Index cornerFromAt[3] = {0, 0, 0};   // which corner of that triangle it is
  Index featureBegin[kTriangleFeatures + 1] = {};  // neighbours of feature f are
                                                   // [featureBegin[f], featureBegin[f+1])
};

// A mesh vertex next to a feature, read from a triangle boundary's corner: for an edge, the
// far corner of each other triangle on it; for a corner, the far end of each edge at it.
struct FeatureNeighbour {
  Index boundary = 0;
  Index corner = 0;  // 0..2
  Index vertex = 0;  // its mesh vertex id
};

struct MeshTopology {
  std::vector<TriangleTopology> triangles;  // BoundaryPrimitive::triangle indexes these
  std::vector<FeatureNeighbour> neighbours;
  bool empty() const { return triangles.empty(); }
};

}  // namespace regolith
