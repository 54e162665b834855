// The scene schema (scenes/scene.base.schema.json with every study's fragment
// studies/<kind>/<kind>.schema.json, composed at build time into
// share/regolith/scene.schema.json by cmake/RegolithComposeSchema.cmake) and validation of
// scene documents against it, through io/json_schema.h.
#pragma once

#include <string>
#include <vector>

#include "io/json/json_pointer.h"
#include "scenes/scene.h"

namespace regolith::scene {

using json::Json;

// The schema file: $REGOLITH_SCHEMA if set, else the package's scene.schema.json (io/json/data_files.h).
std::string schemaPath();

// The parsed schema (read once). Throws std::runtime_error if it cannot be read: that is
// an installation problem, not a problem of the scene.
const Json& schemaDocument();

// Problems of `doc` against the schema root, or against one of its definitions (e.g.
// "clump_file" for the files of data/clumps/). Empty if it conforms.
std::vector<SceneProblem> schemaProblems(const Json& doc, const std::string& definition = "");

}  // namespace regolith::scene
