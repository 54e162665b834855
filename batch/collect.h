// Collecting a batch (`regolith collect DIR --out dataset.h5|dataset.csv`,
// apps/collect_command.cpp): every finished run's metrics.json with its swept parameters
// as one table (the training set `regolith fit` reads); runs not finished are listed in
// the output's metadata.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace regolith::batch {

using Json = nlohmann::json;

struct DatasetColumn {
  std::string name;     // run_id, <parameter>, seed, <metric> (measured_<metric> when a
                        // parameter has the metric's name: a swept slip and the measured one)
  std::string kind;     // "id", "parameter", "seed", "metric"
  std::string pointer;  // parameters: where the value is set in the scene
  std::string unit;     // metrics: from metrics.json ("" when it gives none)
  std::string metric;   // metrics: the name in metrics.json
};

struct Dataset {
  std::string study;
  std::vector<DatasetColumn> columns;
  std::vector<std::vector<Json>> rows;  // one per finished run, values in column order
  std::vector<std::string> unfinished;  // "run_0003 failed (exit 2)", one per run left out
  std::vector<std::string> unfinishedIds;
  std::vector<std::string> unfinishedStatus;
};

// The table of DIR's finished runs (std::runtime_error when DIR has no manifest).
// A run counts as finished when the manifest says so or its metrics.json exists (a Slurm
// task writes it without touching the manifest).
Dataset collectDataset(const std::string& dir);

// The CSV: a header of plain column names, then one row per run — nothing else, so that
// pandas.read_csv, numpy.genfromtxt(names=True) and spreadsheets read it as it is.
std::string datasetCsv(const Dataset& d);
// What the CSV cannot hold, for its sidecar DATASET.meta.json: {"format", "study",
// "columns": [{"name", "kind", "unit", "pointer"}], "unfinished": [{"run_id", "status"}]}.
Json datasetMeta(const Dataset& d);
// The sidecar's path for a CSV path: "slip.csv" -> "slip.meta.json".
std::string csvMetaPath(const std::string& csvPath);
// The HDF5 file (io/h5/table_h5.h): /run_id, /seed, /parameters/<name> (attribute pointer),
// /metrics/<name> (attribute unit), /unfinished/run_id and /status; root attributes study,
// columns (comma-separated, in order) and unfinished_count.
void writeDatasetH5(const Dataset& d, const std::string& path);

// Writes the dataset to `path` by its extension: .csv (with its sidecar) or .h5/.hdf5.
// False, writing nothing, for any other extension.
bool writeDataset(const Dataset& d, const std::string& path);

}  // namespace regolith::batch
