// Triangle meshes: edges, the checks and repairs of checkMesh, exact polyhedral mass
// properties and rigid transforms; see triangle_mesh.h.
#include "core/triangle_mesh.h"

#include "core/number_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <queue>
#include <stdexcept>
#include <tuple>

namespace regolith {
namespace {

double triangleArea2(const TriangleMesh& m, const std::array<Index, 3>& t) {
  return norm(cross(m.vertices[t[1]] - m.vertices[t[0]], m.vertices[t[2]] - m.vertices[t[0]]));
}

// Whether triangle t runs along its edge from a to b (rather than from b to a).
bool runsFrom(const std::array<Index, 3>& t, Index a, Index b) {
  for (int k = 0; k < 3; ++k)
    if (t[k] == a) return t[(k + 1) % 3] == b;
  return false;
}

void flip(std::array<Index, 3>& t) { std::swap(t[1], t[2]); }

// The corners (lo, hi) of the vertices' bounding box.
std::array<Vec3d, 2> boundingBox(const TriangleMesh& mesh) {
  Vec3d lo = mesh.vertices[0], hi = lo;
  for (const Vec3d& x : mesh.vertices) {
    lo = Vec3d(std::min(lo.x, x.x), std::min(lo.y, x.y), std::min(lo.z, x.z));
    hi = Vec3d(std::max(hi.x, x.x), std::max(hi.y, x.y), std::max(hi.z, x.z));
  }
  return {lo, hi};
}

// Indices, coordinates: what makes the mesh unusable before any repair.
void checkIndicesAndCoordinates(const TriangleMesh& mesh, const std::string& where) {
  if (mesh.triangles.empty() || mesh.vertices.empty())
    throw std::invalid_argument(where + ": the mesh has no triangles");
  const std::size_t n = mesh.vertices.size();
  for (std::size_t k = 0; k < mesh.triangles.size(); ++k)
    for (const Index v : mesh.triangles[k])
      if (v < 0 || static_cast<std::size_t>(v) >= n)
        throw std::invalid_argument(where + ": triangle " + std::to_string(k) + " names vertex " + std::to_string(v) +
                                    ", but there are " + std::to_string(n) + " vertices (indices from 0)");
  for (std::size_t i = 0; i < n; ++i) {
    const Vec3d& x = mesh.vertices[i];
    if (!std::isfinite(x.x) || !std::isfinite(x.y) || !std::isfinite(x.z))
      throw std::invalid_argument(where + ": vertex " + std::to_string(i) + " has a non-finite coordinate");
  }
}

// One vertex per distinct position (the lowest-numbered of those there), unused vertices
// dropped, the rest keeping their order (a clean mesh comes back unchanged). Exact
// equality only: STL repeats each corner bit for bit, and a tolerance would weld
// features finer than it.
void mergeVertices(TriangleMesh& mesh, MeshReport& report) {
  const std::size_t n = mesh.vertices.size();
  std::vector<bool> used(n, false);
  for (const auto& t : mesh.triangles)
    for (const Index v : t) used[v] = true;
  std::vector<Index> order;
  for (std::size_t i = 0; i < n; ++i)
    if (used[i]) order.push_back(static_cast<Index>(i));
  auto key = [&](Index i) {
    const Vec3d& x = mesh.vertices[i];
    return std::tie(x.x, x.y, x.z);
  };
  std::stable_sort(order.begin(), order.end(), [&](Index a, Index b) { return key(a) < key(b); });
  std::vector<Index> representative(n, -1);
  for (std::size_t k = 0; k < order.size(); ++k)  // stable: the first of a run is the lowest
    representative[order[k]] = k > 0 && key(order[k]) == key(order[k - 1]) ? representative[order[k - 1]] : order[k];
  std::vector<Index> renumber(n, -1);
  std::vector<Vec3d> kept;
  for (std::size_t i = 0; i < n; ++i)
    if (representative[i] == static_cast<Index>(i)) {
      renumber[i] = static_cast<Index>(kept.size());
      kept.push_back(mesh.vertices[i]);
    }
  for (auto& t : mesh.triangles)
    for (Index& v : t) v = renumber[representative[v]];
  report.unusedVertices = n - order.size();
  report.mergedVertices = order.size() - kept.size();
  mesh.vertices = std::move(kept);
}

void checkDegenerate(const TriangleMesh& mesh, const std::string& where) {
  // Relative to the body's size, so the test means the same in m and mm.
  const std::array<Vec3d, 2> box = boundingBox(mesh);
  const double minArea = 1e-12 * norm2(box[1] - box[0]);
  for (std::size_t k = 0; k < mesh.triangles.size(); ++k) {
    const auto& t = mesh.triangles[k];
    const std::string which = where + ": triangle " + std::to_string(k) + " (counting from 0) is degenerate: ";
    if (t[0] == t[1] || t[1] == t[2] || t[0] == t[2])
      throw std::invalid_argument(which + "two of its corners are the same point");
    const double area = 0.5 * triangleArea2(mesh, t);
    // area > 0 too: in a body scaled to 1e-300 both underflow to 0, and a triangle of zero
    // area has no normal (core/mesh_boundaries.cpp would refuse it later, without a place).
    if (!(area >= minArea) || !(area > 0))
      throw std::invalid_argument(which + "area " + shortNumber(area) +
                                  " m^2, below 1e-12 of the bounding box's squared diagonal");
  }
}

// The triangles' components through manifold edges, each oriented like its first triangle
// (breadth first: a neighbour across an edge must run along it the other way). Returns
// the component of each triangle; `flipped` marks the triangles to turn.
std::vector<Index> orientComponents(const TriangleMesh& mesh, const std::vector<MeshEdge>& edges,
                                    std::vector<bool>& flipped, std::size_t& components, const std::string& where) {
  const std::size_t nt = mesh.triangles.size();
  std::vector<std::vector<Index>> across(nt);  // manifold edges of each triangle
  for (std::size_t e = 0; e < edges.size(); ++e)
    if (edges[e].triangles.size() == 2)
      for (const Index t : edges[e].triangles) across[t].push_back(static_cast<Index>(e));
  std::vector<Index> component(nt, -1);
  flipped.assign(nt, false);
  components = 0;
  for (std::size_t seed = 0; seed < nt; ++seed) {
    if (component[seed] >= 0) continue;
    const Index c = static_cast<Index>(components++);
    std::queue<Index> queue;
    component[seed] = c;
    queue.push(static_cast<Index>(seed));
    while (!queue.empty()) {
      const Index t = queue.front();
      queue.pop();
      for (const Index e : across[t]) {
        const MeshEdge& edge = edges[e];
        const Index u = edge.triangles[0] == t ? edge.triangles[1] : edge.triangles[0];
        // As oriented now, t and u run along the edge in the same direction: they agree
        // only if exactly one of them is turned.
        const bool same = runsFrom(mesh.triangles[t], edge.a, edge.b) == runsFrom(mesh.triangles[u], edge.a, edge.b);
        const bool uFlipped = flipped[t] != same;
        if (component[u] < 0) {
          component[u] = c;
          flipped[u] = uFlipped;
          queue.push(u);
        } else if (flipped[u] != uFlipped) {
          throw std::invalid_argument(where + ": not orientable (a Moebius strip or the like): triangles " +
                                      std::to_string(t) + " and " + std::to_string(u) +
                                      " cannot agree across the edge of vertices " + std::to_string(edge.a) + " and " +
                                      std::to_string(edge.b));
        }
      }
    }
  }
  return component;
}

// Six times the signed volume of the cone from `origin` over triangle t.
double coneVolume6(const TriangleMesh& m, const std::array<Index, 3>& t, const Vec3d& origin) {
  return dot(m.vertices[t[0]] - origin, cross(m.vertices[t[1]] - origin, m.vertices[t[2]] - origin));
}

}  // namespace

std::vector<MeshEdge> meshEdges(const TriangleMesh& mesh) {
  std::vector<std::tuple<Index, Index, Index>> sides;  // (a, b, triangle), a <= b
  sides.reserve(3 * mesh.triangles.size());
  for (std::size_t k = 0; k < mesh.triangles.size(); ++k) {
    const auto& t = mesh.triangles[k];
    for (int s = 0; s < 3; ++s) {
      const Index a = t[s], b = t[(s + 1) % 3];
      sides.emplace_back(std::min(a, b), std::max(a, b), static_cast<Index>(k));
    }
  }
  std::sort(sides.begin(), sides.end());
  std::vector<MeshEdge> edges;
  for (const auto& [a, b, t] : sides) {
    if (edges.empty() || edges.back().a != a || edges.back().b != b) edges.push_back(MeshEdge{a, b, {}});
    edges.back().triangles.push_back(t);
  }
  return edges;
}

MeshReport checkMesh(TriangleMesh& mesh, const std::string& where) {
  MeshReport report;
  checkIndicesAndCoordinates(mesh, where);
  mergeVertices(mesh, report);
  checkDegenerate(mesh, where);

  const std::vector<MeshEdge> edges = meshEdges(mesh);
  for (const MeshEdge& e : edges) {
    if (e.triangles.size() == 1) ++report.openEdges;
    if (e.triangles.size() > 2) ++report.nonManifoldEdges;
  }
  report.closed = report.openEdges == 0 && report.nonManifoldEdges == 0;

  std::vector<bool> flipped;
  const std::vector<Index> component = orientComponents(mesh, edges, flipped, report.components, where);

  // A component is closed when each of its edges has exactly two triangles; its signed
  // volume then says whether it faces outwards. An open one keeps the orientation most of
  // its triangles already had (a plate has no outside).
  std::vector<bool> closed(report.components, true);
  for (const MeshEdge& e : edges)
    if (e.triangles.size() != 2)
      for (const Index t : e.triangles) closed[component[t]] = false;
  std::vector<double> volume6(report.components, 0.0);
  std::vector<std::size_t> size(report.components, 0), turned(report.components, 0);
  std::vector<Vec3d> origin(report.components);  // a vertex of each, against round-off
  for (std::size_t t = mesh.triangles.size(); t-- > 0;) origin[component[t]] = mesh.vertices[mesh.triangles[t][0]];
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
    const Index c = component[t];
    const double v = coneVolume6(mesh, mesh.triangles[t], origin[c]);
    volume6[c] += flipped[t] ? -v : v;
    ++size[c];
    if (flipped[t]) ++turned[c];
  }
  std::vector<bool> invert(report.components, false);
  for (std::size_t c = 0; c < report.components; ++c) {
    invert[c] = closed[c] ? volume6[c] < 0 : 2 * turned[c] > size[c];
    if (closed[c] && volume6[c] == 0)
      report.warnings.push_back("component " + std::to_string(c) + " is closed but encloses no volume");
  }
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t)
    if (flipped[t] != invert[component[t]]) {
      flip(mesh.triangles[t]);
      ++report.flippedTriangles;
    }

  if (report.openEdges > 0)
    report.warnings.push_back(std::to_string(report.openEdges) + " open edges: an open surface (fine for a plate)");
  if (report.nonManifoldEdges > 0)
    report.warnings.push_back(std::to_string(report.nonManifoldEdges) +
                              " non-manifold edges (three or more triangles each): not one surface there");
  return report;
}

