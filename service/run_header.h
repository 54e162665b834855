// What a run file says about the scene it comes from (/meta, /templates, /materials,
// /series names), shared by `regolith run` and `regolith bed`.
#pragma once

#include <string>
#include <vector>

#include "io/run_file/run_file.h"
#include "scenes/scene.h"

namespace regolith {

// Every named body has a series: moving ones their motion and loads, static ones (a
// floor, a container) their loads.
std::vector<const SceneBody*> recordedBodies(const Scene& scene);

// The wall-clock time now, UTC, ISO 8601 ("2026-12-03T10:04:48Z"): a run's start time
// (also `regolith robot`'s).
std::string utcNow();

// The header of a run file for `scene`, with this build's version, revision and backend
// and the wall-clock start time (UTC, ISO 8601).
RunHeader runHeaderOf(const Scene& scene);

}  // namespace regolith
