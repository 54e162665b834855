// Every run's metrics.json (through the study table, studies/study_table.h) and one line per
// run (service/run_metrics.h).
#include "service/run_metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "core/number_text.h"
#include "io/run_file/robot_run_file.h"
#include "io/run_file/run_file.h"
#include "postprocess/robot_metrics.h"
#include "studies/study.h"
#include "studies/study_table.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using scene::runMetrics;

void writeJson(const fs::path& path, const json& j) {
  const fs::path tmp = path.string() + ".tmp";
  {
    std::ofstream out(tmp);
    out << j.dump(2) << "\n";
    if (!out) throw std::runtime_error(tmp.string() + ": cannot write");
  }
  fs::rename(tmp, path);  // a reader never sees half a file
}

// A `regolith robot` run's metrics (postprocess/robot_metrics.h) in the shape of a
// study's: {"study": "robot", "run", "parameters", "window", "metrics"}.
// `source` names the series in messages (the run file, or Python's Robot).
json robotSeriesMetrics(const RobotRunSeries& run, const std::string& runName, const std::string& source) {
  postprocess::RobotMetrics m;
  try {
    m = postprocess::robotMetrics(run);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(source + ": " + e.what());
  }
  json metrics = {{"distance_x", scene::quantity(m.distanceX, "m")},
                  {"distance_plane", scene::quantity(m.distancePlane, "m")},
                  {"cycles", scene::quantity(m.cycles, "1")},
                  {"distance_per_cycle", scene::quantity(m.distancePerCycle, "m")},
                  {"mean_speed", scene::quantity(m.meanSpeed, "m/s")},
                  {"body_height_mean", scene::quantity(m.meanHeight, "m")},
                  {"body_height_min", scene::quantity(m.minHeight, "m")},
                  {"pitch_peak_to_peak", scene::quantity(m.pitchPeakToPeak * 180 / M_PI, "deg")},
                  {"roll_peak_to_peak", scene::quantity(m.rollPeakToPeak * 180 / M_PI, "deg")},
                  {"actuator_work", scene::quantity(m.actuatorWork, "J")},
                  {"terrain_dissipation", scene::quantity(m.terrainDissipation, "J")},
                  {"energy_per_distance", scene::quantity(m.energyPerDistance, "J/m")}};
  metrics["pitch_mean"] = scene::quantity(m.pitchMean * 180 / M_PI, "deg");
  metrics["roll_mean"] = scene::quantity(m.rollMean * 180 / M_PI, "deg");
  // Sinkage of every foot (plates) and wheel in contact; slip of every wheel in contact.
  double sinkageSum = 0, slipSum = 0;
  int sinking = 0, slipping = 0;
  for (const postprocess::FootSinkage& f : m.feet) {
    metrics["sinkage_mean_" + f.body] = scene::quantity(f.mean, "m");
    metrics["sinkage_peak_" + f.body] = scene::quantity(f.peak, "m");
    sinkageSum += f.mean, ++sinking;
  }
  json wheels = json::array();
  for (const postprocess::WheelMetrics& w : m.wheels) {
    metrics["slip_mean_" + w.body] = scene::quantity(w.slip, "1");
    metrics["sinkage_mean_" + w.body] = scene::quantity(w.sinkage, "m");
    metrics["sinkage_peak_" + w.body] = scene::quantity(w.sinkagePeak, "m");
    metrics["load_mean_" + w.body] = scene::quantity(w.load, "N");
    metrics["contact_fraction_" + w.body] = scene::quantity(w.contact, "1");
    wheels.push_back(w.body);
    if (std::isfinite(w.sinkage)) sinkageSum += w.sinkage, ++sinking;
    if (std::isfinite(w.slip)) slipSum += w.slip, ++slipping;
  }
  metrics["sinkage_mean"] = scene::quantity(sinking ? sinkageSum / sinking : std::nan(""), "m");
  metrics["slip_mean"] = scene::quantity(slipping ? slipSum / slipping : std::nan(""), "1");
  json feet = json::array();
  for (const postprocess::FootSinkage& f : m.feet) feet.push_back(f.body);
  std::string why;
  const bool complete = robotRunCompleted(run.header, &why);
  return {{"study", "robot"},
          {"run", runName},
          {"complete", complete},
          {"end", complete ? run.header.end : why},
          {"duration_requested", scene::quantity(run.header.duration, "s")},
          {"parameters",
           {{"model_file", run.header.modelFile},
            {"terrain_file", run.header.terrainFile},
            {"control", run.header.control},
            {"root_body", m.root},
            {"feet", feet},
            {"wheels", wheels},
            {"energy_source", m.energySource}}},
          {"window", scene::windowJson(m.window)},
          {"steady_window", scene::windowJson(m.steady)},
          {"metrics", metrics}};
}

