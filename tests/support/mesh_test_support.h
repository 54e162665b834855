// Small meshes and comparisons shared by the MeshImport, MeshMass and MeshGenerators tests.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>
#include <vector>

#include "core/mesh_generators.h"
#include "core/triangle_mesh.h"

namespace regolith::test {

// The six faces of the cube [0, s]^3 as quads, counter-clockwise seen from outside; vertex
// i + 2j + 4k is at s (i, j, k).
inline std::vector<std::array<Index, 4>> cubeQuads() {
  return {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
}

// The box [0, a] x [0, b] x [0, c], each quad as two outward triangles.
inline TriangleMesh boxMesh(double a, double b, double c) {
  TriangleMesh m;
  for (int k = 0; k < 8; ++k) m.vertices.emplace_back(a * (k & 1), b * ((k >> 1) & 1), c * ((k >> 2) & 1));
  for (const auto& q : cubeQuads()) {
    m.triangles.push_back({q[0], q[1], q[2]});
    m.triangles.push_back({q[0], q[2], q[3]});
  }
  return m;
}

// The wheel of the tests: rim radius 0.15 m, width 0.1 m, 12 grousers 20 mm high and 8 mm
// thick (about the proportions of a planetary rover's wheel), 3-degree rim chords.
inline WheelSpec grouserWheelSpec() {
  WheelSpec s;
  s.radius = 0.15;
  s.width = 0.1;
  s.grousers = 12;
  s.grouserHeight = 0.02;
  s.grouserThickness = 0.008;
  return s;
}

inline std::vector<std::tuple<double, double, double>> sortedVertices(const TriangleMesh& m) {
  std::vector<std::tuple<double, double, double>> v;
  for (const Vec3d& x : m.vertices) v.emplace_back(x.x, x.y, x.z);
  std::sort(v.begin(), v.end());
  return v;
}

// The largest |a - b| over the inertia tensors' entries.
inline double inertiaDifference(const MassProperties& a, const MassProperties& b) {
  double d = 0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) d = std::max(d, std::abs(a.inertia[i][j] - b.inertia[i][j]));
  return d;
}

}  // namespace regolith::test
