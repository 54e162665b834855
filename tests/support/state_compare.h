// Bit-for-bit comparison of owner states, shared by the determinism and dual-stream tests.
#pragma once

#include <gtest/gtest.h>

#include <vector>

#include "core/same_bits.h"
#include "kernels/state_arrays.h"

namespace regolith::test {

using regolith::sameBits;

// Positions, orientations, velocities and the last contact force and torque of every owner.
inline void expectIdenticalOwnerStates(const StateArrays& a, const StateArrays& b) {
  EXPECT_TRUE(sameBits(a.ownerPosition, b.ownerPosition));
  EXPECT_TRUE(sameBits(a.ownerOrientation, b.ownerOrientation));
  EXPECT_TRUE(sameBits(a.ownerVelocity, b.ownerVelocity));
  EXPECT_TRUE(sameBits(a.ownerAngularVelocity, b.ownerAngularVelocity));
  EXPECT_TRUE(sameBits(a.ownerForce, b.ownerForce));
  EXPECT_TRUE(sameBits(a.ownerTorque, b.ownerTorque));
}

}  // namespace regolith::test
