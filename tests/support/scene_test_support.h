// Helpers of the SceneValidation tests: the smoke scene to break, and assertions on the
// problems a refused scene reports.
#pragma once

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "scenes/scene.h"

namespace regolith::test {

using Json = nlohmann::json;

inline const std::string kSourceDir = REGOLITH_SOURCE_DIR;
inline const std::string kDemoDir = kSourceDir + "/scenes/demo";

inline std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The smoke twin of the demo scene: a small, complete, valid scene to break one way.
inline Json smokeScene() { return Json::parse(readText(kDemoDir + "/demo.smoke.json")); }

inline Scene parse(const std::string& text, const std::string& dir = kDemoDir) {
  return parseScene(text, "scene.json", dir);
}

// The problems of a scene that must be refused (its relative file names resolved in `dir`).
inline std::vector<SceneProblem> problemsOfText(const std::string& text, const std::string& dir = kDemoDir) {
  try {
    parse(text, dir);
  } catch (const SceneError& e) {
    EXPECT_EQ(e.file(), "scene.json");
    EXPECT_FALSE(e.problems().empty());
    return e.problems();
  }
  ADD_FAILURE() << "the scene was accepted";
  return {};
}
inline std::vector<SceneProblem> problemsOf(const Json& doc, const std::string& dir = kDemoDir) {
  return problemsOfText(doc.dump(1), dir);
}

inline std::string listed(const std::vector<SceneProblem>& ps) {
  std::string out;
  for (const SceneProblem& p : ps) out += "  " + p.pointer + ": found " + p.found + ", expected " + p.expected + "\n";
  return out;
}

// A problem at exactly `pointer` whose found and expected texts contain the given words.
inline void expectProblem(const std::vector<SceneProblem>& ps, const std::string& pointer, const std::string& found,
                          const std::string& expected) {
  const bool present = std::any_of(ps.begin(), ps.end(), [&](const SceneProblem& p) {
    return p.pointer == pointer && p.found.find(found) != std::string::npos &&
           p.expected.find(expected) != std::string::npos;
  });
  EXPECT_TRUE(present) << "no problem at " << pointer << " with found ~ '" << found << "', expected ~ '" << expected
                       << "' among:\n"
                       << listed(ps);
}

}  // namespace regolith::test
