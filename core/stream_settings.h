// How contact detection runs beside the integration: the modes of the dual-stream engine
// and their settings (docs/ARCHITECTURE.md, "Dual-stream engine").
#pragma once

#include <cstdint>
#include <string>

namespace regolith {

enum class StreamMode {
  // Rebuild the candidate lists every step, in the stepping thread: the reference.
  Sync,
  // The kinematic stream builds lists on its own thread from snapshots the dynamic stream
  // publishes; the dynamic stream adopts them and stays at most maxDrift steps ahead.
  Async,
  // One stream; rebuild once any sphere has moved half the margin (the Verlet-list rule
  // of LIGGGHTS and most MD codes), used for the side-by-side LIGGGHTS benchmark.
  Verlet,
};

std::string streamModeName(StreamMode m);
// Parses "sync", "async" or "verlet"; throws std::invalid_argument naming the choices.
StreamMode parseStreamMode(const std::string& name);

// The mode a scene gets without `streams.mode`: verlet on both backends, the faster one on
// every bench measured (docs/performance.md). On two CPU cores verlet, which spends every
// thread on the forces and rebuilds only when a sphere has moved half the margin, was
// 1.2-2.4 times faster than async, which gives one core to a kinematic stream that rebuilds
// every update_every steps. On an H200 (2026-12-04, the first GPU runs) verlet was
// 1.03-1.23 times faster than async at its defaults on settled dense beds of 1e4-1e6
// spheres, and 1.11 times on settling and on the wheel: async's 99 builds in 1000 steps
// cost more than building on the other stream saves. Async with snapshots every 25 steps
// was 4 % faster than verlet at 1e6 (three interleaved runs), a setting for large runs on a
// GPU rather than a default. The forces are the same bit for bit in every mode
// (GoldenReference, DualStream): the choice changes speed only.
StreamMode defaultStreamMode();

struct StreamSettings {
  StreamMode mode = defaultStreamMode();
  // Async: a snapshot for the kinematic stream every this many steps.
  int updateEvery = 10;
  // Async: D, the most steps the dynamic stream may run past the snapshot its list was
  // built from. The list margin covers D steps of motion.
  int maxDrift = 50;
  // Async: factor on the measured largest speed when sizing the margin.
  double safety = 1.5;
  // Async: margin added to the speed-based one [m]; negative selects 0.1 x r_min.
  double marginExtra = -1;
  // Async, CPU build: OpenMP threads of the kinematic stream; 0 selects a quarter of the
  // thread budget (at least one). The dynamic stream gets the rest (at least one).
  int kinematicThreads = 0;
  // Every mode: renumber the lone-sphere owners along a Z-order curve of cells every this
  // many steps, so neighbours in space stay neighbours in memory (0: never). The results
  // change only by round-off (the order contacts are summed in); what a user reads stays
  // in the scene's numbering (core/particle_numbering.h).
  int reorderEvery = 0;
};

// Throws std::invalid_argument naming the setting and the expected range.
void validateStreamSettings(const StreamSettings& s);

// Counters of a run (async mode; sync and verlet report only builds and renumberings).
struct StreamStats {
  std::uint64_t builds = 0;          // lists built (by either stream)
  std::uint64_t adopted = 0;         // kinematic lists adopted by the dynamic stream
  std::uint64_t discarded = 0;       // kinematic lists too old or built for a lower speed
  std::uint64_t waits = 0;           // steps at which the dynamic stream waited for a list
  std::uint64_t forcedRebuilds = 0;  // speed above the margin's assumption: rebuilt at once
  std::uint64_t steps = 0;           // async steps counted in the lag
  std::uint64_t lagSum = 0;          // sum over steps of (step - snapshot step of the list)
  std::uint64_t maxLag = 0;
  std::uint64_t renumberings = 0;  // particles renumbered by cell (streams.reorder_every)
  double waitSeconds = 0;
  double meanLag() const { return steps ? double(lagSum) / double(steps) : 0.0; }
};

}  // namespace regolith
