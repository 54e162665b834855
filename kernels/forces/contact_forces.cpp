// The contact forces of a step: the sphere-sphere pass (kernels/forces/pair_forces.cpp), then
// the sphere-boundary pass (kernels/forces/wall_forces.cpp); and the touching contacts of the
// last evaluation, downloaded for output.
#include <stdexcept>

#include "kernels/forces/contact_pass.h"

namespace regolith {

void computeContactForces(DeviceState& s, const StepParams& p, ContactModelKind model) {
  computePairForces(s, p, model);
  computeWallForces(s, p, model);
}

ContactForces downloadTouchingContacts(const DeviceState& s) {
  if (!s.nearListed)
    throw std::logic_error(
        "contact forces: none were evaluated on the current contact lists (built or "
        "renumbered since the last step); step first");
  ContactForces c;
  appendTouchingPairs(s, c);
  appendTouchingWalls(s, c);
  return c;
}

}  // namespace regolith
