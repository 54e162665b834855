// The Simulation's side of a coupling (core/simulation.h, "Coupling to another code"): the
// tracked owners whose loads are averaged over an exchange interval, and owners moved at a
// velocity the other code prescribes. docs/coupling.md states the exchange these serve.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/simulation.h"

namespace regolith {
namespace {

void requireOwner(Index owner, std::size_t owners, const char* call) {
  if (owner < 0 || std::size_t(owner) >= owners)
    throw std::invalid_argument(std::string(call) + ": owner " + std::to_string(owner) + " is not one of the " +
                                std::to_string(owners) + " owners");
}

bool finite(const Vec3d& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

}  // namespace

void Simulation::uploadTracked(const std::vector<Vec3d>& forceSums, const std::vector<Vec3d>& torqueSums) {
  std::vector<Index> engine;
  for (const Index o : m_tracked) engine.push_back(m_numbering.ownerToEngine(o));
  setTrackedOwners(*m_device, engine, forceSums, torqueSums);
}

void Simulation::trackOwners(const std::vector<Index>& owners) {
  for (std::size_t i = 0; i < owners.size(); ++i) {
    requireOwner(owners[i], m_sphereless.size(), "trackOwners");
    if (std::find(owners.begin(), owners.begin() + std::ptrdiff_t(i), owners[i]) != owners.begin() + std::ptrdiff_t(i))
      throw std::invalid_argument("trackOwners: owner " + std::to_string(owners[i]) + " is named twice");
  }
  m_tracked = owners;
  m_trackedSteps = 0;
  uploadTracked(std::vector<Vec3d>(owners.size()), std::vector<Vec3d>(owners.size()));
}

std::vector<Simulation::TrackedOwner> Simulation::takeTrackedOwners() {
  const std::vector<TrackedOwnerReading> readings = readTrackedOwners(*m_device);
  resetTrackedLoads(*m_device);
  std::vector<TrackedOwner> out(readings.size());
  const double scale = m_trackedSteps == 0 ? 0.0 : 1.0 / double(m_trackedSteps);
  for (std::size_t k = 0; k < readings.size(); ++k) {
    const TrackedOwnerReading& r = readings[k];
    TrackedOwner& t = out[k];
    t.position = r.position;
    t.orientation = r.orientation;
    t.velocity = r.velocity;
    t.angularVelocity = r.angularVelocity;
    t.force = Vec3d(r.forceSum.x * scale, r.forceSum.y * scale, r.forceSum.z * scale);
    t.torque = Vec3d(r.torqueSum.x * scale, r.torqueSum.y * scale, r.torqueSum.z * scale);
    t.steps = m_trackedSteps;
  }
  m_trackedSteps = 0;
  return out;
}

void Simulation::prescribeOwnerVelocity(Index owner, const Vec3d& velocity, const Vec3d& angularVelocity) {
  requireOwner(owner, m_sphereless.size(), "prescribeOwnerVelocity");
  if (!finite(velocity) || !finite(angularVelocity))
    throw std::invalid_argument("prescribeOwnerVelocity: owner " + std::to_string(owner) +
                                ": a velocity that is not finite");
  auto own = std::find_if(m_ownFamily.begin(), m_ownFamily.end(), [&](const auto& p) { return p.first == owner; });
  if (own == m_ownFamily.end()) {
    const std::vector<Index> families = state().ownerFamily;
    // An owner alone in a family past the scene's has its own already (a restored run's);
    // otherwise it gets a family past every one in use: the model's, the state's and those
    // given before.
    const Index current = families[std::size_t(owner)];
    bool alone = current >= Index(m_sceneFamilies);
    for (std::size_t o = 0; o < families.size() && alone; ++o)
      if (Index(o) != owner && families[o] == current) alone = false;
    Index family = current;
    if (!alone) {
      family = Index(m_model.families.size());
      for (const Index f : families) family = std::max(family, f + 1);
      for (const auto& p : m_ownFamily) family = std::max(family, p.second + 1);
      setOwnerFamily(*m_device, m_numbering.ownerToEngine(owner), family);
    }
    m_ownFamily.emplace_back(owner, family);
    own = m_ownFamily.end() - 1;
  }
  MotionPhase phase;
  phase.start = m_time;
  const double u[6] = {velocity.x, velocity.y, velocity.z, angularVelocity.x, angularVelocity.y, angularVelocity.z};
  for (int k = 0; k < 6; ++k) phase.dof[std::size_t(k)] = DofRule::constant(u[k]);
  phase.rotationFrame = RotationFrame::World;
  // One phase replaces the family's list: the earlier ones lie in the past, and a list
  // growing by one phase per exchange would cost every step a longer search.
  const std::size_t family = std::size_t(own->second);
  if (m_model.families.size() <= family) m_model.families.resize(family + 1);
  m_model.families[family].phases = {phase};
}

void Simulation::prescribeOwnerMotion(Index owner, const Vec3d& position, const Quat& orientation,
                                      const Vec3d& velocity, const Vec3d& angularVelocity) {
  requireOwner(owner, m_sphereless.size(), "prescribeOwnerMotion");
  if (!m_sphereless[std::size_t(owner)])
    throw std::invalid_argument("prescribeOwnerMotion: owner " + std::to_string(owner) +
                                " has spheres (a pose is set on bodies that carry boundaries only; "
                                "prescribeOwnerVelocity moves any owner)");
  const double norm2 = orientation.w * orientation.w + orientation.x * orientation.x + orientation.y * orientation.y +
                       orientation.z * orientation.z;
  if (!finite(position) || !(std::fabs(norm2 - 1) < 1e-9))
    throw std::invalid_argument("prescribeOwnerMotion: owner " + std::to_string(owner) +
                                ": a position not finite or an orientation not of unit length");
  prescribeOwnerVelocity(owner, velocity, angularVelocity);
  setOwnerPose(*m_device, m_numbering.ownerToEngine(owner), position, orientation);
}

}  // namespace regolith