json robotRunMetrics(const fs::path& dir) {
  const std::string h5 = (dir / "run.h5").string();
  return robotSeriesMetrics(readRobotRun(h5), dir.filename().string(), h5);
}

// Either kind of run folder: `regolith robot`'s or a DEM study's.
json metricsOf(const fs::path& dir) {
  if (isRobotRunFile((dir / "run.h5").string())) return robotRunMetrics(dir);
  return runMetrics(dir.string());
}

// The metrics a study's line on stdout shows (its row's headline; metrics.json holds them all).
std::string summaryLine(const std::string& name, const json& metrics) {
  std::string line = name + ":";
  const std::string kind = metrics.at("study").get<std::string>();
  const scene::Study* study = scene::findStudy(kind);
  std::vector<std::string> headline = study ? study->headline : std::vector<std::string>();
  if (kind == "robot")
    headline = {"distance_x", "distance_per_cycle", "mean_speed",        "sinkage_mean",
                "slip_mean",  "pitch_peak_to_peak", "roll_peak_to_peak", "energy_per_distance"};
  for (const std::string& key : headline) {
    const json& q = metrics.at("metrics").at(key);
    const std::string value = q["value"].is_null() ? "null" : shortNumber(q["value"].get<double>(), 4);
    line += " " + key + " " + value + (q["unit"] == "1" ? "" : " " + q["unit"].get<std::string>()) + ";";
  }
  line.pop_back();
  return line;
}

// A robot run that did not run to its end (killed, blown up, stopped): its metrics are
// written, flagged "complete": false, and said as a warning.
bool reportUnfinished(const fs::path& run, const nlohmann::json& m, const Feedback& feedback) {
  if (m.value("complete", true)) return false;
  std::ostringstream words;
  words << "regolith metrics: " << (run / "run.h5").string() << " is not a finished run ("
        << m.value("end", std::string()) << "): its metrics cover t = " << m["window"].value("begin", 0.0) << " .. "
        << m["window"].value("end", 0.0) << " s of the " << m["duration_requested"]["value"]
        << " s asked for; metrics.json says \"complete\": false";
  feedback.warn(words.str());
  return true;
}

// Writes the metrics of the run or sweep in `dir`; the number of unfinished runs.
int writeMetrics(const std::string& dir, const Feedback& feedback) {
  const fs::path root(dir);
  if (fs::is_regular_file(root / "run.h5")) {
    const nlohmann::json m = metricsOf(root);
    writeJson(root / "metrics.json", m);
    feedback.say(summaryLine(dir, m));
    feedback.say("wrote " + (root / "metrics.json").string());
    return reportUnfinished(root, m, feedback) ? 1 : 0;
  }
  if (!fs::is_directory(root)) throw std::runtime_error(dir + ": no such folder (a run's --out folder, or a sweep's)");
  std::vector<fs::path> runs;
  for (const fs::directory_entry& e : fs::directory_iterator(root))
    if (e.is_directory() && fs::is_regular_file(e.path() / "run.h5")) runs.push_back(e.path());
  if (runs.empty())
    throw std::runtime_error(dir + ": neither a run (no run.h5) nor a sweep (no subfolder with a run.h5)");
  std::sort(runs.begin(), runs.end());
  nlohmann::json sweep = {{"runs", nlohmann::json::array()}};
  int unfinished = 0;
  for (const fs::path& r : runs) {
    const nlohmann::json m = metricsOf(r);
    writeJson(r / "metrics.json", m);
    unfinished += reportUnfinished(r, m, feedback);
    feedback.say(summaryLine(r.filename().string(), m));
    if (sweep.contains("study") && sweep["study"] != m["study"])
      throw std::runtime_error(r.string() + ": a " + m["study"].get<std::string>() + " run in a sweep of " +
                               sweep["study"].get<std::string>() + " runs");
    sweep["study"] = m["study"];
    sweep["runs"].push_back(m);
  }
  writeJson(root / "metrics.json", sweep);
  feedback.say("wrote " + (root / "metrics.json").string() + " (" + std::to_string(runs.size()) + " runs)");
  return unfinished;
}

}  // namespace

bool runHasStudy(const std::string& runDir) {
  const std::string h5 = (fs::path(runDir) / "run.h5").string();
  if (!fs::is_regular_file(h5)) return false;
  return isRobotRunFile(h5) || !RunFileReader(h5).header().meta.studyJson.empty();
}

Outcome computeMetrics(const std::string& dir, const Feedback& feedback) {
  try {
    Outcome done;
    done.shortOfGoal = writeMetrics(dir, feedback) > 0;
    return done;
  } catch (const std::exception& e) {
    return outcomeOf(e, "regolith metrics: ");
  }
}

std::string robotMetricsJson(const RobotRunSeries& run, const std::string& runName) {
  return robotSeriesMetrics(run, runName, runName).dump(2);
}

}  // namespace regolith
