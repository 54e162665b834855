// Tessellation of analytic boundaries for viewing; see boundary_mesh.h.
#include "io/mesh/boundary_mesh.h"

#include <algorithm>
#include <cmath>

namespace regolith {

namespace {

Vec3d unit(const Vec3d& v) { return v * (1.0 / norm(v)); }

// Two unit vectors completing `axis` to a right-handed orthonormal frame.
void perpendicularPair(const Vec3d& axis, Vec3d& u, Vec3d& v) {
  const Vec3d n = unit(axis);
  // Start from the coordinate axis least aligned with n, so the cross product is well
  // conditioned.
  const Vec3d pick = std::fabs(n.x) < 0.9 ? Vec3d(1, 0, 0) : Vec3d(0, 1, 0);
  u = unit(cross(n, pick));
  v = cross(n, u);
}

// A quad of corners centre +- a +- b as two triangles.
void addRectangle(BoundaryMesh& m, Index boundary, const Vec3d& centre, const Vec3d& a, const Vec3d& b) {
  const Index first = static_cast<Index>(m.vertices.size());
  m.vertices.push_back(centre - a - b);
  m.vertices.push_back(centre + a - b);
  m.vertices.push_back(centre + a + b);
  m.vertices.push_back(centre - a + b);
  m.triangles.push_back({first, first + 1, first + 2});
  m.triangles.push_back({first, first + 2, first + 3});
  m.triangleBoundary.insert(m.triangleBoundary.end(), 2, boundary);
}

void addCylinder(BoundaryMesh& m, Index boundary, const BoundaryPrimitive& c, const BoundaryMeshSettings& s) {
  const Vec3d axis = unit(Vec3d(c.normal));
  const double half = c.halfLength > 0 ? double(c.halfLength) : s.extent;
  Vec3d u, v;
  perpendicularPair(axis, u, v);
  const int n = std::max(3, s.cylinderSegments);
  const Index first = static_cast<Index>(m.vertices.size());
  for (int k = 0; k < n; ++k) {
    const double phi = 2.0 * M_PI * k / n;
    const Vec3d rim = (u * std::cos(phi) + v * std::sin(phi)) * double(c.radius);
    m.vertices.push_back(c.point + rim - axis * half);
    m.vertices.push_back(c.point + rim + axis * half);
  }
  for (int k = 0; k < n; ++k) {
    const Index a = first + 2 * k, b = first + 2 * ((k + 1) % n);
    m.triangles.push_back({a, b, b + 1});
    m.triangles.push_back({a, b + 1, a + 1});
    m.triangleBoundary.insert(m.triangleBoundary.end(), 2, boundary);
  }
}

}  // namespace

BoundaryMesh tessellateBoundaries(const std::vector<BoundaryPrimitive>& boundaries,
                                  const BoundaryMeshSettings& settings) {
  BoundaryMesh m;
  for (std::size_t i = 0; i < boundaries.size(); ++i) {
    const BoundaryPrimitive& b = boundaries[i];
    const Index id = static_cast<Index>(i);
    switch (b.kind) {
      case BoundaryKind::Plane: {
        Vec3d u, v;
        perpendicularPair(Vec3d(b.normal), u, v);
        addRectangle(m, id, b.point, u * settings.extent, v * settings.extent);
        break;
      }
      case BoundaryKind::FiniteWall:
        addRectangle(m, id, b.point, Vec3d(b.tangentU) * double(b.halfU), Vec3d(b.tangentV) * double(b.halfV));
        break;
      case BoundaryKind::Cylinder:
        addCylinder(m, id, b, settings);
        break;
      case BoundaryKind::Triangle: {
        const Index first = static_cast<Index>(m.vertices.size());
        m.vertices.insert(m.vertices.end(), {b.point, b.corner1, b.corner2});
        m.triangles.push_back({first, first + 1, first + 2});
        m.triangleBoundary.push_back(id);
        break;
      }
    }
  }
  return m;
}

double meshExtentFor(const std::vector<BoundaryPrimitive>& boundaries, const std::vector<Vec3d>& points,
                     double minimum) {
  // The farthest corner of the points' bounding box bounds the farthest point: O(points).
  double extent = minimum;
  if (points.empty()) return extent;
  Vec3d lo = points[0], hi = points[0];
  for (const Vec3d& p : points) {
    lo = Vec3d(std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z));
    hi = Vec3d(std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z));
  }
  for (const BoundaryPrimitive& b : boundaries) {
    const Vec3d far(std::max(std::fabs(lo.x - b.point.x), std::fabs(hi.x - b.point.x)),
                    std::max(std::fabs(lo.y - b.point.y), std::fabs(hi.y - b.point.y)),
                    std::max(std::fabs(lo.z - b.point.z), std::fabs(hi.z - b.point.z)));
    extent = std::max(extent, norm(far));
  }
  return extent;
}

}  // namespace regolith
