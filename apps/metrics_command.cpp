// `regolith metrics`: every run's metrics.json (through the study table, scenes/study_table.h)
// and one line per run on stdout.
#include "apps/metrics_command.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <vector>

#include "io/run_file.h"
#include "scenes/study_table.h"

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

// The metrics a study's line on stdout shows (its row's headline; metrics.json holds them all).
std::string summaryLine(const std::string& name, const json& metrics) {
  std::string line = name + ":";
  char value[32];
  const scene::Study* study = scene::findStudy(metrics.at("study").get<std::string>());
  for (const std::string& key : study ? study->headline : std::vector<std::string>()) {
    const json& q = metrics.at("metrics").at(key);
    if (q["value"].is_null()) std::snprintf(value, sizeof value, "null");
    else std::snprintf(value, sizeof value, "%.4g", q["value"].get<double>());
    line += " " + key + " " + value + (q["unit"] == "1" ? "" : " " + q["unit"].get<std::string>()) + ";";
  }
  line.pop_back();
  return line;
}

}  // namespace

bool runHasStudy(const std::string& runDir) {
  const std::string h5 = (fs::path(runDir) / "run.h5").string();
  return fs::is_regular_file(h5) && !RunFileReader(h5).header().meta.studyJson.empty();
}

int metricsCommand(const std::string& dir, std::ostream& out) {
  try {
    const fs::path root(dir);
    if (fs::is_regular_file(root / "run.h5")) {
      const json m = runMetrics(dir);
      writeJson(root / "metrics.json", m);
      out << summaryLine(dir, m) << "\nwrote " << (root / "metrics.json").string() << std::endl;
      return 0;
    }
    if (!fs::is_directory(root))
      throw std::runtime_error(dir + ": no such folder (a run's --out folder, or a sweep's)");
    std::vector<fs::path> runs;
    for (const fs::directory_entry& e : fs::directory_iterator(root))
      if (e.is_directory() && fs::is_regular_file(e.path() / "run.h5")) runs.push_back(e.path());
    if (runs.empty())
      throw std::runtime_error(dir + ": neither a run (no run.h5) nor a sweep (no subfolder with a run.h5)");
    std::sort(runs.begin(), runs.end());
    json sweep = {{"runs", json::array()}};
    for (const fs::path& r : runs) {
      const json m = runMetrics(r.string());
      writeJson(r / "metrics.json", m);
      out << summaryLine(r.filename().string(), m) << std::endl;
      if (sweep.contains("study") && sweep["study"] != m["study"])
        throw std::runtime_error(r.string() + ": a " + m["study"].get<std::string>() + " run in a sweep of " +
                                 sweep["study"].get<std::string>() + " runs");
      sweep["study"] = m["study"];
      sweep["runs"].push_back(m);
    }
    writeJson(root / "metrics.json", sweep);
    out << "wrote " << (root / "metrics.json").string() << " (" << runs.size() << " runs)" << std::endl;
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "regolith metrics: " << e.what() << std::endl;
    return 1;
  }
}

}  // namespace regolith
