// A shared test scene: grains tumbling in a drum (dual-stream and checkpoint tests).
#pragma once

#include <cmath>

#include "core/boundaries.h"
#include "core/model.h"
#include "core/motion_rule.h"
#include "core/world_builder.h"
#include "tests/support/test_support.h"

namespace regolith::test {

// Grains tumbling in a drum: a body carrying an inside cylinder (axis y, radius 5 cm,
// prescribed rotation 10 rad/s), closed by two static end planes; 300 grains start on a
// lattice inside (lowest layer 7 mm above the wall) and fall into the turning drum.
struct DrumScene {
  Model model;
  StateArrays state;
};

inline DrumScene drumScene() {
  const double R = 0.05, half = 0.02, r = 0.003;
  Material grain = material("grain", 1e7, 0.3, 2600, 0.5, 0.5, 0.05);
  Model model = modelWith({grain}, 2e-5, Vec3(0, 0, Real(-9.81)));
  model.streams.updateEvery = 5;
  model.streams.maxDrift = 20;
  MotionPhase spin;
  for (DofRule& d : spin.dof) d = DofRule::fixed();
  spin.dof[4] = DofRule::constant(10.0);  // rotation about y [rad/s]
  model.families = {FamilyMotion{}, FamilyMotion{{spin}}};
  WorldBuilder w;
  const Index drum = w.addBody(1.0, Vec3d(1, 1, 1), Vec3d(), Quat(), Vec3d(), Vec3d(), 1);
  model.boundaries = {cylinder(Vec3d(), Vec3d(0, 1, 0), R, 0, true, 0),
                      infinitePlane(Vec3d(0, -half, 0), Vec3d(0, 1, 0), 0),
                      infinitePlane(Vec3d(0, half, 0), Vec3d(0, -1, 0), 0)};
  model.boundaries[0].owner = drum;
  const ClumpTemplate t = sphereTemplate("grain", r, 0, 2600);
  const double pitch = 2.2 * r;
  int placed = 0;
  for (int iz = 0; iz < 12 && placed < 300; ++iz)
    for (int iy = 0; iy < 5 && placed < 300; ++iy)
      for (int ix = -6; ix <= 6 && placed < 300; ++ix) {
        const Vec3d x(ix * pitch + 0.1 * r * (iz % 2), (iy - 2) * pitch, (iz - 6) * pitch);
        if (std::hypot(x.x, x.z) > R - 1.5 * r) continue;
        w.addClump(t, x);
        ++placed;
      }
  return {model, w.take()};
}

}  // namespace regolith::test
