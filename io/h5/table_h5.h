// A table of named columns (numbers or strings) written to HDF5 through io/h5/h5_file.h, for
// `regolith collect`: one 1-D dataset per column under a group, attributes on each
// (unit, pointer) and on the file (what the table is, what was left out). h5py reads it as
// f["metrics/sinkage"][:] and f["metrics/sinkage"].attrs["unit"].
#pragma once

#include <map>
#include <string>
#include <vector>

namespace regolith {

struct TableColumn {
  std::string group;  // "" (the root), "parameters", "metrics", ...
  std::string name;
  bool isString = false;
  std::vector<double> numbers;  // NaN for a missing value
  std::vector<std::string> strings;
  std::map<std::string, std::string> attributes;
};

// Replaces `path`. `attributes` go on the root group; `lists` become 1-D string datasets
// at their keys (e.g. "unfinished/run_id").
void writeTableH5(const std::string& path, const std::vector<TableColumn>& columns,
                  const std::map<std::string, std::string>& attributes,
                  const std::map<std::string, std::vector<std::string>>& lists);

}  // namespace regolith
