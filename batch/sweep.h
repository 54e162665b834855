// Sweep files (docs/batch.md): a base scene and the axes whose values are set in it, read
// and checked against batch/sweep.schema.json, and expanded into the list of runs.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "scenes/scene.h"

namespace regolith::batch {

using Json = nlohmann::json;

// One swept value: a JSON pointer into the scene and the values it takes.
struct SweepAxis {
  std::string name;     // readable column name ("friction"), from the pointer when not given
  std::string pointer;  // RFC 6901, e.g. /materials/0/friction
  std::vector<Json> values;
  std::string group;  // axes of one group are zipped; groups combine as a product
};

struct Sweep {
  std::string file;       // the sweep file as given
  std::string scenePath;  // the base scene, resolved against the sweep file's folder
  std::vector<SweepAxis> axes;
  int repeats = 1;                        // replicates per parameter point
  std::optional<std::int64_t> seedStart;  // first replicate's seed (repeats > 1)
};

// One run of the sweep before it is written: its id, readable name and the values.
struct SweepPoint {
  std::string id;                    // run_0000, run_0001, ...
  std::string name;                  // "friction=0.3 slip=0.1 seed=43"
  std::vector<Json> values;          // one per axis
  std::optional<std::int64_t> seed;  // set by `repeats`
  // The overrides that make its scene: POINTER=VALUE (scenes/scene.h applyOverrides).
  std::vector<std::string> overrides() const;
  const std::vector<SweepAxis>* axes = nullptr;
};

// The most runs one sweep may expand to. Every run is a folder, a validated scene and a
// DEM run of seconds to hours, and `batch run` rewrites the whole manifest (about 300 bytes
// a run) at every start and end. Measured: planning 1,000 runs of the batch test scene
// took 29 s and 8 MB on a loaded 2-core machine, so 100,000 runs are already about an hour
// of planning, 0.8 GB of folders and a 30 MB manifest written 200,000 times, past any
// Slurm job array (MaxArraySize defaults to 1001). A larger count is a typo (1e6 repeats,
// a step of 1e-9), refused before anything is allocated for it; a real campaign that size
// is several sweeps.
inline constexpr std::size_t kMaxSweepRuns = 100000;

// The schema file: $REGOLITH_SWEEP_SCHEMA if set, else the package's (io/json/data_files.h).
std::string sweepSchemaPath();

// Reads and checks a sweep file; SceneError naming the file with every problem (JSON
// pointer into the sweep file, found, expected), among them a range, repeats or product
// of axes that would make more than kMaxSweepRuns runs (the count it would make named).
Sweep loadSweep(const std::string& path);

// The number of runs `expandSweep` makes (the product of the groups' lengths times the
// repeats), saturating at SIZE_MAX instead of overflowing.
std::size_t sweepRunCount(const Sweep& sweep);

// The runs of a sweep, in order: groups (axes without a group are each their own) combine
// as a product, the last one varying fastest; replicates innermost. SceneError when the
// axes of a zipped group differ in length, or when they make more than kMaxSweepRuns runs
// (checked before any run is built).
std::vector<SweepPoint> expandSweep(const Sweep& sweep);

// "run_0007": ids are zero-padded to 4 digits (more when the sweep is larger).
std::string runId(std::size_t index, std::size_t total);

}  // namespace regolith::batch
