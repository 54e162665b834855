// The command line of the sphere benchmarks (settle, dense, wheel), shared by `regolith
// bench` (apps/bench_command.cpp) and the device kit's regolith_device_bench
// (bench/device_bench_main.cpp), so both take the same options with the same defaults.
// Header-only: CLI11 is needed where this is compiled, not at run time.
#pragma once

#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "bench/bench_runner.h"
#include "core/stream_settings.h"

namespace regolith {

struct BenchCommandLine {
  BenchOptions options;
  std::string mode = streamModeName(defaultStreamMode());  // verlet (core/stream_settings.h)
  std::string order = "as-built";
  bool json = false;
};

// Adds the subcommands settle, dense and wheel to `parent`, each writing into `line`.
inline void addBenchSceneCommands(CLI::App& parent, BenchCommandLine& line) {
  BenchOptions& bench = line.options;
  for (const char* scene : {"settle", "dense", "wheel"}) {
    const std::string name = scene;
    CLI::App* sub = parent.add_subcommand(
        scene, name == "settle"  ? "Spheres falling from a lattice into an open box and settling"
               : name == "dense" ? "The same spheres after they have settled (dense bed)"
                                 : "The dense bed with a grouser wheel mesh (528 triangles) "
                                   "driven through it");
    sub->add_option("--particles,-n", bench.particles, "number of spheres")
        ->check(CLI::Range(std::size_t(1), std::size_t(1) << 30))
        ->capture_default_str();
    sub->add_option("--steps,-s", bench.steps, "timed steps")->check(CLI::PositiveNumber)->capture_default_str();
    sub->add_option("--threads,-t", bench.threads, "OpenMP threads (CPU build; 0 = default)")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--margin", bench.margin, "contact-detection margin in m (default 0.002, the LIGGGHTS skin)")
        ->check(CLI::NonNegativeNumber);
    sub->add_flag("--json", line.json, "print one JSON object");
    sub->add_option("--mode", line.mode,
                    "contact detection: async (kinematic stream beside the dynamic one), "
                    "sync (rebuild every step, the reference) or verlet (rebuild on "
                    "displacement, as LIGGGHTS)")
        ->check(CLI::IsMember({"sync", "async", "verlet"}))
        ->capture_default_str();
    sub->add_option("--update-every", bench.streams.updateEvery,
                    "async: steps between snapshots for the kinematic stream")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    sub->add_option("--max-drift", bench.streams.maxDrift,
                    "async: D, most steps the dynamic stream may run past its list's snapshot")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    sub->add_option("--kinematic-threads", bench.streams.kinematicThreads,
                    "async, CPU build: OpenMP threads of the kinematic stream (0 = a quarter)")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--reorder-every", bench.streams.reorderEvery,
                    "renumber the particles by cell every this many steps inside the engine (0 = never)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    sub->add_option("--order", line.order,
                    "numbering of the particles: as-built (the scene's lattice order), morton (a "
                    "Z-order curve of cells: neighbours near in memory) or shuffled (at random)")
        ->check(CLI::IsMember({"as-built", "morton", "shuffled"}))
        ->capture_default_str();
    if (name != "settle") {
      sub->add_option("--max-settle-steps", bench.maxSettleSteps, "cap of the untimed settling phase")
          ->capture_default_str();
      sub->add_option("--bed-cache", bench.bedCache, "settled-bed cache file: loaded when it matches N, else written");
    }
    if (name != "wheel")
      sub->add_option("--template", bench.grain,
                      "the grains: sphere, or trio (three-sphere clumps, data/clumps/trio_irregular_1mm.json at 5x; "
                      "rates per clump and per sphere)")
          ->check(CLI::IsMember({"sphere", "trio"}))
          ->capture_default_str();
    if (name == "dense")
      sub->add_option("--periodic", bench.periodic,
                      "the bed with periodic boundaries instead of side walls along x, y or both, settled so "
                      "(docs/periodic.md; its --bed-cache is FILE.periodic-AXES)")
          ->check(CLI::IsMember({"x", "y", "xy"}));
  }
}

// Runs the scene whose subcommand (added by addBenchSceneCommands) was given and prints
// its result. Returns false when none of them was given.
inline bool runBenchSceneCommand(const CLI::App& parent, BenchCommandLine& line) {
  for (const CLI::App* sub : parent.get_subcommands()) {
    if (!*sub) continue;
    const std::string scene = sub->get_name();
    if (scene != "settle" && scene != "dense" && scene != "wheel") continue;
    line.options.streams.mode = parseStreamMode(line.mode);
    line.options.order = parseParticleOrder(line.order);
    const BenchResult r = scene == "dense"   ? runDenseBench(line.options)
                          : scene == "wheel" ? runWheelBench(line.options)
                                             : runSettleBench(line.options);
    std::cout << (line.json ? benchJson(r) : benchText(r)) << std::endl;
    return true;
  }
  return false;
}

}  // namespace regolith
