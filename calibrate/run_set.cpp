// The runs a fit reads (metrics.json of run and sweep folders) and their hold-out split.
#include "calibrate/run_set.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>

#include "calibrate/fit_json.h"

namespace regolith::calibrate {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

bool isRunMetrics(const json& j) { return j.is_object() && j.contains("study") && j.contains("metrics"); }

CalibrationRun loadRun(const fs::path& dir, const std::string& study, const std::string& command) {
  const fs::path file = dir / "metrics.json";
  if (!fs::is_regular_file(file))
    throw CalibrationError(dir.string() + ": no metrics.json: run `regolith metrics " + dir.string() + "` first");
  json data = readJsonFile(file.string());
  if (!isRunMetrics(data))
    throw CalibrationError(file.string() + ": not a run's metrics (no \"study\" and \"metrics\")");
  const std::string kind = data["study"].get<std::string>();
  if (kind != study)
    throw CalibrationError(dir.string() + ": a " + kind + " run: `regolith " + command + "` needs " + study + " runs");
  return {dir.filename().string(), dir.string(), std::move(data)};
}

// The files a run folder holds at some point of its life (planned, running, run,
// measured): a subfolder of a sweep with any of them, or with nothing, is one of its runs.
bool looksLikeRun(const fs::path& dir) {
  for (const char* f : {"metrics.json", "run.h5", "scene.json", "log.txt", "checkpoint.h5"})
    if (fs::exists(dir / f)) return true;
  return fs::is_empty(dir);
}

// A run folder or a sweep folder: the runs it holds.
void collect(const fs::path& path, const std::string& study, const std::string& command, const ReadRunsOptions& options,
             std::vector<CalibrationRun>& out) {
  if (!fs::is_directory(path))
    throw CalibrationError(path.string() + ": no such folder (a run's --out folder, or a sweep's)");
  const fs::path file = path / "metrics.json";
  if (fs::is_regular_file(file) && isRunMetrics(readJsonFile(file))) {
    out.push_back(loadRun(path, study, command));
    return;
  }
  // A run folder whose metrics.json is missing (or not a run's): loadRun says what to do.
  if (fs::is_regular_file(path / "run.h5")) loadRun(path, study, command);
  std::vector<fs::path> subs;
  bool anyFiles = false;  // a sweep has at least one run with files; an empty folder is not one
  for (const fs::directory_entry& e : fs::directory_iterator(path)) {
    if (!e.is_directory() || e.path().filename().string().rfind('.', 0) == 0 || !looksLikeRun(e.path())) continue;
    subs.push_back(e.path());
    anyFiles = anyFiles || !fs::is_empty(e.path());
  }
  if (!anyFiles)
    throw CalibrationError(path.string() +
                           ": neither a run (no metrics.json, no run.h5) nor a sweep "
                           "(no subfolder with either)");
  std::sort(subs.begin(), subs.end());
  for (const fs::path& s : subs) {
    if (!fs::is_regular_file(s / "metrics.json")) {
      if (!options.skipMissing)
        throw CalibrationError(s.string() + ": a run of the sweep " + path.string() +
                               " without metrics.json (not run, failed or not measured: run `regolith metrics " +
                               s.string() + "`, or give --skip-missing to fit without it)");
      if (options.skipped) options.skipped->push_back(s.string());
      continue;
    }
    out.push_back(loadRun(s, study, command));
  }
}

const json& metricEntry(const CalibrationRun& run, const std::string& key) {
  static const json absent;
  const json& m = run.data.at("metrics");
  if (!m.contains(key)) return absent;
  const json& q = m[key];
  return q.is_object() && q.contains("value") ? q["value"] : absent;
}

// A number of a metrics.json, refused with its file and pointer when not finite (1e309
// reads as inf) or beyond kMaxMetricMagnitude.
double checked(const CalibrationRun& run, const std::string& pointer, double v) {
  if (std::isfinite(v) && std::fabs(v) <= kMaxMetricMagnitude) return v;
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", v);
  throw CalibrationError((fs::path(run.path) / "metrics.json").string() + ": " + pointer + ": found " + text +
                         ", expected a finite number of magnitude at most 1e30 (no DEM metric is that large: "
                         "a corrupt or hand-edited file)");
}

}  // namespace

