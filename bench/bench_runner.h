// Throughput benchmarks: time the stepping loop on the settling scene and report
// particle-steps per second, contacts per second and device bytes per particle.
#pragma once

#include "bench/particle_order.h"
#include "bench/settle_scene.h"

#include <cstdint>
#include <string>

#include "core/stream_settings.h"

namespace regolith {

struct BenchOptions {
  std::size_t particles = 10000;
  std::uint64_t steps = 1000;
  int threads = 0;                               // 0: the OpenMP default
  double margin = 0;                             // contact-detection margin [m]; 0: the scene's 2 mm
  std::uint64_t maxSettleSteps = 60000;          // dense, wheel: cap of the untimed settling phase
  std::string bedCache;                          // dense, wheel: settled-bed cache file ("" = none)
  StreamSettings streams;                        // mode and dual-stream settings
  ParticleOrder order = ParticleOrder::AsBuilt;  // numbering of the timed particles
  // dense: the axes ("x", "y" or "xy") along which the bed has periodic boundaries instead
  // of side walls, from its settling on (docs/periodic.md); "" for none
  std::string periodic;
  // settle, dense: the grains, "sphere" or "trio" (three-sphere clumps; bench/settle_scene.h)
  std::string grain = "sphere";
};

struct BenchResult {
  std::string scene;          // "settle", "dense" or "wheel"
  std::string grain;          // "sphere" or "trio"
  std::size_t particles = 0;  // owners: spheres, or clumps
  std::size_t spheres = 0;    // of the particles
  double sphereStepsPerSecond = 0;
  std::uint64_t steps = 0;
  double wallSeconds = 0;
  double particleStepsPerSecond = 0;
  std::size_t contacts = 0;      // touching sphere–sphere pairs at the end
  std::size_t wallContacts = 0;  // touching sphere–wall pairs at the end
  std::size_t candidates = 0;    // candidate pairs (sphere–sphere + wall) at the end
  std::size_t nearPairs = 0;     // sphere–sphere candidates the pair pass visits, at the end
  std::uint64_t nearMarks = 0;   // times the near pairs were marked during the timed steps
  double meanContacts = 0;       // sphere–sphere + wall, sampled over the timed steps
  double contactsPerSecond = 0;  // meanContacts * steps / wallSeconds
  double bytesPerParticle = 0;   // device memory / particles (the engine's count of its arrays)
  // CUDA: the most device memory in use at once during the timed steps (the pool's
  // high-water mark: the arrays and every temporary, on both streams) / particles; the
  // measured figure to plan a larger run by. Negative on the CPU build (no device pool).
  double poolPeakBytesPerParticle = -1;
  std::uint64_t rebuilds = 0;     // contact-list builds during the timed steps (both streams)
  std::string mode;               // sync, async or verlet
  StreamStats streams;            // dual-stream counters of the timed steps (async)
  std::uint64_t settleSteps = 0;  // dense, wheel: untimed steps taken to settle
  std::size_t triangles = 0;      // wheel: mesh triangles
  std::string backend;
  std::string cpuVector;  // the CPU pair loop's vector level (kernels/stages.h); "none" on CUDA
  int threads = 0;
  std::string order;     // particle numbering (bench/particle_order.h)
  int reorderEvery = 0;  // the engine's renumbering by cell, every this many steps (0: never)
  std::string periodic;  // the periodic axes of the timed steps ("" for none)
};

BenchResult runSettleBench(const BenchOptions& o);
// The bed of the dense and wheel benches: the settling scene with its spheres settled
// (untimed, in verlet mode) or loaded from o.bedCache; `settled` is the steps that took.
// The Python bench (python3 -m regolith.bench) steps the same bed.
SettleScene settledScene(const BenchOptions& o, std::uint64_t& settled);
BenchResult runDenseBench(const BenchOptions& o);
// The dense bed with a grouser wheel mesh driven through it (bench/wheel_scene.h).
BenchResult runWheelBench(const BenchOptions& o);

std::string benchJson(const BenchResult& r);
std::string benchText(const BenchResult& r);

}  // namespace regolith
