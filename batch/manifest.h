// A batch folder's manifest: DIR/manifest.json (the record the commands read) and
// DIR/manifest.csv (the same runs as a table), both replaced atomically (temp + rename).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace regolith::batch {

using Json = nlohmann::json;

// Run states: pending (never started), running (a runner holds it, or held it when it was
// killed), interrupted (stopped with a checkpoint: resumable), finished (run and metrics
// done), failed (an exit code other than 0, recorded with the log's tail).
inline constexpr const char* kPending = "pending";
inline constexpr const char* kRunning = "running";
inline constexpr const char* kInterrupted = "interrupted";
inline constexpr const char* kFinished = "finished";
inline constexpr const char* kFailed = "failed";

struct ManifestParameter {
  std::string name;     // column name
  std::string pointer;  // where the value goes in the scene
};

struct ManifestRun {
  std::string id;                    // run_0007: also its folder DIR/run_0007
  std::string name;                  // "friction=0.3 seed=43"
  Json values = Json::object();      // parameter name -> value
  std::optional<std::int64_t> seed;  // the scene's /seed as run
  std::string status = kPending;
  double wallSeconds = 0;       // over all attempts
  std::optional<int> exitCode;  // of the last attempt
  std::string result;           // DIR-relative: run_0007/metrics.json once finished
  std::string logTail;          // last lines of run_0007/log.txt after a failure
  int attempts = 0;
  long pid = 0;  // the child while running (0: none)
};

struct Manifest {
  std::string sweepFile;  // absolute
  std::string sceneFile;  // the base scene, absolute
  bool hasStudy = false;  // the scene has a study: runs end with `regolith metrics`
  std::vector<ManifestParameter> parameters;
  std::vector<ManifestRun> runs;
  std::string slurmJob;  // the array job id after `batch slurm --submit`
};

Json toJson(const Manifest& m);
// InputFileError (io/input_file_error.h) naming `file` and the field's JSON pointer when a
// field has the wrong type, a run id is not a plain folder name or a status is unknown.
Manifest manifestFromJson(const Json& j, const std::string& file = "manifest.json");

// Reads DIR/manifest.json; InputFileError naming it when missing, unreadable or malformed
// (the commands exit 2 for it, as for any invalid input).
Manifest readManifest(const std::string& dir);
// Writes DIR/manifest.json and DIR/manifest.csv, each to a temporary file then renamed.
void writeManifest(const std::string& dir, const Manifest& m);
// The CSV text: id,name,<parameters>,seed,status,wall_time_s,exit_code,result.
std::string manifestCsv(const Manifest& m);

// Writes `text` to `path` atomically (path.tmp.<pid>, then rename).
void writeFileAtomically(const std::string& path, const std::string& text);

// A CSV field, quoted when it holds a comma, quote or newline.
std::string csvField(const std::string& s);
// A JSON value as a CSV cell: strings bare, numbers as JSON writes them, null empty.
std::string csvCell(const Json& v);

}  // namespace regolith::batch
