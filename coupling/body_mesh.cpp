// A MuJoCo body's triangles for the DEM (body_mesh.h).
#include "coupling/body_mesh.h"

#include <Eigen/Core>

#include "io/mesh/mesh_import.h"
#include "robots/geom_plates.h"

namespace regolith::coupling {
namespace {

// Triangles of geom g in its own frame: geom_plates tessellates boxes in squares of side
// sqrt(2 / density), two triangles of legs `resolution` per square; round shapes with
// segments of about that length; meshes as MuJoCo holds them.
rft::TriangleMesh geomTriangles(const mjModel* m, int g, double resolution) {
  return robots::geomTriangles(m, g, 2.0 / (resolution * resolution));
}

void append(TriangleMesh& out, const rft::TriangleMesh& local, const Eigen::Matrix3d& rotation,
            const Eigen::Vector3d& position) {
  const Index base = Index(out.vertices.size());
  for (const Eigen::Vector3d& v : local.vertices) {
    const Eigen::Vector3d w = rotation * v + position;
    out.vertices.emplace_back(w.x(), w.y(), w.z());
  }
  for (const auto& t : local.triangles) out.triangles.push_back({base + t[0], base + t[1], base + t[2]});
}

}  // namespace

TriangleMesh demBodyMesh(const mjModel* m, const mjData* d, int body, const std::string& meshFile, double resolution) {
  TriangleMesh out;
  if (!meshFile.empty()) {
    const TriangleMesh local = readMesh(meshFile);
    const mjtNum* q = d->xquat + 4 * body;
    const mjtNum* x = d->xpos + 3 * body;
    return transformed(local, 1.0, Quat(q[0], q[1], q[2], q[3]), Vec3d(x[0], x[1], x[2]));
  }
  for (int g = 0; g < m->ngeom; ++g) {
    const int type = m->geom_type[g];
    if (m->geom_bodyid[g] != body || type == mjGEOM_PLANE || type == mjGEOM_HFIELD) continue;
    // geom_xmat is row-major: its transpose in Eigen's column-major map.
    const Eigen::Matrix3d rotation = Eigen::Map<const Eigen::Matrix3d>(d->geom_xmat + 9 * g).transpose();
    append(out, geomTriangles(m, g, resolution), rotation, Eigen::Vector3d(d->geom_xpos + 3 * g));
  }
  return out;
}

}  // namespace regolith::coupling
