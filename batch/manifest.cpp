// The batch manifest: JSON and CSV forms, atomic replacement.
#include "batch/manifest.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

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

Manifest manifestFromJson(const Json& j) {
  Manifest m;
  m.sweepFile = j.value("sweep", "");
  m.sceneFile = j.value("scene", "");
  m.hasStudy = j.value("has_study", false);
  m.slurmJob = j.value("slurm_job", "");
  for (const Json& p : j.at("parameters")) m.parameters.push_back({p.at("name"), p.at("pointer")});
  for (const Json& r : j.at("runs")) {
    ManifestRun run;
    run.id = r.at("id");
    run.name = r.value("name", "");
    run.values = r.value("values", Json::object());
    if (r.contains("seed") && !r["seed"].is_null()) run.seed = r["seed"].get<std::int64_t>();
    run.status = r.value("status", kPending);
    run.wallSeconds = r.value("wall_time_s", 0.0);
    if (r.contains("exit_code") && !r["exit_code"].is_null()) run.exitCode = r["exit_code"].get<int>();
    run.result = r.value("result", "");
    run.logTail = r.value("log_tail", "");
    run.attempts = r.value("attempts", 0);
    run.pid = r.value("pid", 0L);
    m.runs.push_back(std::move(run));
  }
  return m;
}

Manifest readManifest(const std::string& dir) {
  const std::string path = (fs::path(dir) / "manifest.json").string();
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": no manifest (make one with regolith batch plan)");
  try {
    return manifestFromJson(Json::parse(in));
  } catch (const Json::exception& e) {
    throw std::runtime_error(path + ": not a batch manifest (" + e.what() + ")");
  }
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