std::vector<CalibrationRun> readRuns(const std::vector<std::string>& paths, const std::string& study,
                                     const std::string& command, const ReadRunsOptions& options) {
  std::vector<CalibrationRun> runs;
  for (const std::string& p : paths) collect(fs::path(p), study, command, options, runs);
  std::sort(runs.begin(), runs.end(), [](const CalibrationRun& a, const CalibrationRun& b) { return a.path < b.path; });
  std::set<std::string> seen;
  std::vector<CalibrationRun> unique;
  for (CalibrationRun& r : runs) {
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(r.path, ec);
    if (seen.insert(ec ? r.path : canonical.string()).second) unique.push_back(std::move(r));
  }
  if (unique.empty()) throw CalibrationError("no runs given");
  return unique;
}

double metricOrNaN(const CalibrationRun& run, const std::string& key) {
  const json& v = metricEntry(run, key);
  return v.is_number() ? checked(run, "/metrics/" + key + "/value", v.get<double>())
                       : std::numeric_limits<double>::quiet_NaN();
}

double metricValue(const CalibrationRun& run, const std::string& key) {
  const json& v = metricEntry(run, key);
  if (!v.is_number())
    throw CalibrationError(run.path + ": metrics." + key + (v.is_null() ? " is null or missing" : " is not a number") +
                           " in metrics.json");
  return checked(run, "/metrics/" + key + "/value", v.get<double>());
}

double parameterValue(const CalibrationRun& run, const std::string& key) {
  const json& p = run.data.contains("parameters") ? run.data["parameters"] : json();
  if (!p.is_object() || !p.contains(key) || !p[key].is_number())
    throw CalibrationError(run.path + ": parameters." + key + " is missing from metrics.json");
  return checked(run, "/parameters/" + key, p[key].get<double>());
}

double parameterOr(const CalibrationRun& run, const std::string& key, double fallback) {
  const json& p = run.data.contains("parameters") ? run.data["parameters"] : json();
  if (!p.is_object() || !p.contains(key) || !p[key].is_number()) return fallback;
  return checked(run, "/parameters/" + key, p[key].get<double>());
}

namespace {
std::string ordinal(std::size_t k) {
  const std::size_t tens = k % 100, units = k % 10;
  const char* suffix = (tens >= 11 && tens <= 13) ? "th"
                       : units == 1               ? "st"
                       : units == 2               ? "nd"
                       : units == 3               ? "rd"
                                                  : "th";
  return std::to_string(k) + suffix;
}
}  // namespace

std::string HoldoutRule::describe() const {
  if (!runs.empty()) {
    std::string s = "the runs named by --holdout-runs:";
    for (const std::string& r : runs) s += " " + r;
    return s;
  }
  if (every == 0) return "none held out (--holdout-every 0)";
  return "every " + ordinal(every) + " eligible run in path order (indices " + std::to_string(every - 1) + ", " +
         std::to_string(2 * every - 1) + ", ...)";
}

Split splitRuns(const std::vector<CalibrationRun>& runs, const HoldoutRule& rule, const std::vector<bool>& eligible) {
  Split s;
  s.rule = rule.describe();
  for (const std::string& name : rule.runs) {
    const bool known = std::any_of(runs.begin(), runs.end(),
                                   [&](const CalibrationRun& r) { return r.name == name || r.path == name; });
    if (!known) throw CalibrationError("--holdout-runs " + name + ": no such run among the runs given");
  }
  std::size_t rank = 0;  // position among the eligible runs
  for (std::size_t i = 0; i < runs.size(); ++i) {
    bool held = false;
    if (eligible[i]) {
      if (!rule.runs.empty())
        held = std::find_if(rule.runs.begin(), rule.runs.end(), [&](const std::string& n) {
                 return n == runs[i].name || n == runs[i].path;
               }) != rule.runs.end();
      else held = rule.every > 0 && rank % rule.every == rule.every - 1;
      ++rank;
    }
    (held ? s.heldOut : s.training).push_back(i);
  }
  if (s.heldOut.empty() && rule.runs.empty() && rule.every > 0)
    s.note = "too few runs to hold any out (" + std::to_string(rank) + " eligible, every " + ordinal(rule.every) +
             " held out): no held-out error";
  return s;
}

json splitJson(const std::vector<CalibrationRun>& runs, const Split& split) {
  json j = {{"rule", split.rule}, {"training", json::array()}, {"held_out", json::array()}};
  for (std::size_t i : split.training) j["training"].push_back(runs[i].name);
  for (std::size_t i : split.heldOut) j["held_out"].push_back(runs[i].name);
  if (!split.note.empty()) j["note"] = split.note;
  return j;
}

}  // namespace regolith::calibrate
