// Frames and series rows from a Simulation; see frame_capture.h.
#include "io/frame_capture.h"

#include <stdexcept>

namespace regolith {

FrameData captureFrame(const Simulation& sim, const std::vector<Index>& ownerTemplate,
                       bool withContacts) {
  FrameData f;
  f.step = sim.stepCount();
  f.time = sim.time();
  f.state = sim.state();
  f.ownerTemplate = ownerTemplate;
  f.sphereCentres = sim.spherePositions();
  f.boundaries = sim.boundaries();
  f.hasContacts = withContacts;
  if (withContacts) f.contacts = sim.contactForces();
  return f;
}

std::vector<SeriesSample> captureSeries(const StateArrays& s, double time,
                                        const std::vector<Index>& bodyOwners) {
  std::vector<SeriesSample> rows;
  for (Index o : bodyOwners) {
    if (o < 0 || static_cast<std::size_t>(o) >= s.ownerCount())
      throw std::invalid_argument("series: owner " + std::to_string(o) + " does not exist");
    rows.push_back(SeriesSample{time, s.ownerPosition[o], s.ownerOrientation[o],
                                s.ownerVelocity[o], s.ownerAngularVelocity[o], s.ownerForce[o],
                                s.ownerTorque[o]});
  }
  return rows;
}

}  // namespace regolith
