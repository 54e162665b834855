// Sweep files: reading, schema check (the scene validator's valijson translation) and the
// expansion of axes into runs.
#include "batch/sweep.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>

#include "io/json/regular_file.h"
#include "io/json/data_files.h"
#include "io/json/json_document.h"
#include "io/json/json_pointer.h"
#include "io/json/json_schema.h"

namespace regolith::batch {
namespace {

namespace fs = std::filesystem;

std::string readText(const std::string& path) {
  if (const std::optional<std::string> found = notARegularFile(path))
    throw SceneError(path, {{"", *found, "a sweep file (JSON) at this path"}});
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SceneError(path, {{"", "no readable file", "a sweep file (JSON) at this path"}});
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

const Json& sweepSchema() {
  static const Json doc = [] {
    const std::string path = sweepSchemaPath();
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read the sweep schema " + path);
    std::stringstream text;
    text << in.rdbuf();
    return Json::parse(text.str());
  }();
  return doc;
}

// How many values a range makes, as a double: a count of 1e9 or a step of 1e-300 is seen
// here, before anything is cast to an integer or allocated (inf when to - from overflows).
double rangeCount(const Json& r) {
  if (r.contains("count")) return r["count"].get<double>();
  const double from = r["from"].get<double>(), to = r["to"].get<double>();
  return std::floor(std::abs(to - from) / r["step"].get<double>() + 1e-9) + 1;
}

// A range's values; rounded to 12 significant digits so 0.1 steps print as 0.3, not
// 0.30000000000000004. Only called once rangeCount is known to be at most kMaxSweepRuns.
std::vector<Json> rangeValues(const Json& r) {
  const double from = r["from"].get<double>(), to = r["to"].get<double>();
  const std::size_t count = std::size_t(rangeCount(r));
  const double step = r.contains("count") ? (count > 1 ? (to - from) / double(count - 1) : 0)
                                          : r["step"].get<double>() * (to < from ? -1 : 1);
  std::vector<Json> values;
  const bool integral = std::floor(from) == from && std::floor(step) == step;
  for (std::size_t i = 0; i < count; ++i) {
    const double x = from + double(i) * step;
    if (integral && std::abs(x) < 9e15) {
      values.push_back(static_cast<std::int64_t>(x));
    } else {
      char text[32];
      std::snprintf(text, sizeof text, "%.12g", x);
      values.push_back(std::strtod(text, nullptr));
    }
  }
  return values;
}

// A count as digits ("2000000"), or "1e+30" past what a double holds exactly.
std::string countText(double n) {
  char text[32];
  std::snprintf(text, sizeof text, n < 1e15 ? "%.0f" : "%.3g", n);
  return text;
}

const std::string kRunCap = "at most " + std::to_string(kMaxSweepRuns) +
                            " runs in one sweep (kMaxSweepRuns: split a larger campaign into several sweeps)";

// How many values an axis of the raw document makes (1 where the schema will refuse it).
double axisLength(const Json& a) {
  if (!a.is_object()) return 1;
  if (a.contains("values") && a["values"].is_array()) return double(a["values"].size());
  if (!a.contains("range") || !a["range"].is_object()) return 1;
  const Json& r = a["range"];
  const auto number = [&](const char* key) { return r.contains(key) && r[key].is_number(); };
  if (!number("from") || !number("to")) return 1;
  if (number("count") && !r.contains("step")) return std::max(1.0, r["count"].get<double>());
  if (number("step") && !r.contains("count") && r["step"].get<double>() > 0) return rangeCount(r);
  return 1;
}

// The fields that would make a sweep of more than kMaxSweepRuns runs, each with the count
// it makes, read from the raw document: before the schema check (whose bound on the same
// field this replaces, since it says how many runs the field makes) and before any range
// is expanded.
std::vector<SceneProblem> runCountProblems(const Json& doc) {
  std::vector<SceneProblem> problems;
  if (!doc.is_object() || !doc.contains("axes") || !doc["axes"].is_array()) return problems;
  const double cap = double(kMaxSweepRuns);
  const bool zip = doc.value("combine", Json("product")) == "zip";
  std::map<std::string, double> groups;  // group -> its length (the longest axis in it)
  for (std::size_t i = 0; i < doc["axes"].size(); ++i) {
    const Json& a = doc["axes"][i];
    const double n = axisLength(a);
    if (n > cap) {
      const std::string at = "/axes/" + std::to_string(i);
      const std::string field = a.contains("values")           ? "/values"
                                : a["range"].contains("count") ? "/range/count"
                                                               : "/range/step";
      problems.push_back({at + field, countText(n) + " values, so at least " + countText(n) + " runs", kRunCap});
    }
    std::string group = "axis " + std::to_string(i);
    if (zip) group = "zip";
    else if (a.is_object() && a.contains("group") && a["group"].is_string()) group = a["group"].get<std::string>();
    groups[group] = std::max(groups[group], n);
  }
  if (!problems.empty()) return problems;
  double points = 1;
  for (const auto& [group, n] : groups) points *= n;
  const double repeats = doc.contains("repeats") && doc["repeats"].is_number()
                             ? std::max(1.0, doc["repeats"].get<double>())
                             : 1;
  if (points * repeats <= cap) return problems;
  if (repeats > 1)
    problems.push_back({"/repeats",
                        countText(repeats) + " repeats of " + countText(points) +
                            " parameter points: " + countText(points * repeats) + " runs",
                        kRunCap});
  else problems.push_back({"/axes", countText(points) + " runs (the product of the axes' lengths)", kRunCap});
  return problems;
}

// "/materials/0/friction" -> "materials.0.friction"; "/study/slip" -> "study.slip".
std::string nameFromPointer(const std::string& pointer) {
  std::string name, token;
  for (std::size_t i = 1; i <= pointer.size(); ++i) {
    if (i == pointer.size() || pointer[i] == '/') {
      if (!name.empty()) name += '.';
      name += token;
      token.clear();
    } else {
      token += pointer[i];
    }
  }
  return name;
}

}  // namespace

std::string sweepSchemaPath() { return dataFile("sweep.schema.json", "REGOLITH_SWEEP_SCHEMA"); }

std::vector<std::string> SweepPoint::overrides() const {
  std::vector<std::string> out;
  for (std::size_t a = 0; a < values.size(); ++a) out.push_back((*axes)[a].pointer + "=" + values[a].dump());
  if (seed) out.push_back("/seed=" + std::to_string(*seed));
  return out;
}

Sweep loadSweep(const std::string& path) {
  std::vector<SceneProblem> problems;
  const std::optional<Json> read = json::readDocument(readText(path), problems);
  if (!read) throw SceneError(path, std::move(problems));
  const Json& doc = *read;
  const std::vector<SceneProblem> tooMany = runCountProblems(doc);
  problems.insert(problems.end(), tooMany.begin(), tooMany.end());
  for (SceneProblem& p : json::schemaProblemsAgainst(doc, sweepSchema())) {
    const bool said = std::any_of(tooMany.begin(), tooMany.end(), [&](const SceneProblem& t) {
      return t.pointer == p.pointer || p.pointer.rfind(t.pointer + "/", 0) == 0;
    });
    if (!said) problems.push_back(std::move(p));
  }
  if (!problems.empty()) throw SceneError(path, std::move(problems));

  Sweep s;
  s.file = path;
  const fs::path scene(doc["scene"].get<std::string>());
  s.scenePath = scene.is_absolute() ? scene.string()
                                    : (fs::path(path).parent_path() / scene).lexically_normal().string();
  if (s.scenePath.empty() || !fs::is_regular_file(s.scenePath))
    problems.push_back({"/scene", Json(doc["scene"]).dump() + " (" + s.scenePath + ")",
                        "a scene file, relative to the sweep file's folder"});
  s.repeats = doc.value("repeats", 1);
  if (doc.contains("seed_start")) {
    s.seedStart = doc["seed_start"].get<std::int64_t>();
  } else if (fs::is_regular_file(s.scenePath)) {
    // Replicates start at the base scene's own seed.
    const Json base = Json::parse(readText(s.scenePath), nullptr, false);
    if (base.is_object() && base.contains("seed") && base["seed"].is_number_integer())
      s.seedStart = base["seed"].get<std::int64_t>();
  }
  const bool zip = doc.value("combine", "product") == "zip";
  std::map<std::string, std::string> names;  // name -> pointer of the axis that has it
  for (std::size_t i = 0; i < doc["axes"].size(); ++i) {
    const Json& a = doc["axes"][i];
    const std::string at = "/axes/" + std::to_string(i);
    SweepAxis axis;
    axis.pointer = a["pointer"].get<std::string>();
    try {
      (void)Json::json_pointer(axis.pointer);
    } catch (const std::exception&) {
      problems.push_back({at + "/pointer", Json(axis.pointer).dump(),
                          "a JSON pointer into the scene (RFC 6901: \"/\" then keys or indices, "
                          "e.g. \"/materials/0/friction\")"});
      continue;
    }
    if (a.contains("values") == a.contains("range")) {
      problems.push_back(
          {at, a.contains("values") ? "both \"values\" and \"range\"" : "neither \"values\" nor \"range\"",
           "exactly one of \"values\" (a list) and \"range\" ({\"from\", \"to\", \"step\" or \"count\"})"});
      continue;
    }
    if (a.contains("range") && a["range"].contains("step") == a["range"].contains("count")) {
      problems.push_back(
          {at + "/range",
           a["range"].contains("step") ? "both \"step\" and \"count\"" : "neither \"step\" nor \"count\"",
           "exactly one of \"step\" and \"count\""});
      continue;
    }
    axis.name = a.contains("name")        ? a["name"].get<std::string>()
                : axis.pointer == "/seed" ? "seed"
                                          : nameFromPointer(axis.pointer);
    axis.values = a.contains("values") ? a["values"].get<std::vector<Json>>() : rangeValues(a["range"]);
    axis.group = zip ? "zip" : a.value("group", "axis " + std::to_string(i));
    if (axis.pointer == "/seed" && s.repeats > 1)
      problems.push_back({at + "/pointer", "\"/seed\" with \"repeats\" " + std::to_string(s.repeats),
                          "either a /seed axis or repeats, not both"});
    if (!names.emplace(axis.name, axis.pointer).second)
      problems.push_back({at, "a second axis named " + Json(axis.name).dump(), "distinct axis names (give \"name\")"});
    s.axes.push_back(std::move(axis));
  }
  if (!problems.empty()) throw SceneError(path, std::move(problems));
  return s;
}

std::string runId(std::size_t index, std::size_t total) {
  const int width = std::max<int>(4, int(std::to_string(total > 0 ? total - 1 : 0).size()));
  const std::string digits = std::to_string(index);
  return "run_" + std::string(std::size_t(std::max<int>(0, width - int(digits.size()))), '0') + digits;
}

std::size_t sweepRunCount(const Sweep& s) {
  std::map<std::string, std::size_t> groups;  // group -> its length (its first axis's)
  for (const SweepAxis& a : s.axes) groups.emplace(a.group, a.values.size());
  const std::size_t most = std::numeric_limits<std::size_t>::max();
  std::size_t total = std::size_t(std::max(1, s.repeats));
  for (const auto& [group, n] : groups) {
    if (n == 0) return 0;
    total = total > most / n ? most : total * n;
  }
  return total;
}

std::vector<SweepPoint> expandSweep(const Sweep& s) {
  // Groups in order of first appearance, each with its axes and common length.
  std::vector<std::string> groupOrder;
  std::map<std::string, std::vector<std::size_t>> members;
  for (std::size_t a = 0; a < s.axes.size(); ++a) {
    if (!members.count(s.axes[a].group)) groupOrder.push_back(s.axes[a].group);
    members[s.axes[a].group].push_back(a);
  }
  std::vector<SceneProblem> problems;
  std::vector<std::size_t> lengths;
  for (const std::string& g : groupOrder) {
    const std::vector<std::size_t>& m = members[g];
    const std::size_t n = s.axes[m[0]].values.size();
    for (std::size_t a : m)
      if (s.axes[a].values.size() != n)
        problems.push_back({"/axes/" + std::to_string(a),
                            std::to_string(s.axes[a].values.size()) + " values zipped with " + std::to_string(n) +
                                " of axis " + Json(s.axes[m[0]].name).dump(),
                            "axes of equal length in a zipped group"});
    lengths.push_back(n);
  }
  if (!problems.empty()) throw SceneError(s.file, std::move(problems));

  // A sweep built in code has not met loadSweep's check: refuse before allocating.
  const std::size_t total = sweepRunCount(s);
  if (total > kMaxSweepRuns)
    throw SceneError(
        s.file, {{s.repeats > 1 ? "/repeats" : "/axes",
                  countText(double(total)) + " runs (the product of the axes' lengths times the repeats)", kRunCap}});
  const std::size_t points = total / std::size_t(std::max(1, s.repeats));
  std::vector<SweepPoint> runs;
  runs.reserve(total);
  for (std::size_t p = 0; p < points; ++p) {
    std::vector<Json> values(s.axes.size());
    std::size_t rest = p;
    for (std::size_t g = groupOrder.size(); g-- > 0;) {
      const std::size_t k = rest % lengths[g];
      rest /= lengths[g];
      for (std::size_t a : members[groupOrder[g]]) values[a] = s.axes[a].values[k];
    }
    for (int r = 0; r < s.repeats; ++r) {
      SweepPoint run;
      run.axes = &s.axes;
      run.id = runId(runs.size(), total);
      run.values = values;
      if (s.repeats > 1) run.seed = s.seedStart.value_or(1) + r;
      for (std::size_t a = 0; a < s.axes.size(); ++a) {
        if (!run.name.empty()) run.name += ' ';
        run.name += s.axes[a].name + "=" + (values[a].is_string() ? values[a].get<std::string>() : values[a].dump());
      }
      if (run.seed) run.name += (run.name.empty() ? "seed=" : " seed=") + std::to_string(*run.seed);
      runs.push_back(std::move(run));
    }
  }
  return runs;
}

}  // namespace regolith::batch
