// RFT plates from triangle meshes (see plate_mesh.h).
#include "models/rft/plate_mesh.h"

#include <Eigen/Geometry>
#include <stdexcept>
#include <string>

#include "models/require.h"

namespace regolith::rft {

namespace {

bool finite(const Eigen::Vector3d& v) { return v.allFinite(); }

}  // namespace

Plate checkedPlate(const Plate& p, std::size_t index) {
  const std::string where = "rft plate " + std::to_string(index);
  if (!finite(p.centroid)) throw std::invalid_argument(where + ": centroid must be finite");
  const double len = p.normal.norm();
  if (!finite(p.normal) || !(len > 0)) throw std::invalid_argument(where + ": normal must be a finite nonzero vector");
  models::requirePositive(p.area, where + " area");
  Plate q = p;
  q.normal /= len;
  return q;
}

PlateMesh PlateMesh::fromTriangles(const TriangleMesh& mesh) {
  const int nv = static_cast<int>(mesh.vertices.size());
  for (int i = 0; i < nv; ++i)
    if (!finite(mesh.vertices[i]))
      throw std::invalid_argument("rft mesh: vertex " + std::to_string(i) + " is not finite");
  PlateMesh out;
  out.m_plates.reserve(mesh.triangles.size());
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
    const auto& tri = mesh.triangles[t];
    for (int k = 0; k < 3; ++k)
      if (tri[k] < 0 || tri[k] >= nv)
        throw std::invalid_argument("rft mesh: triangle " + std::to_string(t) + " vertex index " +
                                    std::to_string(tri[k]) + ": expected 0 <= index < " + std::to_string(nv));
    const Eigen::Vector3d& a = mesh.vertices[tri[0]];
    const Eigen::Vector3d& b = mesh.vertices[tri[1]];
    const Eigen::Vector3d& c = mesh.vertices[tri[2]];
    const Eigen::Vector3d cross = (b - a).cross(c - a);
    const double twiceArea = cross.norm();
    if (!(twiceArea > 0))
      throw std::invalid_argument("rft mesh: triangle " + std::to_string(t) +
                                  " has zero area: expected three distinct, non-collinear "
                                  "vertices");
    Plate p;
    p.centroid = (a + b + c) / 3.0;
    p.normal = cross / twiceArea;
    p.area = 0.5 * twiceArea;
    out.m_plates.push_back(p);
  }
  return out;
}

PlateMesh PlateMesh::fromPlates(const std::vector<Plate>& plates) {
  PlateMesh out;
  out.m_plates.reserve(plates.size());
  for (std::size_t i = 0; i < plates.size(); ++i) out.m_plates.push_back(checkedPlate(plates[i], i));
  return out;
}

double PlateMesh::totalArea() const {
  double a = 0;
  for (const Plate& p : m_plates) a += p.area;
  return a;
}

std::vector<Plate> PlateMesh::placed(const Pose& pose) const {
  std::vector<Plate> out(m_plates.size());
  for (std::size_t i = 0; i < m_plates.size(); ++i) {
    out[i].centroid = pose.rotation * m_plates[i].centroid + pose.position;
    out[i].normal = pose.rotation * m_plates[i].normal;
    out[i].area = m_plates[i].area;
  }
  return out;
}

}  // namespace regolith::rft
