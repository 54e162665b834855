// The blow-up message of `regolith run`: the first bad particle named with its family and body.
#include "service/blow_up_report.h"

#include <algorithm>
#include <sstream>

#include "core/blow_up_guard.h"

namespace regolith {

std::string blowUpMessage(const Scene& scene, const StateArrays& state, std::uint64_t step, double limit,
                          double minRadius, const std::string& cause) {
  const std::optional<OwnerFaultReport> fault = firstOwnerFault(state, limit, minRadius);
  const OwnerFaultReport p = fault ? *fault : fastestOwner(state);
  std::ostringstream o;
  o << "blow-up at step " << step << " (t = " << double(step) * scene.model.timeStep << " s): ";
  if (!cause.empty()) o << cause << "; ";
  if (p.owner >= 0) {
    const std::size_t i = std::size_t(p.owner);
    const Index family = state.ownerFamily.empty() ? 0 : state.ownerFamily[i];
    o << (fault ? "the first particle past the limits is "
                : "no particle is past the limits yet; "
                  "the fastest is ")
      << "particle " << p.owner << " (family \""
      << (family >= 0 && std::size_t(family) < scene.familyNames.size() ? scene.familyNames[family]
                                                                        : std::to_string(family))
      << "\"";
    for (const SceneBody& b : scene.bodies)
      if (b.owner == p.owner) o << ", body \"" << b.name << "\"";
    o << "): " << p.what << ". ";
  }
  o << "The limit is r_min / dt = " << minRadius << " m / " << scene.model.timeStep << " s = " << limit
    << " m/s: a surface moving faster passes through grains between two force evaluations. "
       "Usual causes: a time step too large for the stiffness, overlapping particles at the "
       "start, a body driven into the grains faster than they can respond, extreme gravity "
       "or spin, or a non-finite input value";
  return o.str();
}

std::optional<std::string> initialStateBlowUp(const Scene& scene) {
  const auto& r = scene.initial.sphereRadius;
  const double rMin = r.empty() ? 0.0 : double(*std::min_element(r.begin(), r.end()));
  const double limit = blowUpSpeed(rMin, scene.model.timeStep);
  if (!firstOwnerFault(scene.initial, limit, rMin)) return std::nullopt;
  return blowUpMessage(scene, scene.initial, 0, limit, rMin, "in the input, before any step");
}

}  // namespace regolith
