// The Rayleigh guard at load time, over the spheres the scene built, so an unsafe
// /time_step is refused with the limit printed before anything runs.
#include "core/model.h"
#include "core/time_step_guard.h"
#include "scenes/build.h"

namespace regolith::scene {

void checkTimeStep(BuildContext& c) {
  const Model& m = c.scene.model;
  if (m.allowLargeTimeStep || c.world.state().sphereCount() == 0) return;
  const RayleighLimit limit = finestRayleighTime(m.materials, c.world.state());
  const double maxStep = kRayleighFraction * limit.rayleighTime;
  if (m.timeStep <= maxStep) return;
  c.problem("/time_step", numberText(m.timeStep) + " s",
            "at most " + numberText(maxStep, 4) + " s (" + numberText(kRayleighFraction) +
                " x the Rayleigh time " + numberText(limit.rayleighTime, 4) + " s of material " +
                Json(limit.material).dump() + " at radius " + numberText(limit.radius) +
                " m), or \"allow_large_time_step\": true");
}

}  // namespace regolith::scene
