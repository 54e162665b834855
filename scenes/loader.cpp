// loadScene / parseScene: parse, validate against the schema, then build stage by stage,
// collecting every problem before throwing one SceneError.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "scenes/scene.h"
#include "io/json/regular_file.h"
#include "scenes/build.h"
#include "io/json/json_document.h"
#include "scenes/schema.h"

namespace regolith {
namespace {

std::string describeProblems(const std::string& file, const std::vector<SceneProblem>& problems,
                             const std::vector<std::string>& warnings) {
  std::string out;
  for (const SceneProblem& p : problems) {
    if (!out.empty()) out += '\n';
    out += scene::printable(file + ": " + p.pointer + ": found " + p.found + ", expected " + p.expected);
  }
  for (const std::string& w : warnings) out += '\n' + scene::printable(file + ": warning: " + w);
  return out;
}

// The meaning stages, in order, on a document the schema accepted: each records its
// problems in the context and builds what it can.
void buildStages(scene::BuildContext& c) {
  scene::buildSettings(c);
  scene::buildMaterials(c);
  scene::buildFamilies(c);
  scene::buildTemplates(c);
  scene::buildBodies(c);
  scene::readDomain(c);
  scene::buildSources(c);
  scene::buildDomain(c);
  scene::buildStudy(c);
  scene::checkInitialOverlaps(c);
  scene::checkPlausibility(c);
  scene::checkTimeStep(c);
}

}  // namespace

SceneError::SceneError(std::string file, std::vector<SceneProblem> problems, const std::vector<std::string>& warnings)
    : InvalidInputError(describeProblems(file, problems, warnings), problemPlace(file, problems)),
      m_file(std::move(file)),
      m_problems(std::move(problems)) {}

std::uint64_t stepsFor(double seconds, double dt) {
  if (!(dt > 0)) return 0;
  const double steps = std::round(seconds / dt);
  // Saturate rather than overflow the conversion (validation refuses such scenes).
  if (!(steps < 1.8e19)) return std::numeric_limits<std::uint64_t>::max();
  return steps > 0 ? static_cast<std::uint64_t>(steps) : 0;
}

std::uint64_t sceneSteps(const Scene& s) { return stepsFor(s.endTime, s.model.timeStep); }

Scene parseScene(const std::string& text, const std::string& file, const std::string& baseDir,
                 const std::vector<std::string>& coupledBodies) {
  std::vector<SceneProblem> problems;
  const std::optional<scene::Json> read = scene::readDocument(text, problems);
  if (!read) throw SceneError(file, std::move(problems));
  const scene::Json& doc = *read;

  // Structure first: the builder relies on every type and required key being right.
  for (SceneProblem& p : scene::schemaProblems(doc)) {
    bool nonFinite = false;  // the finiteness problem already covers that value
    for (std::size_t i = 0; i < problems.size() && !nonFinite; ++i)
      nonFinite = problems[i].pointer == p.pointer && problems[i].expected == "a finite number";
    if (!nonFinite) problems.push_back(std::move(p));
  }
  if (!problems.empty()) {
    // Unknown keys (a typo, a key of another version) are the structure problems that can
    // be set aside: without them the document may be sound, and then the meaning stages
    // run on it too, so one pass shows both kinds (an unknown key and an undefined family).
    scene::Json trimmed = doc;
    bool onlyUnknownKeys = true;
    for (const SceneProblem& p : problems) {
      if (p.found.rfind("unknown key ", 0) != 0 || p.pointer.empty()) {
        onlyUnknownKeys = false;
        break;
      }
      const scene::Json::json_pointer key(p.pointer);
      if (trimmed.contains(key)) trimmed.at(key.parent_pointer()).erase(key.back());
    }
    if (onlyUnknownKeys && scene::schemaProblems(trimmed).empty()) {
      Scene s;
      s.file = file;
      s.text = text;
      scene::BuildContext c(trimmed, baseDir, s);
      c.coupledBodies = coupledBodies;
      buildStages(c);
      problems.insert(problems.end(), c.problems.begin(), c.problems.end());
      throw SceneError(file, std::move(problems), s.warnings);
    }
    throw SceneError(file, std::move(problems));
  }

  Scene s;
  s.file = file;
  s.text = text;
  scene::BuildContext c(doc, baseDir, s);
  c.coupledBodies = coupledBodies;
  buildStages(c);
  // The warnings go with the problems: a unit slip (a wheel radius in mm) often shows
  // first as a problem elsewhere (the body overlaps the bed).
  if (!c.problems.empty()) throw SceneError(file, std::move(c.problems), s.warnings);

  s.initial = c.world.take();
  std::ostringstream rngState;
  rngState << c.rng;
  s.rngState = rngState.str();
  return s;
}

// The document with `overrides` applied (scenes/scene.h), or the text as it was without any.
std::string applyOverrides(const std::string& text, const std::string& path,
                           const std::vector<std::string>& overrides) {
  if (overrides.empty()) return text;
  std::vector<SceneProblem> problems;
  std::optional<scene::Json> doc = scene::readDocument(text, problems);
  if (!doc) throw SceneError(path, std::move(problems));
  for (const std::string& o : overrides) {
    const std::size_t eq = o.find('=');
    if (eq == std::string::npos || o.empty() || o[0] != '/') {
      problems.push_back({"", "--set " + o, "--set POINTER=VALUE with a JSON pointer such as /study/slip=0.2"});
      continue;
    }
    const std::string pointer = o.substr(0, eq), text = o.substr(eq + 1);
    scene::Json value = scene::Json::parse(text, nullptr, false);
    if (value.is_discarded()) value = text;  // a bare word: a string
    try {
      const scene::Json::json_pointer p(pointer);
      if (!doc->contains(p.parent_pointer()))
        problems.push_back({pointer, "--set " + o + " with no " + p.parent_pointer().to_string() + " to put it in",
                            "a pointer whose parent exists in the scene"});
      else (*doc)[p] = value;
    } catch (const std::exception& e) {
      problems.push_back({pointer, "--set " + o + " (" + e.what() + ")", "a JSON pointer into the scene"});
    }
  }
  if (!problems.empty()) throw SceneError(path, std::move(problems));
  return doc->dump(2) + "\n";
}

Scene loadScene(const std::string& path, const std::vector<std::string>& overrides,
                const std::vector<std::string>& coupledBodies) {
  if (const std::optional<std::string> found = notARegularFile(path))
    throw SceneError(path, {{"", *found, "a scene file (JSON) at this path"}});
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  if (in) text << in.rdbuf();
  if (!in) throw SceneError(path, {{"", "no readable file", "a scene file (JSON) at this path"}});
  const std::size_t slash = path.find_last_of('/');
  const std::string baseDir = slash == std::string::npos ? "." : path.substr(0, slash);
  return parseScene(applyOverrides(text.str(), path, overrides), path, baseDir.empty() ? "/" : baseDir, coupledBodies);
}

}  // namespace regolith
