// Planning a sweep (`regolith batch plan sweep.json --out DIR`, apps/batch_command.cpp):
// every run's scene built and validated first, then one folder per run
// (DIR/run_0007/scene.json) and the manifest.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "batch/manifest.h"
#include "scenes/scene.h"

namespace regolith::batch {

// One problem of one run's scene: the run, its readable name and the scene problem.
struct RunProblem {
  std::string runId;
  std::string runName;
  SceneProblem problem;
};

// Every problem of every run; what() lists them one per line as
//   <sweep file>: <run id> (<name>): <pointer>: found <found>, expected <expected>
class PlanError : public InvalidInputError {
 public:
  PlanError(const std::string& sweepFile, std::vector<RunProblem> problems);
  const std::vector<RunProblem>& problems() const { return m_problems; }

 private:
  std::vector<RunProblem> m_problems;
};

// Relative "file" values of the scene (clump templates, beds, meshes) made absolute when
// the file exists beside `sceneDir`, so the scene reads the same from any folder.
std::string absolutizeFiles(const std::string& sceneText, const std::string& sceneDir);

// Plans the sweep into `outDir` (created; refused when it already holds a manifest).
// Throws SceneError for a malformed sweep file, PlanError when any run's scene fails
// validation (nothing is written then). Returns the manifest written.
Manifest planSweep(const std::string& sweepPath, const std::string& outDir);

}  // namespace regolith::batch
