// Intruder meshes for RFT (see tessellation.h).
#include "models/rft/tessellation.h"

#include <cmath>
#include <map>
#include <stdexcept>
#include <utility>

#include "models/require.h"

namespace regolith::rft {

namespace {

void requireCount(int v, int min, const char* name) {
  if (v < min)
    throw std::invalid_argument(std::string("rft tessellation: ") + name + " = " + std::to_string(v) +
                                ": expected >= " + std::to_string(min));
}

// Appends a quad (a, b, c, d counter-clockwise from outside) as two triangles.
void addQuad(TriangleMesh& m, int a, int b, int c, int d) {
  m.triangles.push_back({a, b, c});
  m.triangles.push_back({a, c, d});
}

}  // namespace

TriangleMesh icosphere(double radius, int subdivisions) {
  models::requirePositive(radius, "rft icosphere radius");
  requireCount(subdivisions, 0, "icosphere subdivisions");
  if (subdivisions > 8) throw std::invalid_argument("rft icosphere: subdivisions > 8 (1.3M triangles)");
  const double t = (1.0 + std::sqrt(5.0)) / 2.0;
  TriangleMesh m;
  for (const auto& v :
       {Eigen::Vector3d(-1, t, 0), Eigen::Vector3d(1, t, 0), Eigen::Vector3d(-1, -t, 0), Eigen::Vector3d(1, -t, 0),
        Eigen::Vector3d(0, -1, t), Eigen::Vector3d(0, 1, t), Eigen::Vector3d(0, -1, -t), Eigen::Vector3d(0, 1, -t),
        Eigen::Vector3d(t, 0, -1), Eigen::Vector3d(t, 0, 1), Eigen::Vector3d(-t, 0, -1), Eigen::Vector3d(-t, 0, 1)})
    m.vertices.push_back(v.normalized());
  m.triangles = {{0, 11, 5},  {0, 5, 1},  {0, 1, 7},  {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
                 {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
                 {3, 8, 9},   {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};
  for (int s = 0; s < subdivisions; ++s) {
    std::map<std::pair<int, int>, int> midpoint;
    auto mid = [&](int a, int b) {
      const std::pair<int, int> key(std::min(a, b), std::max(a, b));
      const auto it = midpoint.find(key);
      if (it != midpoint.end()) return it->second;
      m.vertices.push_back((m.vertices[a] + m.vertices[b]).normalized());
      const int idx = static_cast<int>(m.vertices.size()) - 1;
      midpoint.emplace(key, idx);
      return idx;
    };
    std::vector<std::array<int, 3>> next;
    next.reserve(m.triangles.size() * 4);
    for (const auto& tri : m.triangles) {
      const int ab = mid(tri[0], tri[1]), bc = mid(tri[1], tri[2]), ca = mid(tri[2], tri[0]);
      next.push_back({tri[0], ab, ca});
      next.push_back({tri[1], bc, ab});
      next.push_back({tri[2], ca, bc});
      next.push_back({ab, bc, ca});
    }
    m.triangles = std::move(next);
  }
  for (auto& v : m.vertices) v *= radius;
  return m;
}

TriangleMesh uvSphere(double radius, int segments, int rings) {
  models::requirePositive(radius, "rft uv sphere radius");
  requireCount(segments, 3, "uv sphere segments");
  requireCount(rings, 2, "uv sphere rings");
  TriangleMesh m;
  // Vertex 0: north pole, then (rings - 1) latitude circles of `segments`, last: south pole.
  m.vertices.push_back(Eigen::Vector3d(0, 0, radius));
  for (int r = 1; r < rings; ++r) {
    const double theta = M_PI * r / rings;
    for (int s = 0; s < segments; ++s) {
      const double phi = 2 * M_PI * s / segments;
      m.vertices.push_back(
          radius * Eigen::Vector3d(std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi), std::cos(theta)));
    }
  }
  m.vertices.push_back(Eigen::Vector3d(0, 0, -radius));
  const int south = static_cast<int>(m.vertices.size()) - 1;
  auto at = [segments](int ring, int s) { return 1 + (ring - 1) * segments + (s % segments); };
  for (int s = 0; s < segments; ++s) m.triangles.push_back({0, at(1, s), at(1, s + 1)});
  for (int r = 1; r + 1 < rings; ++r)
    for (int s = 0; s < segments; ++s) addQuad(m, at(r, s), at(r + 1, s), at(r + 1, s + 1), at(r, s + 1));
  for (int s = 0; s < segments; ++s) m.triangles.push_back({south, at(rings - 1, s + 1), at(rings - 1, s)});
  return m;
}

TriangleMesh box(const Eigen::Vector3d& h, int divisions) {
  for (int k = 0; k < 3; ++k) models::requirePositive(h[k], "rft box half extent " + std::to_string(k));
  requireCount(divisions, 1, "box divisions");
  TriangleMesh m;
  // Each face: outward axis `n` (sign s), spanned by u and v with u x v = s e_axis.
  for (int axis = 0; axis < 3; ++axis) {
    for (int sign : {1, -1}) {
      const int ua = (axis + 1) % 3, va = (axis + 2) % 3;  // e_ua x e_va = e_axis
      const int base = static_cast<int>(m.vertices.size());
      for (int j = 0; j <= divisions; ++j)
        for (int i = 0; i <= divisions; ++i) {
          Eigen::Vector3d p;
          p[axis] = sign * h[axis];
          p[ua] = h[ua] * (-1 + 2.0 * i / divisions);
          p[va] = h[va] * (-1 + 2.0 * j / divisions);
          m.vertices.push_back(p);
        }
      auto at = [&](int i, int j) { return base + j * (divisions + 1) + i; };
      for (int j = 0; j < divisions; ++j)
        for (int i = 0; i < divisions; ++i) {
          if (sign > 0) addQuad(m, at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
          else addQuad(m, at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j));
        }
    }
  }
  return m;
}

TriangleMesh rectangle(double halfX, double halfY, int nx, int ny) {
  models::requirePositive(halfX, "rft rectangle half x");
  models::requirePositive(halfY, "rft rectangle half y");
  requireCount(nx, 1, "rectangle nx");
  requireCount(ny, 1, "rectangle ny");
  TriangleMesh m;
  for (int j = 0; j <= ny; ++j)
    for (int i = 0; i <= nx; ++i)
      m.vertices.push_back(Eigen::Vector3d(halfX * (-1 + 2.0 * i / nx), halfY * (-1 + 2.0 * j / ny), 0));
  auto at = [nx](int i, int j) { return j * (nx + 1) + i; };
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) addQuad(m, at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
  return m;
}

TriangleMesh transformed(const TriangleMesh& m, const Eigen::Matrix3d& rotation, const Eigen::Vector3d& translation) {
  TriangleMesh out = m;
  for (auto& v : out.vertices) v = rotation * v + translation;
  return out;
}

TriangleMesh mirroredX(const TriangleMesh& m) {
  TriangleMesh out = m;
  for (auto& v : out.vertices) v.x() = -v.x();
  for (auto& t : out.triangles) std::swap(t[1], t[2]);
  return out;
}

}  // namespace regolith::rft
