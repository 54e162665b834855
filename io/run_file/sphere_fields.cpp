// Per-sphere view fields; see sphere_fields.h.
#include "io/run_file/sphere_fields.h"

#include <stdexcept>

namespace regolith {

std::vector<Vec3> sphereVelocities(const StateArrays& s, const std::vector<Vec3d>& centres) {
  if (centres.size() != s.sphereCount())
    throw std::invalid_argument("sphereVelocities: " + std::to_string(centres.size()) + " centres for " +
                                std::to_string(s.sphereCount()) + " spheres");
  std::vector<Vec3> v(centres.size());
  for (std::size_t i = 0; i < centres.size(); ++i) {
    const Index o = s.sphereOwner[i];
    const Vec3 arm(centres[i] - s.ownerPosition[o]);
    v[i] = s.ownerVelocity[o] + cross(s.ownerAngularVelocity[o], arm);
  }
  return v;
}

std::vector<Index> sphereFamilies(const StateArrays& s) {
  std::vector<Index> f(s.sphereCount(), 0);
  if (s.ownerFamily.empty()) return f;
  for (std::size_t i = 0; i < f.size(); ++i) f[i] = s.ownerFamily[s.sphereOwner[i]];
  return f;
}

}  // namespace regolith
