// The CUDA build's device memory comes from one stream-ordered pool that keeps what is
// freed (kernels/stream_memory.h, issue 25 hazard 4): no cudaMalloc or cudaFree, which
// synchronise the device, inside a step. Skipped on the CPU build, which has no device
// pool; the device kit (scripts/device-check.sh) runs it on a GPU.
#include <gtest/gtest.h>

#include "core/simulation.h"
#include "kernels/stages.h"
#include "tests/support/drum_scene.h"

namespace regolith {
namespace {

TEST(DeviceMemory, EngineArraysComeFromAPoolThatKeepsFreedMemory) {
  if (backendName() != "cuda") {
    EXPECT_FALSE(devicePoolStats().pooled);
    GTEST_SKIP() << "the CPU build has no device memory pool";
  }
  for (StreamMode mode : {StreamMode::Async, StreamMode::Verlet}) {
    SCOPED_TRACE(streamModeName(mode));
    test::DrumScene d = test::drumScene();
    d.model.streams.mode = mode;
    Simulation sim(d.model, d.state);
    sim.step(1000);  // lists rebuilt and adopted many times, temporaries made and freed
    const DevicePoolStats pool = devicePoolStats();
    ASSERT_TRUE(pool.pooled);
    EXPECT_EQ(pool.releaseThreshold, ~0ull) << "freed memory must stay in the pool";
    // Every array the engine holds is in use from the pool (a device vector that went to
    // cudaMalloc would not count here).
    EXPECT_GE(pool.used, sim.deviceBytes());
    // Another 1000 steps of the same drum reuse what the first ones freed.
    const unsigned long long reserved = pool.reserved;
    sim.step(1000);
    EXPECT_LE(devicePoolStats().reserved, reserved + reserved / 4);
  }
}

}  // namespace
}  // namespace regolith
