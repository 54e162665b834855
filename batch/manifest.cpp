// The batch manifest: JSON and CSV forms, atomic replacement.
#include "batch/manifest.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "io/input_file_error.h"

namespace regolith::batch {

namespace fs = std::filesystem;

Json toJson(const Manifest& m) {
  Json j;
  j["format"] = "regolith-batch-manifest 1";
  j["sweep"] = m.sweepFile;
  j["scene"] = m.sceneFile;
  j["has_study"] = m.hasStudy;
  j["parameters"] = Json::array();
  for (const ManifestParameter& p : m.parameters) j["parameters"].push_back({{"name", p.name}, {"pointer", p.pointer}});
  if (!m.slurmJob.empty()) j["slurm_job"] = m.slurmJob;
  j["runs"] = Json::array();
  for (const ManifestRun& r : m.runs) {
    Json run = {{"id", r.id},
                {"name", r.name},
                {"values", r.values},
                {"seed", r.seed ? Json(*r.seed) : Json()},
                {"status", r.status},
                {"wall_time_s", r.wallSeconds},
                {"exit_code", r.exitCode ? Json(*r.exitCode) : Json()},
                {"result", r.result},
                {"attempts", r.attempts}};
    if (!r.logTail.empty()) run["log_tail"] = r.logTail;
    if (r.pid) run["pid"] = r.pid;
    j["runs"].push_back(std::move(run));
  }
  return j;
}

namespace {

// One field of the manifest, typed: InputFileError naming the file, the field's pointer,
// what it holds and what was expected. `fallback` makes it optional (absent or null).
template <class T>
T field(const Json& obj, const std::string& at, const std::string& key, const std::string& file, const char* expected,
        const std::optional<T>& fallback = std::nullopt) {
  const bool absent = !obj.contains(key) || obj[key].is_null();
  if (absent && fallback) return *fallback;
  if (absent) throw InputFileError(file, at + "/" + key, "nothing", expected);
  try {
    return obj[key].get<T>();
  } catch (const Json::exception&) {
    throw InputFileError(file, at + "/" + key, obj[key].dump(), expected);
  }
}

const Json& listAt(const Json& j, const char* key, const std::string& file) {
  if (!j.contains(key) || !j[key].is_array())
    throw InputFileError(file, std::string("/") + key, j.contains(key) ? j[key].dump() : "nothing", "a list");
  return j[key];
}

// A run id is a folder under the batch: a plain name, never a path out of it.
bool isRunFolderName(const std::string& id) {
  return !id.empty() && id != "." && id != ".." && id.find_first_of("/\\") == std::string::npos;
}

}  // namespace

Manifest manifestFromJson(const Json& j, const std::string& file) {
  if (!j.is_object()) throw InputFileError(file, "(document)", j.dump().substr(0, 40), "a batch manifest (an object)");
  Manifest m;
  m.sweepFile = field<std::string>(j, "", "sweep", file, "a path (string)", std::string());
  m.sceneFile = field<std::string>(j, "", "scene", file, "a path (string)", std::string());
  m.hasStudy = field<bool>(j, "", "has_study", file, "true or false", false);
  m.slurmJob = field<std::string>(j, "", "slurm_job", file, "a job id (string)", std::string());
  const Json& parameters = listAt(j, "parameters", file);
  for (std::size_t i = 0; i < parameters.size(); ++i) {
    const std::string at = "/parameters/" + std::to_string(i);
    m.parameters.push_back({field<std::string>(parameters[i], at, "name", file, "a column name (string)"),
                            field<std::string>(parameters[i], at, "pointer", file, "a JSON pointer (string)")});
  }
  const Json& runs = listAt(j, "runs", file);
  const std::vector<std::string> states = {kPending, kRunning, kInterrupted, kFinished, kFailed};
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const Json& r = runs[i];
    const std::string at = "/runs/" + std::to_string(i);
    if (!r.is_object()) throw InputFileError(file, at, r.dump().substr(0, 40), "a run (an object)");
    ManifestRun run;
    run.id = field<std::string>(r, at, "id", file, "a run folder name (string)");
    if (!isRunFolderName(run.id))
      throw InputFileError(file, at + "/id", Json(run.id).dump(), "a folder name inside the batch (no / or ..)");
    run.name = field<std::string>(r, at, "name", file, "a string", std::string());
    run.values = field<Json>(r, at, "values", file, "an object", Json::object());
    if (!run.values.is_object()) throw InputFileError(file, at + "/values", run.values.dump(), "an object");
    if (r.contains("seed") && !r["seed"].is_null())
      run.seed = field<std::int64_t>(r, at, "seed", file, "an integer or null");
    run.status = field<std::string>(r, at, "status", file, "a run state", std::string(kPending));
    if (std::find(states.begin(), states.end(), run.status) == states.end())
      throw InputFileError(file, at + "/status", Json(run.status).dump(),
                           "pending, running, interrupted, finished or failed");
    run.wallSeconds = field<double>(r, at, "wall_time_s", file, "a number of seconds", 0.0);
    if (r.contains("exit_code") && !r["exit_code"].is_null())
      run.exitCode = field<int>(r, at, "exit_code", file, "an integer or null");
    run.result = field<std::string>(r, at, "result", file, "a path (string)", std::string());
    run.logTail = field<std::string>(r, at, "log_tail", file, "a string", std::string());
    run.attempts = field<int>(r, at, "attempts", file, "an integer", 0);
    run.pid = field<long>(r, at, "pid", file, "a process id", 0L);
    m.runs.push_back(std::move(run));
  }
  return m;
}

Manifest readManifest(const std::string& dir) {
  const std::string path = (fs::path(dir) / "manifest.json").string();
  std::error_code error;
  // Checked before opening: a FIFO or a folder at this path would block or fail late.
  if (!fs::is_regular_file(path, error))
    throw InputFileError(path, "(file)", "no manifest", "a batch folder (make one with regolith batch plan)");
  std::ifstream in(path);
  if (!in) throw InputFileError(path, "(file)", "cannot read it");
  Json j;
  try {
    j = Json::parse(in);
  } catch (const Json::exception& e) {
    throw InputFileError(path, "(document)", std::string("not JSON (") + e.what() + ")");
  }
  return manifestFromJson(j, path);
}

std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string csvCell(const Json& v) {
  if (v.is_null()) return "";
  return csvField(v.is_string() ? v.get<std::string>() : v.dump());
}

std::string manifestCsv(const Manifest& m) {
  std::ostringstream out;
  out << "id,name";
  for (const ManifestParameter& p : m.parameters) out << ',' << csvField(p.name);
  out << ",seed,status,wall_time_s,exit_code,result\n";
  for (const ManifestRun& r : m.runs) {
    out << r.id << ',' << csvField(r.name);
    for (const ManifestParameter& p : m.parameters) out << ',' << csvCell(r.values.value(p.name, Json()));
    out << ',' << (r.seed ? std::to_string(*r.seed) : "") << ',' << r.status << ',' << Json(r.wallSeconds).dump() << ','
        << (r.exitCode ? std::to_string(*r.exitCode) : "") << ',' << csvField(r.result) << '\n';
  }
  return out.str();
}

void writeFileAtomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp." + std::to_string(getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) throw std::runtime_error("cannot write " + tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) throw std::runtime_error("cannot replace " + path);
}

void writeManifest(const std::string& dir, const Manifest& m) {
  writeFileAtomically((fs::path(dir) / "manifest.json").string(), toJson(m).dump(2) + "\n");
  writeFileAtomically((fs::path(dir) / "manifest.csv").string(), manifestCsv(m));
}

}  // namespace regolith::batch
