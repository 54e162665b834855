// Host copy of the particle state in structure-of-arrays form: what is uploaded to the
// device, downloaded for output, tests and checkpoints. It holds both what moves (poses,
// velocities, the last forces and torques, families) and what does not change during a
// run (owner masses and inertias, each owner's sphere range, sphere offsets, radii and
// materials). Materials, boundaries and settings are the Model's (core/model.h).
// Owners are rigid clumps; each owns a contiguous range of sphere components (possibly
// empty: a body that only carries boundaries). An owner with a single sphere has it at its
// centre of mass (offset zero); kernels rely on it.
#pragma once

#include <vector>

#include "kernels/state_fields.h"
#include "kernels/backend/vec3.h"

namespace regolith {

// One std::vector member per line of REGOLITH_STATE_FIELDS (kernels/state_fields.h), with
// the name, element type and row count the line gives it (ownerPosition, ..., sphereMaterial).
struct StateArrays {
#define REGOLITH_STATE_ARRAY_MEMBER(member, Type, rows, change, flags, dataset, python, unit, description) \
  std::vector<Type> member;
  REGOLITH_STATE_FIELDS(REGOLITH_STATE_ARRAY_MEMBER)
#undef REGOLITH_STATE_ARRAY_MEMBER

  std::size_t ownerCount() const { return ownerPosition.size(); }
  std::size_t sphereCount() const { return sphereOwner.size(); }
};

// Contact list and shear history as the device holds them, for tests and checkpoints.
struct ContactSnapshot {
  std::vector<unsigned long long> pairKeys;  // sorted (first << 32 | second)
  std::vector<Vec3> pairShear;
  std::vector<unsigned long long> wallKeys;  // sorted (sphere << 32 | boundary)
  std::vector<Vec3> wallShear;
};

// One touching sphere–boundary contact as body loads need it (core/body_loads.h): the force
// and the torque about the sphere centre on the sphere, the contact normal (towards the
// sphere) and the contact point (mid-overlap).
struct WallContact {
  Index sphere = 0, boundary = 0;
  Vec3 force, torque, normal;
  Vec3d point;
};

// Touching contacts at one instant: sphere–sphere (second = sphere index) and
// sphere–boundary (second = boundary index), with the force on `first` [N]. Output only:
// the run file's optional contact datasets.
struct ContactForces {
  std::vector<Index> pairFirst, pairSecond;
  std::vector<Vec3> pairForce;
  std::vector<Index> wallSphere, wallBoundary;
  std::vector<Vec3> wallForce;
};

}  // namespace regolith
