// Frames and series rows from a Simulation; see frame_capture.h.
#include "service/frame_capture.h"

#include <stdexcept>

#include "core/body_loads.h"

namespace regolith {

FrameData captureFrame(const Simulation& sim, const std::vector<Index>& ownerTemplate, bool withContacts) {
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

SeriesBodies seriesBodiesOf(const std::vector<const SceneBody*>& bodies, std::size_t boundaryCount) {
  SeriesBodies out;
  out.bodyOfBoundary.assign(boundaryCount, -1);
  for (std::size_t k = 0; k < bodies.size(); ++k) {
    out.owner.push_back(bodies[k]->owner);
    out.reference.push_back(bodies[k]->reference);
    for (std::size_t b : bodies[k]->boundaries) out.bodyOfBoundary.at(b) = static_cast<Index>(k);
  }
  return out;
}

std::vector<SeriesSample> captureSeries(const StateArrays& s, double time, const SeriesBodies& bodies,
                                        const std::vector<WallContact>& contacts,
                                        const std::vector<Vec3d>& sphereCentres, const PeriodicBox& box) {
  std::vector<Vec3d> reference = bodies.reference;
  for (std::size_t k = 0; k < bodies.owner.size(); ++k) {
    const Index o = bodies.owner[k];
    if (o >= 0 && static_cast<std::size_t>(o) >= s.ownerCount())
      throw std::invalid_argument("series: owner " + std::to_string(o) + " does not exist");
    if (o >= 0) reference[k] = s.ownerPosition[o];
  }
  const std::vector<BodyLoad> loads = bodyLoads(contacts, sphereCentres, bodies.bodyOfBoundary, reference, box);
  std::vector<SeriesSample> rows;
  for (std::size_t k = 0; k < bodies.owner.size(); ++k) {
    const Index o = bodies.owner[k];
    const BodyLoad& l = loads[k];
    SeriesSample r;
    r.time = time;
    r.position = reference[k];
    if (o >= 0 && !s.ownerImage.empty()) {
      // Unwrapped in a periodic run (docs/periodic.md): /trajectories shows the way it went.
      const Vec3i n = s.ownerImage[o];
      r.position += Vec3d(n.x * box.length.x, n.y * box.length.y, n.z * box.length.z);
    }
    if (o >= 0) {
      r.orientation = s.ownerOrientation[o];
      r.velocity = s.ownerVelocity[o];
      r.angularVelocity = s.ownerAngularVelocity[o];
      r.force = s.ownerForce[o];
      r.torque = s.ownerTorque[o];
    } else {
      r.force = Vec3(l.force);
      r.torque = Vec3(l.torque);
    }
    r.forceNormal = Vec3(l.forceNormal);
    r.forceTangential = Vec3(l.forceTangential);
    r.torqueNormal = Vec3(l.torqueNormal);
    r.torqueTangential = Vec3(l.torqueTangential);
    r.contacts = static_cast<std::int32_t>(l.contacts);
    r.patchCentroid = l.patchCentroid;
    rows.push_back(r);
  }
  return rows;
}

}  // namespace regolith
