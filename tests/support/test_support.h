// Small builders shared by the tests: materials from the Chung & Ooi tables, one- and
// two-sphere worlds.
#pragma once

#include <cmath>
#include <string>

#include "core/boundaries.h"
#include "core/model.h"
#include "core/simulation.h"
#include "core/world_builder.h"

namespace regolith::test {

inline Material material(const std::string& name, double E, double nu, double rho, double e = 1.0, double mu = 0.0,
                         double crr = 0.0) {
  return Material{name, E, nu, e, mu, crr, rho};
}

// The "rigid wall" of Chung & Ooi: the sphere's own material with E x 1000.
inline Material rigidWallOf(const Material& m) {
  Material w = m;
  w.name = m.name + "-wall";
  w.youngsModulus *= 1000.0;
  return w;
}

inline Model modelWith(std::vector<Material> materials, double dt, Vec3 gravity = Vec3()) {
  Model m;
  m.materials = std::move(materials);
  m.timeStep = dt;
  m.gravity = gravity;
  return m;
}

inline double sphereMass(double r, double rho) { return 4.0 / 3.0 * M_PI * r * r * r * rho; }

}  // namespace regolith::test
