// Assembles the initial state: places clumps from templates (and bodies without spheres) at
// given poses, velocities and families.
#pragma once

#include <vector>

#include "core/clump_template.h"
#include "kernels/state_arrays.h"

namespace regolith {

class WorldBuilder {
 public:
  WorldBuilder() { m_state.ownerSphereBegin = {0}; }
  // Goes on adding to an existing state (a settled bed gets a body).
  explicit WorldBuilder(StateArrays initial) : m_state(std::move(initial)) {
    if (m_state.ownerSphereBegin.empty()) m_state.ownerSphereBegin = {0};
    if (m_state.ownerFamily.empty()) m_state.ownerFamily.assign(m_state.ownerCount(), 0);
  }

  // Adds one clump. `orientation` maps the template frame to the world; velocities are in
  // the world frame. Returns the owner index.
  Index addClump(const ClumpTemplate& t, const Vec3d& position, const Quat& orientation = Quat(),
                 const Vec3d& velocity = Vec3d(), const Vec3d& angularVelocity = Vec3d(), Index family = 0);

  // Adds a body without spheres (it may carry boundaries: BoundaryPrimitive::owner):
  // principal moments `inertia`, `orientation` from its principal frame to the world.
  // Returns the owner index.
  Index addBody(double mass, const Vec3d& inertia, const Vec3d& position, const Quat& orientation = Quat(),
                const Vec3d& velocity = Vec3d(), const Vec3d& angularVelocity = Vec3d(), Index family = 0);

  const StateArrays& state() const { return m_state; }
  StateArrays take() { return std::move(m_state); }

 private:
  StateArrays m_state;
};

// The owners `owners` of `s` only, in that order, each with its spheres (contiguous, in
// their own order): owner k of the result is owner owners[k] of `s`. Every field of
// kernels/state_fields.h comes along; an optional field left empty stays empty.
StateArrays ownersOf(const StateArrays& s, const std::vector<Index>& owners);

}  // namespace regolith
