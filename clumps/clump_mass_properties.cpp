// Clump templates from sphere lists and their union mass properties.
#include "clumps/clump_mass_properties.h"

#include <stdexcept>

namespace regolith {

ClumpTemplate clumpFromMassProperties(const std::string& name, const std::vector<ClumpSphere>& spheres,
                                      const MassProperties& p) {
  if (spheres.size() == 1)  // the closed form, bit for bit
    return sphereTemplate(name, spheres[0].radius, spheres[0].material, spheres[0].density);
  ClumpTemplate t;
  t.name = name;
  t.mass = p.mass;
  t.principalInertia = p.principalMoments;
  t.principalFrame = p.principalFrame;
  for (const ClumpSphere& s : spheres) {
    t.offsets.push_back(s.centre - p.centre);
    t.radii.push_back(s.radius);
    t.materials.push_back(s.material);
  }
  return t;
}

ClumpTemplate clumpFromSpheres(const std::string& name, const std::vector<ClumpSphere>& spheres, double tolerance) {
  if (spheres.empty()) throw std::invalid_argument("clump template '" + name + "': has no spheres");
  try {
    return clumpFromMassProperties(name, spheres, unionMassProperties(spheres, tolerance));
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("clump template '" + name + "': " + e.what());
  }
}

}  // namespace regolith
