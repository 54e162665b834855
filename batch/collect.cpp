// Collecting a batch: manifest + each finished run's metrics.json -> one table.
#include "batch/collect.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>

#include "batch/manifest.h"
#include "io/h5/table_h5.h"

namespace regolith::batch {
namespace {

namespace fs = std::filesystem;

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

Dataset collectDataset(const std::string& dir) {
  const Manifest m = readManifest(dir);
  Dataset d;
  d.columns.push_back({"run_id", "id", "", "", ""});
  for (const ManifestParameter& p : m.parameters) d.columns.push_back({p.name, "parameter", p.pointer, "", ""});
  d.columns.push_back({"seed", "seed", "/seed", "", ""});

  std::map<std::string, std::size_t> metricColumn;  // name -> column index
  std::vector<std::pair<const ManifestRun*, Json>> finished;
  for (const ManifestRun& r : m.runs) {
    const fs::path metricsFile = fs::path(dir) / r.id / "metrics.json";
    Json metrics;
    if (fs::exists(metricsFile)) {
      std::ifstream in(metricsFile);
      metrics = Json::parse(in, nullptr, false);
    }
    const bool ok = metrics.is_object() && metrics.contains("metrics") &&
                    (r.status == kFinished || r.status == kRunning || r.status == kPending || r.status == kInterrupted);
    if (!ok) {
      std::string why = r.status == kFinished ? "finished but without a readable metrics.json" : r.status;
      if (r.exitCode && r.status == kFailed) why += " (exit " + std::to_string(*r.exitCode) + ")";
      d.unfinished.push_back(r.id + " " + why);
      d.unfinishedIds.push_back(r.id);
      d.unfinishedStatus.push_back(why);
      continue;
    }
    if (d.study.empty()) d.study = metrics.value("study", "");
    for (const auto& [name, entry] : metrics["metrics"].items()) {
      if (metricColumn.count(name)) continue;
      metricColumn[name] = d.columns.size();
      const std::string unit = entry.is_object() ? entry.value("unit", "") : "";
      // A table has one column per name: a metric named like a parameter (the wheel
      // study sweeps slip and measures it) is told apart by a prefix.
      const bool taken = std::any_of(d.columns.begin(), d.columns.end(),
                                     [&name = name](const DatasetColumn& c) { return c.name == name; });
      d.columns.push_back({taken ? "measured_" + name : name, "metric", "", unit, name});
    }
    finished.emplace_back(&r, std::move(metrics));
  }
  for (const auto& [run, metrics] : finished) {
    std::vector<Json> row(d.columns.size());
    row[0] = run->id;
    for (std::size_t c = 1; c < d.columns.size(); ++c) {
      const DatasetColumn& col = d.columns[c];
      if (col.kind == "parameter") row[c] = run->values.value(col.name, Json());
      else if (col.kind == "seed") row[c] = run->seed ? Json(*run->seed) : Json();
      else if (metrics["metrics"].contains(col.metric)) {
        const Json& e = metrics["metrics"][col.metric];
        row[c] = e.is_object() ? e.value("value", Json()) : e;
      }
    }
    d.rows.push_back(std::move(row));
  }
  return d;
}

std::string datasetCsv(const Dataset& d) {
  std::ostringstream out;
  for (std::size_t c = 0; c < d.columns.size(); ++c) out << (c ? "," : "") << csvField(d.columns[c].name);
  out << "\n";
  for (const std::vector<Json>& row : d.rows) {
    for (std::size_t c = 0; c < row.size(); ++c) out << (c ? "," : "") << csvCell(row[c]);
    out << "\n";
  }
  return out.str();
}

Json datasetMeta(const Dataset& d) {
  Json columns = Json::array();
  for (const DatasetColumn& col : d.columns) {
    Json c = {{"name", col.name}, {"kind", col.kind}};
    if (col.kind == "metric") c["unit"] = col.unit, c["metric"] = col.metric;
    if (!col.pointer.empty()) c["pointer"] = col.pointer;
    columns.push_back(c);
  }
  Json unfinished = Json::array();
  for (std::size_t i = 0; i < d.unfinishedIds.size(); ++i)
    unfinished.push_back({{"run_id", d.unfinishedIds[i]}, {"status", d.unfinishedStatus[i]}});
  return {{"format", "regolith-dataset 1"},
          {"study", d.study},
          {"rows", d.rows.size()},
          {"columns", columns},
          {"unfinished", unfinished}};
}

std::string csvMetaPath(const std::string& csvPath) {
  return (endsWith(csvPath, ".csv") ? csvPath.substr(0, csvPath.size() - 4) : csvPath) + ".meta.json";
}

void writeDatasetH5(const Dataset& d, const std::string& path) {
  std::vector<TableColumn> columns;
  std::string names;
  for (std::size_t c = 0; c < d.columns.size(); ++c) {
    const DatasetColumn& col = d.columns[c];
    names += (c ? "," : "") + col.name;
    TableColumn t;
    t.group = col.kind == "parameter" ? "parameters" : col.kind == "metric" ? "metrics" : "";
    t.name = col.kind == "metric" ? col.metric : col.name;  // groups keep a twin's name apart
    // A column is numeric when every value is a number or null.
    t.isString = false;
    for (const std::vector<Json>& row : d.rows)
      if (!row[c].is_number() && !row[c].is_null()) t.isString = true;
    for (const std::vector<Json>& row : d.rows) {
      if (t.isString) t.strings.push_back(row[c].is_string() ? row[c].get<std::string>() : row[c].dump());
      else t.numbers.push_back(row[c].is_number() ? row[c].get<double>() : std::numeric_limits<double>::quiet_NaN());
    }
    if (!col.pointer.empty()) t.attributes["pointer"] = col.pointer;
    if (col.kind == "metric") t.attributes["unit"] = col.unit;
    columns.push_back(std::move(t));
  }
  std::map<std::string, std::vector<std::string>> lists;
  if (!d.unfinishedIds.empty()) {
    lists["unfinished/run_id"] = d.unfinishedIds;
    lists["unfinished/status"] = d.unfinishedStatus;
  }
  writeTableH5(path, columns,
               {{"study", d.study},
                {"columns", names},
                {"rows", std::to_string(d.rows.size())},
                {"unfinished_count", std::to_string(d.unfinished.size())},
                {"format", "regolith-dataset 1"}},
               lists);
}

bool writeDataset(const Dataset& d, const std::string& path) {
  if (endsWith(path, ".csv")) {
    writeFileAtomically(path, datasetCsv(d));
    writeFileAtomically(csvMetaPath(path), datasetMeta(d).dump(2) + "\n");
  } else if (endsWith(path, ".h5") || endsWith(path, ".hdf5")) {
    writeDatasetH5(d, path);
  } else {
    return false;
  }
  return true;
}

}  // namespace regolith::batch
