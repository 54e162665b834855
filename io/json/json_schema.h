// Structural validation of JSON documents against a JSON Schema (valijson): the scene
// schema (scenes/schema.h) and the sweep files' (batch/sweep.schema.json). valijson's
// results become JsonProblems: RFC 6901 pointers, "found X, expected Y" messages from the
// schema itself, one problem per offending value.
#pragma once

#include <string>
#include <vector>

#include "io/json/json_pointer.h"
#include "io/json/json_problem.h"

namespace regolith::json {

// Problems of `doc` against `schemaRoot`, or against one of its definitions (e.g.
// "clump_file"); empty if it conforms. The compiled schema is kept for the rest of the
// process, keyed by the root's address: `schemaRoot` must live as long (a static document).
std::vector<JsonProblem> schemaProblemsCached(const Json& doc, const Json& schemaRoot,
                                              const std::string& definition = "");

// The same validation and messages against a schema compiled for this call only.
std::vector<JsonProblem> schemaProblemsAgainst(const Json& doc, const Json& schemaRoot);

}  // namespace regolith::json
