// Assembles the initial state: places clumps from templates at given poses and velocities.
#pragma once

#include "core/clump_template.h"
#include "kernels/state_arrays.h"

namespace regolith {

class WorldBuilder {
 public:
  WorldBuilder() { m_state.ownerSphereBegin = {0}; }

  // Adds one clump. `orientation` maps the template frame to the world; velocities are in
  // the world frame. Returns the owner index.
  Index addClump(const ClumpTemplate& t, const Vec3d& position, const Quat& orientation = Quat(),
                 const Vec3d& velocity = Vec3d(), const Vec3d& angularVelocity = Vec3d());

  const StateArrays& state() const { return m_state; }
  StateArrays take() { return std::move(m_state); }

 private:
  StateArrays m_state;
};

}  // namespace regolith
