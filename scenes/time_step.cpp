// The Rayleigh guard at load time, over the spheres the scene built, so an unsafe
// /time_step is refused with the limit printed before anything runs.
#include "core/model.h"
#include "core/time_step_guard.h"
#include "core/plausible_values.h"
#include "scenes/build.h"

namespace regolith::scene {

void checkTimeStep(BuildContext& c) {
  const Model& m = c.scene.model;
  if (m.allowLargeTimeStep || c.world.state().sphereCount() == 0) return;
  const RayleighLimit limit = finestRayleighTime(m.materials, c.world.state());
  const double maxStep = kRayleighFraction * limit.rayleighTime;
  if (m.timeStep <= maxStep) return;
  const std::string why = "at most " + numberText(maxStep, 4) + " s (" + numberText(kRayleighFraction) +
                          " x the Rayleigh time " + numberText(limit.rayleighTime, 4) + " s of material " +
                          Json(limit.material).dump() + " at radius " + numberText(limit.radius) + " m)";
  // When the limiting material's density or modulus is not one a solid has, the step is
  // not what is wrong: name the property instead of offering to switch the guard off.
  const std::vector<ImplausibleValue> odd = implausibleMaterialValues(m.materials.at(limit.materialIndex));
  if (!odd.empty()) {
    c.problem("/time_step", numberText(m.timeStep) + " s",
              why + "; that limit follows from " +
                  pointerJoin(pointerJoin("/materials", limit.materialIndex), odd.front().key) + ", whose " +
                  odd.front().message + ": fix the material, not the step");
    return;
  }
  c.problem("/time_step", numberText(m.timeStep) + " s", why + ", or \"allow_large_time_step\": true");
}

}  // namespace regolith::scene
