// Triangle boundaries and their topology from a mesh; see mesh_boundaries.h.
#include "core/mesh_boundaries.h"

#include <algorithm>
#include <stdexcept>

namespace regolith {
namespace {

// The corner of triangle t (0..2) at vertex v, or -1.
int cornerAt(const std::array<Index, 3>& t, Index v) {
  for (int k = 0; k < 3; ++k)
    if (t[k] == v) return k;
  return -1;
}

// The local edge k of triangle t that joins vertices a and b (edge k: corner k to k+1).
int edgeOf(const std::array<Index, 3>& t, Index a, Index b) {
  for (int k = 0; k < 3; ++k) {
    const Index p = t[k], q = t[(k + 1) % 3];
    if ((p == a && q == b) || (p == b && q == a)) return k;
  }
  return -1;
}

struct Neighbour {
  Index triangle, corner;
};

}  // namespace

std::vector<std::size_t> appendMeshBoundaries(Model& model, const TriangleMesh& mesh, Index material, Index owner) {
  const std::size_t nt = mesh.triangles.size();
  const Index firstBoundary = static_cast<Index>(model.boundaries.size());
  MeshTopology& topo = model.meshTopology;
  const Index firstTopology = static_cast<Index>(topo.triangles.size());
  const Index meshId = topo.triangles.empty() ? 0 : topo.triangles.back().mesh + 1;

  // Per triangle and feature: does it own the feature, and the vertices next to it.
  std::vector<std::array<std::vector<Neighbour>, kTriangleFeatures>> near(nt);
  std::vector<unsigned> owned(nt, 0);
  const std::vector<MeshEdge> edges = meshEdges(mesh);
  // Vertex -> the far ends of its edges, each with a triangle that has that edge.
  std::vector<std::vector<Neighbour>> around(mesh.vertices.size());
  std::vector<Index> lowestAt(mesh.vertices.size(), static_cast<Index>(nt));
  for (const MeshEdge& e : edges) {
    const Index first = e.triangles.front();  // ascending: the owner
    for (Index t : e.triangles) {
      const int k = edgeOf(mesh.triangles[t], e.a, e.b);
      if (k < 0) throw std::logic_error("meshEdges: an edge its triangle does not have");
      if (t == first) owned[t] |= 1u << edgeFeature(k);
      for (Index x : e.triangles) {
        if (x == t) continue;
        const std::array<Index, 3>& tx = mesh.triangles[x];
        for (int c = 0; c < 3; ++c)
          if (tx[c] != e.a && tx[c] != e.b) near[t][edgeFeature(k)].push_back({x, c});
      }
    }
    around[e.a].push_back({first, cornerAt(mesh.triangles[first], e.b)});
    around[e.b].push_back({first, cornerAt(mesh.triangles[first], e.a)});
  }
  for (std::size_t t = 0; t < nt; ++t)
    for (Index v : mesh.triangles[t]) lowestAt[v] = std::min(lowestAt[v], static_cast<Index>(t));
  for (std::size_t t = 0; t < nt; ++t)
    for (int k = 0; k < 3; ++k) {
      const Index v = mesh.triangles[t][k];
      if (lowestAt[v] == static_cast<Index>(t)) owned[t] |= 1u << cornerFeature(k);
      near[t][cornerFeature(k)] = around[v];
    }

  std::vector<std::size_t> indices;
  for (std::size_t t = 0; t < nt; ++t) {
    const std::array<Index, 3>& tri = mesh.triangles[t];
    BoundaryPrimitive b;
    b.kind = BoundaryKind::Triangle;
    b.material = material;
    b.owner = owner;
    b.point = mesh.vertices[tri[0]];
    b.corner1 = mesh.vertices[tri[1]];
    b.corner2 = mesh.vertices[tri[2]];
    const Vec3d n = cross(b.corner1 - b.point, b.corner2 - b.point);
    const double len = norm(n);
    if (!(len > 0)) throw std::invalid_argument("mesh triangle " + std::to_string(t) + " is degenerate");
    b.normal = Vec3(n * (1.0 / len));
    b.triangle = firstTopology + static_cast<Index>(t);

    TriangleTopology tt;
    tt.mesh = meshId;
    for (int k = 0; k < 3; ++k) {
      tt.vertex[k] = tri[k];
      tt.cornerFrom[k] = firstBoundary + lowestAt[tri[k]];
      tt.cornerFromAt[k] = cornerAt(mesh.triangles[std::size_t(lowestAt[tri[k]])], tri[k]);
    }
    tt.owned = owned[t];
    for (int f = 0; f < kTriangleFeatures; ++f) {
      tt.featureBegin[f] = static_cast<Index>(topo.neighbours.size());
      for (const Neighbour& nb : near[t][f])
        topo.neighbours.push_back({firstBoundary + nb.triangle, nb.corner, mesh.triangles[nb.triangle][nb.corner]});
    }
    tt.featureBegin[kTriangleFeatures] = static_cast<Index>(topo.neighbours.size());
    topo.triangles.push_back(tt);
    indices.push_back(model.boundaries.size());
    model.boundaries.push_back(b);
  }
  return indices;
}

}  // namespace regolith
