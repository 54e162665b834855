// Clump template construction and validation.
#include "core/clump_template.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace regolith {

ClumpTemplate sphereTemplate(const std::string& name, double radius, Index material, double density) {
  ClumpTemplate t;
  t.name = name;
  t.offsets = {Vec3d()};
  t.radii = {radius};
  t.materials = {material};
  t.mass = 4.0 / 3.0 * M_PI * radius * radius * radius * density;
  const double I = 0.4 * t.mass * radius * radius;
  t.principalInertia = Vec3d(I, I, I);
  return t;
}

ClumpTemplate scaledTemplate(const ClumpTemplate& t, double s) {
  ClumpTemplate u = t;
  for (Vec3d& o : u.offsets) o = o * s;
  for (double& r : u.radii) r *= s;
  u.mass *= s * s * s;
  u.principalInertia = t.principalInertia * (s * s * s * s * s);
  return u;
}

double boundingRadius(const ClumpTemplate& t) {
  double r = 0;
  for (std::size_t i = 0; i < t.offsets.size(); ++i) r = std::max(r, norm(t.offsets[i]) + t.radii[i]);
  return r;
}

void validateTemplate(const ClumpTemplate& t, Index materialCount) {
  const std::string where = "clump template '" + t.name + "': ";
  if (t.offsets.empty()) throw std::invalid_argument(where + "has no spheres");
  if (t.radii.size() != t.offsets.size() || t.materials.size() != t.offsets.size())
    throw std::invalid_argument(where + "offsets, radii and materials differ in length");
  for (std::size_t i = 0; i < t.radii.size(); ++i) {
    if (!(std::isfinite(t.radii[i]) && t.radii[i] > 0))
      throw std::invalid_argument(where + "sphere " + std::to_string(i) + " has radius " + std::to_string(t.radii[i]) +
                                  ", expected a finite value > 0 m");
    if (t.materials[i] < 0 || t.materials[i] >= materialCount)
      throw std::invalid_argument(where + "sphere " + std::to_string(i) + " refers to an undefined material");
  }
  if (t.offsets.size() == 1 && !isZero(t.offsets[0]))
    throw std::invalid_argument(where +
                                "a one-sphere template has its sphere at the centre of "
                                "mass: the offset must be (0, 0, 0)");
  if (!(std::isfinite(t.mass) && t.mass > 0)) throw std::invalid_argument(where + "mass must be a finite value > 0 kg");
  const Vec3d& I = t.principalInertia;
  if (!(I.x > 0 && I.y > 0 && I.z > 0)) throw std::invalid_argument(where + "principal moments of inertia must be > 0");
  // Triangle inequality of principal moments: any real mass distribution satisfies it.
  const double slack = 1e-9 * (I.x + I.y + I.z);
  if (I.x > I.y + I.z + slack || I.y > I.x + I.z + slack || I.z > I.x + I.y + slack)
    throw std::invalid_argument(where + "principal moments violate the triangle inequality");
}

}  // namespace regolith
