// Planning a sweep: overrides per run (the loader's own --set), a full validation of every
// run's scene before anything is written, then the run folders and the manifest.
#include "batch/plan.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "batch/sweep.h"
#include "io/input_file_error.h"

namespace regolith::batch {
namespace {

namespace fs = std::filesystem;

std::string describe(const std::string& file, const std::vector<RunProblem>& problems) {
  std::string out;
  for (const RunProblem& p : problems) {
    if (!out.empty()) out += '\n';
    out += file + ": " + p.runId + (p.runName.empty() ? "" : " (" + p.runName + ")") + ": " +
           (p.problem.pointer.empty() ? "(document)" : p.problem.pointer) + ": found " + p.problem.found +
           ", expected " + p.problem.expected;
  }
  return out;
}

void absolutize(Json& j, const fs::path& dir) {
  if (j.is_object()) {
    for (auto& [key, value] : j.items()) {
      if (key == "file" && value.is_string()) {
        const fs::path f(value.get<std::string>());
        std::error_code error;
        if (!f.is_absolute() && fs::exists(dir / f, error)) value = fs::absolute(dir / f).lexically_normal().string();
      } else {
        absolutize(value, dir);
      }
    }
  } else if (j.is_array()) {
    for (Json& v : j) absolutize(v, dir);
  }
}

std::string readBaseScene(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

PlanError::PlanError(const std::string& sweepFile, std::vector<RunProblem> problems)
    : InvalidInputError(describe(sweepFile, problems), sweepFile), m_problems(std::move(problems)) {}

std::string absolutizeFiles(const std::string& sceneText, const std::string& sceneDir) {
  Json doc = Json::parse(sceneText);
  absolutize(doc, fs::path(sceneDir));
  return doc.dump(2) + "\n";
}

Manifest planSweep(const std::string& sweepPath, const std::string& outDir) {
  const Sweep sweep = loadSweep(sweepPath);
  const std::vector<SweepPoint> points = expandSweep(sweep);
  if (fs::exists(fs::path(outDir) / "manifest.json"))
    throw InputFileError((fs::path(outDir) / "manifest.json").string(), "(file)", "a batch already planned here",
                         "--out naming a new folder");

  const std::string baseText = readBaseScene(sweep.scenePath);
  const std::string sceneDir = fs::absolute(sweep.scenePath).parent_path().string();
  // Build and validate every run's scene; collect every problem.
  std::vector<RunProblem> problems;
  std::vector<std::string> texts;
  for (const SweepPoint& p : points) {
    const std::string label = sweepPath + " " + p.id;
    try {
      // One override at a time, so a pointer that cannot be set does not hide what the
      // others' values do to the scene.
      std::string text = baseText;
      bool overridden = true;
      for (const std::string& o : p.overrides()) {
        try {
          text = applyOverrides(text, label, {o});
        } catch (const SceneError& e) {
          for (const SceneProblem& q : e.problems()) problems.push_back({p.id, p.name, q});
          overridden = false;
        }
      }
      text = absolutizeFiles(text, sceneDir);
      (void)parseScene(text, label, sceneDir);
      if (overridden) texts.push_back(text);
    } catch (const SceneError& e) {
      for (const SceneProblem& q : e.problems()) problems.push_back({p.id, p.name, q});
    } catch (const Json::exception& e) {
      problems.push_back({p.id, p.name, {"", e.what(), "a JSON scene"}});
    }
  }
  if (!problems.empty()) throw PlanError(sweepPath, std::move(problems));

  Manifest m;
  m.sweepFile = fs::absolute(sweepPath).lexically_normal().string();
  m.sceneFile = fs::absolute(sweep.scenePath).lexically_normal().string();
  m.hasStudy = Json::parse(texts.front()).contains("study");
  for (const SweepAxis& a : sweep.axes) m.parameters.push_back({a.name, a.pointer});
  fs::create_directories(outDir);
  for (std::size_t i = 0; i < points.size(); ++i) {
    const SweepPoint& p = points[i];
    const fs::path runDir = fs::path(outDir) / p.id;
    fs::create_directories(runDir);
    writeFileAtomically((runDir / "scene.json").string(), texts[i]);
    ManifestRun run;
    run.id = p.id;
    run.name = p.name;
    for (std::size_t a = 0; a < sweep.axes.size(); ++a) run.values[sweep.axes[a].name] = p.values[a];
    const Json scene = Json::parse(texts[i]);
    if (scene.contains("seed") && scene["seed"].is_number_integer()) run.seed = scene["seed"].get<std::int64_t>();
    m.runs.push_back(std::move(run));
  }
  writeManifest(outDir, m);
  return m;
}

}  // namespace regolith::batch