// The moments of each signed tetrahedron (x0, v0, v1, v2), x0 a reference point near the
// body against round-off. For a tetrahedron of vertices p0..p3 and volume V (Tonon 2004,
// "Explicit exact formulas for the 3-D tetrahedron inertia tensor in terms of its vertex
// coordinates", J. Math. Stat. 1(1) 8-11; Eberly's polyhedral mass properties integrate
// the same polyhedron face by face)
//   integral of x dV     = V (p0 + p1 + p2 + p3) / 4
//   integral of x x^T dV = V / 20 (sum_k p_k p_k^T + (sum_k p_k)(sum_k p_k)^T),
// here with p0 = 0. Summed over an outward closed surface, the signed tetrahedra add up
// to the solid (divergence theorem), so the result is exact for the polyhedron.
MassProperties meshMassProperties(const TriangleMesh& mesh, double density) {
  if (!(density > 0) || !std::isfinite(density))
    throw std::invalid_argument("mesh mass properties: the density must be > 0 (got " + shortNumber(density) + ")");
  checkIndicesAndCoordinates(mesh, "mesh mass properties");
  for (const MeshEdge& e : meshEdges(mesh)) {
    if (e.triangles.size() != 2)
      throw std::invalid_argument("mesh mass properties: the mesh is not closed (edge of vertices " +
                                  std::to_string(e.a) + " and " + std::to_string(e.b) + " has " +
                                  std::to_string(e.triangles.size()) + " triangles): call checkMesh");
    if (runsFrom(mesh.triangles[e.triangles[0]], e.a, e.b) == runsFrom(mesh.triangles[e.triangles[1]], e.a, e.b))
      throw std::invalid_argument("mesh mass properties: triangles " + std::to_string(e.triangles[0]) + " and " +
                                  std::to_string(e.triangles[1]) + " are oriented inconsistently: call checkMesh");
  }
  const std::array<Vec3d, 2> box = boundingBox(mesh);
  const Vec3d x0 = 0.5 * (box[0] + box[1]);

  double volume = 0;
  Vec3d first;               // integral of (x - x0) dV
  double second[3][3] = {};  // integral of (x - x0)(x - x0)^T dV
  for (const auto& t : mesh.triangles) {
    const Vec3d p[3] = {mesh.vertices[t[0]] - x0, mesh.vertices[t[1]] - x0, mesh.vertices[t[2]] - x0};
    const double v = dot(p[0], cross(p[1], p[2])) / 6;
    const Vec3d sum = p[0] + p[1] + p[2];
    volume += v;
    first += sum * (v / 4);
    const double s[3] = {sum.x, sum.y, sum.z};
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        double pp = s[i] * s[j];
        for (const Vec3d& q : p) {
          const double qc[3] = {q.x, q.y, q.z};
          pp += qc[i] * qc[j];
        }
        second[i][j] += v / 20 * pp;
      }
  }
  if (!(volume > 0))
    throw std::invalid_argument("mesh mass properties: the enclosed volume is " + shortNumber(volume) +
                                " m^3, not positive (inside out? call checkMesh)");

  MassProperties p;
  p.volume = volume;
  p.mass = density * volume;
  const Vec3d d = first * (1.0 / volume);  // centre - x0
  p.centre = x0 + d;
  // About the centre: integral of r r^T = second - V d d^T; I = rho (tr 1 - that).
  const double dc[3] = {d.x, d.y, d.z};
  double c[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) c[i][j] = second[i][j] - volume * dc[i] * dc[j];
  const double trace = c[0][0] + c[1][1] + c[2][2];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) p.inertia[i][j] = density * ((i == j ? trace : 0.0) - c[i][j]);
  diagonalize(p);
  return p;
}

TriangleMesh transformed(const TriangleMesh& mesh, double scale, const Quat& q, const Vec3d& shift) {
  if (!(scale > 0) || !std::isfinite(scale))
    throw std::invalid_argument("mesh transform: the scale must be > 0 (got " + shortNumber(scale) +
                                "; a negative one would mirror the mesh and turn it inside out)");
  TriangleMesh out;
  out.triangles = mesh.triangles;
  out.vertices.reserve(mesh.vertices.size());
  for (const Vec3d& x : mesh.vertices) out.vertices.push_back(rotate(q, x * scale) + shift);
  return out;
}

}  // namespace regolith
