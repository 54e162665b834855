// Small meshes built in code for the sphere–triangle tests: a tessellated square, a roof
// ridge, a V-groove and a cube, each oriented outwards (normals towards the open side).
#pragma once

#include <cmath>

#include "core/triangle_mesh.h"

namespace regolith::test {

// The square [-half, half]^2 at height z, n x n cells each split along its diagonal,
// normals +z. Vertices on the grid points (i, j) -> i + (n + 1) j.
inline TriangleMesh tessellatedSquare(double half, int n, double z = 0) {
  TriangleMesh m;
  const double h = 2 * half / n;
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i) m.vertices.push_back(Vec3d(-half + i * h, -half + j * h, z));
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const Index a = i + (n + 1) * j, b = a + 1, c = a + (n + 1), d = c + 1;
      m.triangles.push_back({a, b, d});
      m.triangles.push_back({a, d, c});
    }
  return m;
}

// Two rectangles meeting at a ridge along y at x = 0, z = 0, falling away at `slope` rad on
// either side (a convex edge seen from above), each `width` wide and `length` long in y.
inline TriangleMesh roof(double slope, double width, double length) {
  TriangleMesh m;
  const double dx = width * std::cos(slope), dz = -width * std::sin(slope), l = length / 2;
  m.vertices = {Vec3d(0, -l, 0),  Vec3d(0, l, 0),     Vec3d(dx, -l, dz),
                Vec3d(dx, l, dz), Vec3d(-dx, -l, dz), Vec3d(-dx, l, dz)};
  m.triangles = {{0, 2, 3}, {0, 3, 1}, {0, 1, 5}, {0, 5, 4}};
  return m;
}

// The same ridge turned over: a V-groove along y (a concave edge seen from above).
inline TriangleMesh groove(double slope, double width, double length) {
  TriangleMesh m = roof(slope, width, length);
  for (Vec3d& v : m.vertices) v.z = -v.z;
  for (auto& t : m.triangles) std::swap(t[1], t[2]);
  return m;
}

// The cube [lo, lo + side]^3, 12 triangles, normals outwards.
inline TriangleMesh cube(const Vec3d& lo, double side) {
  TriangleMesh m;
  for (int k = 0; k < 8; ++k) m.vertices.push_back(lo + Vec3d(k & 1, (k >> 1) & 1, (k >> 2) & 1) * side);
  m.triangles = {{0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6}, {0, 1, 5}, {0, 5, 4},
                 {2, 6, 7}, {2, 7, 3}, {0, 4, 6}, {0, 6, 2}, {1, 3, 7}, {1, 7, 5}};
  return m;
}

// An open tube of `facets` flat sides around the y axis (a polygon of circumradius
// `radius`), from y = -halfLength to +halfLength in `rings` - 1 bands; normals inwards
// (the inside of a drum).
inline TriangleMesh tube(double radius, double halfLength, int facets, int rings) {
  TriangleMesh m;
  for (int j = 0; j < rings; ++j)
    for (int k = 0; k < facets; ++k) {
      const double phi = 2 * M_PI * k / facets;
      m.vertices.push_back(
          Vec3d(radius * std::cos(phi), -halfLength + 2 * halfLength * j / (rings - 1), radius * std::sin(phi)));
    }
  for (int j = 0; j + 1 < rings; ++j)
    for (int k = 0; k < facets; ++k) {
      const Index a = j * facets + k, b = j * facets + (k + 1) % facets;
      const Index c = a + facets, d = b + facets;
      m.triangles.push_back({a, c, d});
      m.triangles.push_back({a, d, b});
    }
  return m;
}

}  // namespace regolith::test
