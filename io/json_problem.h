// One thing wrong with a JSON document (a scene, a sweep file): where it is (an RFC 6901
// JSON pointer, "" for the whole document), what was found and what was expected. The
// scene compiler calls it SceneProblem (scenes/scene.h).
#pragma once

#include <string>

namespace regolith {

struct JsonProblem {
  std::string pointer;
  std::string found;
  std::string expected;
};

}  // namespace regolith
