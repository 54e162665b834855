// Reading JSON text into a document for validation: syntax errors become one problem with
// line and column; numbers beyond a double's range (1e999, which nlohmann refuses as a
// whole-document error) become one problem each, with their JSON pointer, and read as 0
// so validation can go on and report everything else too.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "io/json_problem.h"
#include "io/json_pointer.h"

namespace regolith::json {

// The document, or nullopt after a syntax error. Appends problems either way.
std::optional<Json> readDocument(const std::string& text, std::vector<JsonProblem>& problems);

}  // namespace regolith::json
