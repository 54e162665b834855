// Where the package's data files are: the scene and sweep schemas, the clump templates,
// the plotting script and the example scenes (share/regolith/).
//
// They are looked up next to the running program (or the Python extension module that
// holds this code), never at a path compiled in: an installed `<prefix>/bin/regolith` and
// `<prefix>/lib/python3.X/dist-packages/regolith/` read `<prefix>/share/regolith/`, so an
// install tree can be moved to another prefix; in the build tree CMake stages the same
// folder as `<build>/share/regolith/` beside `<build>/apps/`, `<build>/tests/` and
// `<build>/python/`. Environment
// variables override single files (development: REGOLITH_SCHEMA, REGOLITH_SWEEP_SCHEMA,
// REGOLITH_CLUMPS, REGOLITH_PLOT_SCRIPT) or the whole folder (REGOLITH_DATA_DIR).
#pragma once

#include <string>

namespace regolith {

// The share/regolith folder: $REGOLITH_DATA_DIR, else the nearest <ancestor>/share/regolith
// holding scene.schema.json, from the folder of the running program (or of the shared
// object holding this code) up to five levels. Throws std::runtime_error naming every
// place looked at when there is none.
std::string dataDirectory();

// `relative` inside dataDirectory(), or the value of `overrideVariable` when it is set and
// not empty (nullptr: no override).
std::string dataFile(const std::string& relative, const char* overrideVariable = nullptr);

}  // namespace regolith
