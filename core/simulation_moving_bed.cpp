// A bed that follows a body (Model::follow; core/moving_bed.h, docs/moving-bed.md): the
// Simulation's side. The check runs at the end of every step, so a run, a checkpointed
// and resumed run and a coupled run all refresh the same strips at the same steps.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/simulation.h"

namespace regolith {

void Simulation::startFollowing(const StateArrays& initial) {
  const BedFollow& f = *m_model.follow;
  if (f.body < 0 || std::size_t(f.body) >= initial.ownerCount())
    throw std::invalid_argument("the bed follows owner " + std::to_string(f.body) + ", which does not exist (" +
                                std::to_string(initial.ownerCount()) + " owners)");
  m_bodyReach = followedBodyReach(m_model.boundaries, initial, f.body);
  if (const std::string problem = bedFollowProblem(f, m_model.periodic, m_model.gravity, m_bodyReach); !problem.empty())
    throw std::invalid_argument("the bed that follows owner " + std::to_string(f.body) + " needs " + problem);
  followBody();  // a bed that follows from the start takes the initial state as its template
}

Vec3d Simulation::followedBodyCentre() const {
  return readUnwrappedPosition(*m_device, m_numbering.ownerToEngine(m_model.follow->body));
}

void Simulation::followBody() {
  const BedFollow& f = *m_model.follow;
  const FollowStrips strips(f, m_model.periodic);
  if (!m_bed.started) {
    // Started by the step whose midpoint passed the start, as a family switch is.
    if (m_time + 0.5 * m_model.timeStep < f.start) return;
    const StateArrays s = state();
    m_bed.templatePosition = s.ownerPosition;
    m_bed.templateOrientation = s.ownerOrientation;
    m_bed.nextStrip = strips.stripsBehind(strips.travel(followedBodyCentre()), f.behind);
    m_bed.started = true;
    return;
  }
  const std::int64_t due = strips.stripsBehind(strips.travel(followedBodyCentre()), f.behind);
  while (m_bed.nextStrip < due) refreshStrip(m_bed.nextStrip++);
}

void Simulation::refreshStrip(std::int64_t strip) {
  const BedFollow& f = *m_model.follow;
  StateArrays s = state();
  StripRefreshInput in;
  in.now = &s;
  in.bed = &m_bed;
  in.follow = &f;
  in.box = m_model.periodic;
  in.gravity = m_model.gravity;
  in.bodyCentre = followedBodyCentre();
  in.bodyReach = m_bodyReach;
  // Grains touching the body stay where they are: through its boundaries or its spheres.
  in.keep.assign(s.ownerCount(), false);
  // Grains a family moves or holds (a glued base layer) are the scene's, not the bed's.
  in.frozen.assign(s.ownerCount(), false);
  for (std::size_t o = 0; o < s.ownerCount(); ++o) {
    const Index family = s.ownerFamily.empty() ? 0 : s.ownerFamily[o];
    in.frozen[o] = family >= 0 && std::size_t(family) < m_model.families.size() &&
                   !m_model.families[std::size_t(family)].phases.empty();
  }
  std::vector<bool> bodyBoundary(m_model.boundaries.size(), false);
  for (std::size_t b = 0; b < m_model.boundaries.size(); ++b) bodyBoundary[b] = m_model.boundaries[b].owner == f.body;
  for (const WallContact& c : wallContacts())
    if (bodyBoundary[std::size_t(c.boundary)]) in.keep[std::size_t(s.sphereOwner[std::size_t(c.sphere)])] = true;
  if (s.ownerSphereBegin[std::size_t(f.body) + 1] > s.ownerSphereBegin[std::size_t(f.body)]) {
    const ContactForces touching = contactForces();
    for (std::size_t k = 0; k < touching.pairFirst.size(); ++k) {
      const Index a = s.sphereOwner[std::size_t(touching.pairFirst[k])];
      const Index b = s.sphereOwner[std::size_t(touching.pairSecond[k])];
      if (a == f.body) in.keep[std::size_t(b)] = true;
      if (b == f.body) in.keep[std::size_t(a)] = true;
    }
  }
  m_lastRefresh = planStripRefresh(in, strip);
  ++m_bed.refreshes;
  m_bed.moved += m_lastRefresh.owners.size();
  m_bed.raised += m_lastRefresh.raised;
  m_bed.dropped += m_lastRefresh.dropped;
  m_bed.emptyPlaces += m_lastRefresh.emptyPlaces;
  if (m_lastRefresh.owners.empty()) return;

  // The grains at their new poses, at rest, counted.
  if (s.ownerRelocations.empty()) s.ownerRelocations.assign(s.ownerCount(), 0);
  std::vector<bool> movedSphere(s.sphereCount(), false);
  for (std::size_t k = 0; k < m_lastRefresh.owners.size(); ++k) {
    const std::size_t o = std::size_t(m_lastRefresh.owners[k]);
    s.ownerPosition[o] = m_lastRefresh.positions[k];
    s.ownerOrientation[o] = m_lastRefresh.orientations[k];
    s.ownerVelocity[o] = Vec3();
    s.ownerAngularVelocity[o] = Vec3();
    ++s.ownerRelocations[o];
    for (Index i = s.ownerSphereBegin[o]; i < s.ownerSphereBegin[o + 1]; ++i) movedSphere[std::size_t(i)] = true;
  }
  // Their contacts end: the history of every pair and wall contact with a moved sphere.
  ContactSnapshot c = contacts();
  ContactSnapshot kept;
  for (std::size_t k = 0; k < c.pairKeys.size(); ++k)
    if (!movedSphere[c.pairKeys[k] >> 32] && !movedSphere[c.pairKeys[k] & 0xffffffffULL]) {
      kept.pairKeys.push_back(c.pairKeys[k]);
      kept.pairShear.push_back(c.pairShear[k]);
    }
  for (std::size_t k = 0; k < c.wallKeys.size(); ++k)
    if (!movedSphere[c.wallKeys[k] >> 32]) {
      kept.wallKeys.push_back(c.wallKeys[k]);
      kept.wallShear.push_back(c.wallShear[k]);
    }

  // The kinematic stream reads the arrays this rewrites: stopped and started again, as for
  // a renumbering (simulation.cpp, stepAsync).
  const bool async = m_model.streams.mode == StreamMode::Async;
  if (async) {
    m_retiredBuilds += m_kinematic->builds();
    m_kinematic.reset();
  }
  restoreOwnerState(*m_device, m_numbering.toEngine(s));
  updateSpherePositions(*m_device, /*withSpeed=*/false);
  setContactHistory(kept);         // fresh lists from the new positions, the kept history by key
  evaluateForces(/*kick=*/false);  // the next half kick reads the forces at the new positions
  if (async) m_kinematic = std::make_unique<KinematicStream>(*m_device, m_kinematicThreads);
}

}  // namespace regolith
