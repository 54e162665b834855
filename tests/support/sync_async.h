// The async stream mode against the sync reference, bit for bit: DualStream's comparison,
// shared with the periodic determinism tests.
#pragma once

#include <cstdint>

#include "core/simulation.h"
#include "tests/support/state_compare.h"

namespace regolith::test {

// The sync reference and an async run that adopts many lists in a short run (a snapshot
// every 5 steps, at most 20 steps past it) of one model.
struct SyncAndAsync {
  Model sync, async;
};
inline SyncAndAsync syncAndAsync(const Model& m) {
  SyncAndAsync out{m, m};
  out.sync.streams.mode = StreamMode::Sync;
  out.async.streams.mode = StreamMode::Async;
  out.async.streams.updateEvery = 5;
  out.async.streams.maxDrift = 20;
  return out;
}

// Steps both runs `chunks` times by `steps`, expecting the same owner states to the bit
// after each chunk.
inline void expectTheSameBitsChunkByChunk(Simulation& a, Simulation& b, int chunks, std::uint64_t steps) {
  for (int chunk = 0; chunk < chunks; ++chunk) {
    a.step(steps);
    b.step(steps);
    expectIdenticalOwnerStates(a.state(), b.state());
  }
}

}  // namespace regolith::test
