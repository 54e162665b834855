// Sphere–triangle contact: the nearest point of a triangle to a sphere centre (face, edge or
// corner region), and the rule that makes a sphere touching several triangles of one mesh
// at a shared edge or corner feel one contact, not one per triangle.
//
// The rule. The contact of a sphere with a mesh is at the mesh's nearest point (and at
// every other local nearest point: a sphere in a crease touches both faces). A triangle's
// own nearest point is the mesh's when it lies inside the face. When it lies on an edge or
// a corner, that feature is shared with neighbouring triangles, so the triangle answers for
// it only if
//   (a) it owns the feature (the lowest boundary index among the triangles sharing it),
//       so the neighbours that find the same point stay silent, and
//   (b) the sphere centre lies in the feature's own region of the mesh (its Voronoi
//       region): for an edge, the centre does not project into any neighbouring face across
//       the edge; for a corner, it does not project onto the inside of any edge at it.
// Otherwise a neighbouring face or edge is nearer and answers (a sphere on a concave crease
// near its edge gets the face contacts only, no third contact from the edge).
//
// The tests of (b) are computed exactly as the neighbour computes its own region tests: an
// edge's quantities are taken from its lower vertex id to the higher, from corners stored
// bit for bit alike in every triangle. So "face B claims the point" and "edge e of A is
// valid" are decided by the same floating-point numbers, and the shared edge of two
// coplanar triangles is claimed by exactly one of them. What remains is a tie between two
// distances equal to round-off, of measure zero.
#pragma once

#include "kernels/boundaries/boundary_primitive.h"
#include "kernels/boundaries/mesh_topology.h"

namespace regolith {

REGOLITH_HD inline const Vec3d& cornerOf(const BoundaryPrimitive& b, Index k) {
  return k == 0 ? b.point : (k == 1 ? b.corner1 : b.corner2);
}
REGOLITH_HD inline Vec3d& mutableCornerOf(BoundaryPrimitive& b, Index k) {
  return k == 0 ? b.point : (k == 1 ? b.corner1 : b.corner2);
}

// An edge taken from its lower vertex id `a` to the higher: e = b - a, w = c - a.
struct CanonicalEdge {
  Vec3d a, e, w;
  double along = 0;  // w . e: the centre projects onto the edge's inside iff 0 < along < e.e
  double length2 = 0;
  Vec3d wxe;  // w x e

