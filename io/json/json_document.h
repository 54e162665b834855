// Reading JSON text into a document for validation: syntax errors become one problem with
// line and column; numbers beyond a double's range (1e999, which nlohmann refuses as a
// whole-document error) become one problem each, with their JSON pointer, and read as 0
// so validation can go on and report everything else too.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "io/json/json_problem.h"
#include "io/json/json_pointer.h"

namespace regolith::json {

// The deepest nesting of arrays and objects a document may have (io/json/json_document.cpp
// says why there is a bound); the Python module's conversion of dicts keeps to it too.
inline constexpr std::size_t kMaxJsonDepth = 512;

// The document, or nullopt after a syntax error, a NUL byte, a key given twice in one
// object or nesting deeper than kMaxJsonDepth. Appends problems either way.
std::optional<Json> readDocument(const std::string& text, std::vector<JsonProblem>& problems);

}  // namespace regolith::json
