// Regolith::engine from an installed Regolith: a sphere dropped on a plane rebounds with
// its restitution.
#include <cstdio>
#include <exception>

#include "../check.h"
#include "core/boundaries.h"
#include "core/clump_template.h"
#include "core/simulation.h"
#include "core/world_builder.h"

int main() try {
  using namespace regolith;
  // A 5 mm glass sphere hits a plane at 1 m/s without gravity; restitution 0.5.
  const double R = 0.005, e = 0.5;
  Model model;
  model.materials = {Material{"glass", 5e7, 0.3, e, 0.0, 0.0, 2500}};
  model.gravity = Vec3();
  model.timeStep = 1e-6;
  model.boundaries = {infinitePlane(Vec3d(0, 0, 0), Vec3d(0, 0, 1), 0)};
  WorldBuilder world;
  world.addClump(sphereTemplate("ball", R, 0, 2500), Vec3d(0, 0, R + 1e-5), Quat(), Vec3d(0, 0, -1));
  Simulation sim(model, world.take());
  bool touched = false;
  for (int k = 0; k < 100000; ++k) {
    sim.step();
    const double z = sim.state().ownerPosition[0].z;
    if (z < R) touched = true;
    if (touched && z > R) break;
  }
  // The damping model reproduces e in continuous time; 1 % covers the step (t_c/~300 here).
  expectNear("engine: rebound speed / impact speed", sim.state().ownerVelocity[0].z, e, 0.01);
  return summary();
} catch (const std::exception& e) {
  std::printf("FAILED: %s\n", e.what());
  return 1;
}
