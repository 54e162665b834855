// One thing wrong with a JSON document (a scene, a sweep file): where it is (an RFC 6901
// JSON pointer, "" for the whole document), what was found and what was expected. The
// scene compiler calls it SceneProblem (scenes/scene.h).
#pragma once

#include <string>
#include <vector>

namespace regolith {

struct JsonProblem {
  std::string pointer;
  std::string found;
  std::string expected;
};

// Where a document's problems are, as one place: "file#/pointer" (the pointer as a URI
// fragment, RFC 6901 section 6) when they are all at one pointer, else the file alone.
inline std::string problemPlace(const std::string& file, const std::vector<JsonProblem>& problems) {
  if (problems.empty()) return file;
  for (const JsonProblem& p : problems)
    if (p.pointer != problems.front().pointer) return file;
  return file + "#" + problems.front().pointer;
}

}  // namespace regolith
