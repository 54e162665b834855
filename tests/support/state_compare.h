// Bit-for-bit comparison of owner states, shared by the determinism and dual-stream tests.
#pragma once

#include <gtest/gtest.h>

#include <vector>

#include "core/same_bits.h"
#include "kernels/state_arrays.h"

namespace regolith::test {

using regolith::sameBits;

// What moves every step (FieldChange::EveryStep): positions, orientations, velocities and
// the last contact force and torque of every owner.
inline void expectIdenticalOwnerStates(const StateArrays& a, const StateArrays& b) {
  forEachStateField(
      [](const StateField& f, const auto& x, const auto& y) {
        // Braces: EXPECT_TRUE is an if/else of its own.
        if (f.change == FieldChange::EveryStep) {
          EXPECT_TRUE(sameBits(x, y)) << f.member;
        }
      },
      a, b);
}

// Every field of the table.
inline void expectIdenticalStates(const StateArrays& a, const StateArrays& b) {
  forEachStateField([](const StateField& f, const auto& x, const auto& y) { EXPECT_TRUE(sameBits(x, y)) << f.member; },
                    a, b);
}

}  // namespace regolith::test
