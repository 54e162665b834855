// Analytic boundary constructors.
#include "core/boundaries.h"

#include <cmath>
#include <stdexcept>

namespace regolith {
namespace {

Vec3 unit(const Vec3d& v, const char* what) {
  if (!usableDirection(v)) throw std::invalid_argument(std::string(what) + " must be a nonzero finite vector");
  return Vec3(v * (1.0 / norm(v)));
}

BoundaryPrimitive wall(const Vec3d& centre, const Vec3d& normal, const Vec3d& u, double halfU, const Vec3d& v,
                       double halfV, Index material) {
  BoundaryPrimitive b;
  b.kind = BoundaryKind::FiniteWall;
  b.material = material;
  b.point = centre;
  b.normal = Vec3(normal);
  b.tangentU = Vec3(u);
  b.tangentV = Vec3(v);
  b.halfU = Real(halfU);
  b.halfV = Real(halfV);
  return b;
}

}  // namespace

bool usableDirection(const Vec3d& v) {
  const double n = norm(v);
  return n > 0 && std::isfinite(n);
}

BoundaryPrimitive infinitePlane(const Vec3d& point, const Vec3d& normal, Index material) {
  BoundaryPrimitive b;
  b.kind = BoundaryKind::Plane;
  b.material = material;
  b.point = point;
  b.normal = unit(normal, "plane normal");
  return b;
}

std::vector<BoundaryPrimitive> boxContainer(const Vec3d& lo, const Vec3d& hi, Index material,
                                            std::array<bool, 6> keep) {
  if (!(hi.x > lo.x && hi.y > lo.y && hi.z > lo.z))
    throw std::invalid_argument("box container: hi must exceed lo on every axis");
  const Vec3d c = (lo + hi) * 0.5;
  const Vec3d h = (hi - lo) * 0.5;
  const Vec3d ex(1, 0, 0), ey(0, 1, 0), ez(0, 0, 1);
  const std::array<BoundaryPrimitive, 6> all = {wall(Vec3d(lo.x, c.y, c.z), ex, ey, h.y, ez, h.z, material),
                                                wall(Vec3d(hi.x, c.y, c.z), -ex, ey, h.y, ez, h.z, material),
                                                wall(Vec3d(c.x, lo.y, c.z), ey, ex, h.x, ez, h.z, material),
                                                wall(Vec3d(c.x, hi.y, c.z), -ey, ex, h.x, ez, h.z, material),
                                                wall(Vec3d(c.x, c.y, lo.z), ez, ex, h.x, ey, h.y, material),
                                                wall(Vec3d(c.x, c.y, hi.z), -ez, ex, h.x, ey, h.y, material)};
  std::vector<BoundaryPrimitive> out;
  for (int i = 0; i < 6; ++i)
    if (keep[i]) out.push_back(all[i]);
  return out;
}

BoundaryPrimitive cylinder(const Vec3d& point, const Vec3d& axis, double radius, double halfLength,
                           bool particlesInside, Index material) {
  if (!(radius > 0)) throw std::invalid_argument("cylinder radius must be > 0");
  if (!(halfLength >= 0)) throw std::invalid_argument("cylinder half length must be >= 0");
  BoundaryPrimitive b;
  b.kind = BoundaryKind::Cylinder;
  b.material = material;
  b.point = point;
  b.normal = unit(axis, "cylinder axis");
  b.radius = Real(radius);
  b.halfLength = Real(halfLength);
  b.inside = particlesInside;
  return b;
}

BoundaryPrimitive squareWall(const Vec3d& centre, const Vec3d& normal, double halfSide, Index material) {
  if (!(halfSide > 0)) throw std::invalid_argument("square wall half side must be > 0");
  const Vec3d n(unit(normal, "wall normal"));
  // In-plane axes from a world axis that is not (nearly) parallel to the normal.
  const Vec3d helper = std::fabs(n.x) < 0.9 ? Vec3d(1, 0, 0) : Vec3d(0, 1, 0);
  const Vec3d u = cross(n, helper) * (1.0 / norm(cross(n, helper)));
  const Vec3d v = cross(n, u);
  return wall(centre, n, u, halfSide, v, halfSide, material);
}

}  // namespace regolith