  REGOLITH_HD CanonicalEdge(const Vec3d& p, Index ip, const Vec3d& q, Index iq, const Vec3d& c) {
    a = ip < iq ? p : q;
    e = (ip < iq ? q : p) - a;
    w = c - a;
    along = dot(w, e);
    length2 = dot(e, e);
    wxe = cross(w, e);
  }
  // > 0 iff the centre's projection onto the plane of (edge, P) lies on P's side of the edge.
  REGOLITH_HD double side(const Vec3d& P) const { return dot(wxe, cross(P - a, e)); }
};

enum class TriangleRegion : int { Face = 0, Edge = 1, Corner = 2 };

struct TriangleNearest {
  Vec3d point;  // nearest point of the triangle to the centre
  TriangleRegion region = TriangleRegion::Face;
  int feature = 0;       // edgeFeature(k) or cornerFeature(k)
  double distance2 = 0;  // |centre - point|^2
};

// The nearest point of triangle b (corner ids from its topology) to c.
REGOLITH_HD inline TriangleNearest nearestOnTriangle(const BoundaryPrimitive& b, const TriangleTopology& t,
                                                     const Vec3d& c) {
  TriangleNearest best;
  bool inside = true;
  best.distance2 = 1e300;
  for (int k = 0; k < 3; ++k) {
    const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
    const CanonicalEdge edge(cornerOf(b, k), t.vertex[k], cornerOf(b, k1), t.vertex[k1], c);
    if (edge.side(cornerOf(b, k2)) > 0) continue;  // inside this edge's half-plane
    inside = false;
    // Nearest point of the segment; an end is a corner of the triangle.
    TriangleNearest n;
    if (edge.along <= 0 || edge.along >= edge.length2) {
      const bool atA = edge.along <= 0;
      const bool aIsK = t.vertex[k] < t.vertex[k1];
      const int corner = (atA == aIsK) ? k : k1;
      n.point = cornerOf(b, corner);
      n.region = TriangleRegion::Corner;
      n.feature = cornerFeature(corner);
    } else {
      n.point = edge.a + edge.e * (edge.along / edge.length2);
      n.region = TriangleRegion::Edge;
      n.feature = edgeFeature(k);
    }
    n.distance2 = norm2(c - n.point);
    if (n.distance2 < best.distance2) best = n;
  }
  if (inside) {
    const Vec3d n(b.normal);
    const double h = dot(c - b.point, n);
    best.point = c - n * h;
    best.region = TriangleRegion::Face;
    best.feature = 0;
    best.distance2 = h * h;
  }
  return best;
}

// Rule (b) above for the edge or corner where `nearest` lies.
REGOLITH_HD inline bool inFeatureRegion(const BoundaryPrimitive* boundaries, const FeatureNeighbour* neighbours,
                                        const BoundaryPrimitive& b, const TriangleTopology& t,
                                        const TriangleNearest& nearest, const Vec3d& c) {
  const int f = nearest.feature;
  if (nearest.region == TriangleRegion::Edge) {
    const int k = f, k1 = (f + 1) % 3;
    const CanonicalEdge edge(cornerOf(b, k), t.vertex[k], cornerOf(b, k1), t.vertex[k1], c);
    for (Index i = t.featureBegin[f]; i < t.featureBegin[f + 1]; ++i) {
      const FeatureNeighbour& nb = neighbours[i];
      if (edge.side(cornerOf(boundaries[nb.boundary], nb.corner)) > 0) return false;
    }
    return true;
  }
  const int k = f - 3;
  const Vec3d& v = cornerOf(b, k);
  for (Index i = t.featureBegin[f]; i < t.featureBegin[f + 1]; ++i) {
    const FeatureNeighbour& nb = neighbours[i];
    const CanonicalEdge edge(v, t.vertex[k], cornerOf(boundaries[nb.boundary], nb.corner), nb.vertex, c);
    if (edge.along > 0 && edge.along < edge.length2) return false;  // the edge is nearer
  }
  return true;
}

// The contact of a sphere (centre c, radius r) with triangle boundary `index` under the
// rule above: false when the triangle does not answer for the sphere's nearest point.
// Otherwise gap = distance - r (negative: overlap) and normal = unit vector from the
// nearest point to the centre (triangles are two-sided: plates work from either side).
REGOLITH_HD inline bool triangleContact(const BoundaryPrimitive* boundaries, const TriangleTopology* topology,
                                        const FeatureNeighbour* neighbours, Index index, const Vec3d& c, Real r,
                                        Real& gap, Vec3& normal) {
  const BoundaryPrimitive& b = boundaries[index];
  const TriangleTopology& t = topology[b.triangle];
  const TriangleNearest nearest = nearestOnTriangle(b, t, c);
  if (nearest.region != TriangleRegion::Face) {
    if (!(t.owned & (1u << nearest.feature))) return false;
    if (!inFeatureRegion(boundaries, neighbours, b, t, nearest, c)) return false;
  }
  const double d = sqrt(nearest.distance2);
  if (d <= 0) return false;  // centre on the surface: no defined normal
  normal = Vec3((c - nearest.point) * (1.0 / d));
  gap = Real(d) - r;
  return true;
}

// The distance from c to triangle b, ignoring the rule (candidate search: which triangle
// will answer may change before the next build).
REGOLITH_HD inline double triangleDistance2(const BoundaryPrimitive& b, const TriangleTopology& t, const Vec3d& c) {
  return nearestOnTriangle(b, t, c).distance2;
}

}  // namespace regolith
