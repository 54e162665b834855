// Tessellation of MuJoCo primitives and extraction of mesh faces (geom_plates.h).
#include "robots/geom_plates.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace regolith::robots {
namespace {

// Pieces of length at most `step` along `length`, at least `minimum`.
int pieces(double length, double step, int minimum = 1) {
  return std::max(minimum, static_cast<int>(std::ceil(length / step - 1e-9)));
}

// One face of a box: the rectangle centre + u s + v t, s, t in [-1, 1], split into squares;
// (u x v) points outward, so the triangles (a, b, c) run counter-clockwise seen from there.
void addGridFace(rft::TriangleMesh& m, const Eigen::Vector3d& centre, const Eigen::Vector3d& u,
                 const Eigen::Vector3d& v, double step) {
  const int nu = pieces(2 * u.norm(), step), nv = pieces(2 * v.norm(), step);
  const int base = static_cast<int>(m.vertices.size());
  for (int j = 0; j <= nv; ++j)
    for (int i = 0; i <= nu; ++i) m.vertices.push_back(centre + u * (-1 + 2.0 * i / nu) + v * (-1 + 2.0 * j / nv));
  for (int j = 0; j < nv; ++j)
    for (int i = 0; i < nu; ++i) {
      const int a = base + j * (nu + 1) + i, b = a + 1, c = a + nu + 2, d = a + nu + 1;
      m.triangles.push_back({a, b, c});
      m.triangles.push_back({a, c, d});
    }
}

rft::TriangleMesh boxTriangles(const double h[3], double step) {
  rft::TriangleMesh m;
  const Eigen::Vector3d x(h[0], 0, 0), y(0, h[1], 0), z(0, 0, h[2]);
  addGridFace(m, z, x, y, step);   // +z
  addGridFace(m, -z, y, x, step);  // -z
  addGridFace(m, x, y, z, step);   // +x
  addGridFace(m, -x, z, y, step);  // -x
  addGridFace(m, y, z, x, step);   // +y
  addGridFace(m, -y, x, z, step);  // -y
  return m;
}

// A profile (radius r >= 0, height z) from the bottom pole to the top, swept around z in
// `segments` pieces. Quads between profile points k, k+1 run (theta direction) x (profile
// direction), outward for a profile that climbs the outside of the shape; quads that
// collapse at the axis (r = 0) lose their degenerate triangle.
rft::TriangleMesh revolve(const std::vector<std::pair<double, double>>& profile, int segments) {
  rft::TriangleMesh m;
  const int np = static_cast<int>(profile.size());
  for (const auto& [r, z] : profile)
    for (int s = 0; s < segments; ++s) {
      const double t = 2 * M_PI * s / segments;
      m.vertices.emplace_back(r * std::cos(t), r * std::sin(t), z);
    }
  auto at = [&](int k, int s) { return k * segments + s % segments; };
  auto area2 = [&](int a, int b, int c) {
    return (m.vertices[b] - m.vertices[a]).cross(m.vertices[c] - m.vertices[a]).norm();
  };
  for (int k = 0; k + 1 < np; ++k)
    for (int s = 0; s < segments; ++s) {
      const int p00 = at(k, s), p10 = at(k, s + 1), p11 = at(k + 1, s + 1), p01 = at(k + 1, s);
      if (area2(p00, p10, p11) > 1e-20) m.triangles.push_back({p00, p10, p11});
      if (area2(p00, p11, p01) > 1e-20) m.triangles.push_back({p00, p11, p01});
    }
  return m;
}

// Profile pieces: a flat ring from radius r0 to r1 at height z, a straight side, an arc.
void addSegment(std::vector<std::pair<double, double>>& p, double r0, double z0, double r1, double z1, int n) {
  for (int i = p.empty() ? 0 : 1; i <= n; ++i) p.emplace_back(r0 + (r1 - r0) * i / n, z0 + (z1 - z0) * i / n);
}
void addArc(std::vector<std::pair<double, double>>& p, double radius, double zCentre, double phi0, double phi1, int n) {
  for (int i = p.empty() ? 0 : 1; i <= n; ++i) {
    const double phi = phi0 + (phi1 - phi0) * i / n;
    p.emplace_back(std::max(0.0, radius * std::cos(phi)), zCentre + radius * std::sin(phi));
  }
}

int segmentsAround(double radius, double step) { return pieces(2 * M_PI * radius, step, 8); }

void requirePositive(double x, const char* what) {
  if (!(x > 0) || !std::isfinite(x)) throw std::invalid_argument(std::string(what) + " must be finite and > 0");
}

}  // namespace

std::string geomTypeName(int geomType) {
  switch (geomType) {
    case mjGEOM_PLANE:
      return "plane";
    case mjGEOM_HFIELD:
      return "hfield";
    case mjGEOM_SPHERE:
      return "sphere";
    case mjGEOM_CAPSULE:
      return "capsule";
    case mjGEOM_ELLIPSOID:
      return "ellipsoid";
    case mjGEOM_CYLINDER:
      return "cylinder";
    case mjGEOM_BOX:
      return "box";
    case mjGEOM_MESH:
      return "mesh";
    default:
      return "geom type " + std::to_string(geomType);
  }
}

