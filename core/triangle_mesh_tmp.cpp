// TEMPORARY (not committed): meshEdges until the host-mesh branch lands.
#include <algorithm>
#include <map>
#include "core/triangle_mesh.h"
namespace regolith {
std::vector<MeshEdge> meshEdges(const TriangleMesh& mesh) {
  std::map<std::pair<Index, Index>, std::vector<Index>> m;
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t)
    for (int k = 0; k < 3; ++k) {
      Index a = mesh.triangles[t][k], b = mesh.triangles[t][(k + 1) % 3];
      if (a > b) std::swap(a, b);
      m[{a, b}].push_back(static_cast<Index>(t));
    }
  std::vector<MeshEdge> out;
  for (auto& [k, v] : m) out.push_back({k.first, k.second, v});
  return out;
}
}
