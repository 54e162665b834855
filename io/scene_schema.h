// Structural validation of scene documents against io/scene.schema.json (valijson), with
// valijson's results turned into SceneProblems: RFC 6901 pointers, "found X, expected Y"
// messages from the schema itself, one problem per offending value.
#pragma once

#include <string>
#include <vector>

#include "io/scene.h"
#include "io/scene_json.h"

namespace regolith::scene {

// The schema file: $REGOLITH_SCHEMA if set, else the package's scene.schema.json (io/data_files.h).
std::string schemaPath();

// The parsed schema (read once). Throws std::runtime_error if it cannot be read: that is
// an installation problem, not a problem of the scene.
const Json& schemaDocument();

// Problems of `doc` against the schema root, or against one of its definitions (e.g.
// "clump_file" for the files of data/clumps/). Empty if it conforms.
std::vector<SceneProblem> schemaProblems(const Json& doc, const std::string& definition = "");

// The same validation and messages against another schema document (e.g. the sweep files'
// batch/sweep.schema.json), compiled for this call.
std::vector<SceneProblem> schemaProblemsAgainst(const Json& doc, const Json& schemaRoot);

}  // namespace regolith::scene
