// Records one impact of owner 0 step by step: peak contact force, peak overlap (computed
// by the caller), contact duration with linearly interpolated start and end, and the
// owner's velocities after separation.
#pragma once

#include <algorithm>
#include <functional>

#include "core/simulation.h"

namespace regolith::test {

struct ImpactRecord {
  double peakForce = 0;    // [N]
  double peakOverlap = 0;  // [m]
  double duration = 0;     // [s]
  StateArrays after;       // state once the contact has ended
  bool separated = false;
};

// overlapOf(state) gives the current overlap of the watched contact (negative = gap).
// Steps until the contact has started and ended, or maxSteps.
inline ImpactRecord recordImpact(Simulation& sim, const std::function<double(const StateArrays&)>& overlapOf,
                                 std::uint64_t maxSteps) {
  ImpactRecord r;
  const double dt = sim.model().timeStep;
  StateArrays s = sim.state();
  double prevOverlap = overlapOf(s), prevTime = sim.time();
  double start = -1;
  for (std::uint64_t k = 0; k < maxSteps; ++k) {
    sim.step();
    s = sim.state();
    const double overlap = overlapOf(s), t = sim.time();
    if (overlap > 0) {
      if (start < 0) start = prevTime + dt * (-prevOverlap) / (overlap - prevOverlap);
      r.peakOverlap = std::max(r.peakOverlap, overlap);
      r.peakForce = std::max(r.peakForce, double(norm(s.ownerForce[0])));
    } else if (start >= 0) {
      const double end = prevTime + dt * prevOverlap / (prevOverlap - overlap);
      r.duration = end - start;
      // Apart at the end of this step: its second half kick saw no contact force, so the
      // velocities are the rebound velocities.
      r.after = s;
      r.separated = true;
      return r;
    }
    prevOverlap = overlap;
    prevTime = t;
  }
  return r;
}

}  // namespace regolith::test