rft::TriangleMesh primitiveTriangles(int geomType, const double size[3], double density) {
  requirePositive(density, "plate density");
  // Squares of two triangles: side sqrt(2 / density) gives `density` plates per m^2.
  const double step = std::sqrt(2 / density);
  switch (geomType) {
    case mjGEOM_BOX:
      for (int i = 0; i < 3; ++i) requirePositive(size[i], "box half extent");
      return boxTriangles(size, step);
    case mjGEOM_SPHERE:
    case mjGEOM_ELLIPSOID: {
      const double r = geomType == mjGEOM_SPHERE ? size[0] : std::max({size[0], size[1], size[2]});
      requirePositive(r, "sphere radius");
      std::vector<std::pair<double, double>> p;
      addArc(p, r, 0, -M_PI / 2, M_PI / 2, pieces(M_PI * r, step, 4));
      rft::TriangleMesh m = revolve(p, segmentsAround(r, step));
      if (geomType == mjGEOM_ELLIPSOID) {
        for (int i = 0; i < 3; ++i) requirePositive(size[i], "ellipsoid semi-axis");
        for (Eigen::Vector3d& v : m.vertices) v = v.cwiseProduct(Eigen::Vector3d(size[0], size[1], size[2])) / r;
      }
      return m;
    }
    case mjGEOM_CYLINDER: {
      const double r = size[0], h = size[1];
      requirePositive(r, "cylinder radius");
      requirePositive(h, "cylinder half length");
      std::vector<std::pair<double, double>> p;
      addSegment(p, 0, -h, r, -h, pieces(r, step));
      addSegment(p, r, -h, r, h, pieces(2 * h, step));
      addSegment(p, r, h, 0, h, pieces(r, step));
      return revolve(p, segmentsAround(r, step));
    }
    case mjGEOM_CAPSULE: {
      const double r = size[0], h = size[1];
      requirePositive(r, "capsule radius");
      requirePositive(h, "capsule half length");
      std::vector<std::pair<double, double>> p;
      const int n = pieces(M_PI * r / 2, step, 2);
      addArc(p, r, -h, -M_PI / 2, 0, n);
      addSegment(p, r, -h, r, h, pieces(2 * h, step));
      addArc(p, r, h, 0, M_PI / 2, n);
      return revolve(p, segmentsAround(r, step));
    }
    default:
      throw std::invalid_argument(geomTypeName(geomType) +
                                  ": expected a box, sphere, capsule, cylinder, ellipsoid or mesh geom");
  }
}

rft::TriangleMesh geomTriangles(const mjModel* model, int geom, double density) {
  const int type = model->geom_type[geom];
  if (type != mjGEOM_MESH) return primitiveTriangles(type, model->geom_size + 3 * geom, density);
  rft::TriangleMesh local;
  const int mesh = model->geom_dataid[geom];
  const int v0 = model->mesh_vertadr[mesh], nv = model->mesh_vertnum[mesh];
  const int f0 = model->mesh_faceadr[mesh], nf = model->mesh_facenum[mesh];
  for (int i = 0; i < nv; ++i) {
    const float* v = model->mesh_vert + 3 * (v0 + i);
    local.vertices.emplace_back(v[0], v[1], v[2]);
  }
  for (int i = 0; i < nf; ++i) {
    const int* f = model->mesh_face + 3 * (f0 + i);
    local.triangles.push_back({f[0], f[1], f[2]});
  }
  return local;
}

std::vector<rft::Plate> geomPlatesInBody(const mjModel* model, int geom, double density) {
  const rft::TriangleMesh local = geomTriangles(model, geom, density);
  // Geom frame -> body frame: geom_quat is (w, x, y, z), as Eigen's constructor takes it.
  const double* q = model->geom_quat + 4 * geom;
  const Eigen::Matrix3d rotation = Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix();
  const Eigen::Vector3d offset(model->geom_pos[3 * geom], model->geom_pos[3 * geom + 1], model->geom_pos[3 * geom + 2]);
  std::vector<rft::Plate> plates;
  plates.reserve(local.triangles.size());
  for (const auto& t : local.triangles) {
    const Eigen::Vector3d a = local.vertices[t[0]], b = local.vertices[t[1]], c = local.vertices[t[2]];
    const Eigen::Vector3d cross = (b - a).cross(c - a);
    const double twiceArea = cross.norm();
    if (!(twiceArea > 0)) continue;  // MuJoCo meshes may hold degenerate faces
    rft::Plate p;
    p.centroid = rotation * ((a + b + c) / 3) + offset;
    p.normal = rotation * (cross / twiceArea);
    p.area = twiceArea / 2;
    plates.push_back(p);
  }
  return plates;
}

}  // namespace regolith::robots
