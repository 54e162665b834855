// The "units" attribute of run.h5's datasets: the unit of each quantity by dataset name
// (docs/output-format.md lists the same), so that h5py users read it from the file.
#pragma once

#include <string>

#include "io/h5/h5_file.h"

namespace regolith::run_layout {

// The SI unit of a run-file dataset named `name` ("m", "m/s", "N m", "1" for a quaternion
// or a ratio), or "" for names that hold indices, ids, counts or text.
std::string datasetUnit(const std::string& name);

// Sets the attribute "units" on every dataset of `g` whose name has a unit.
void labelUnits(const h5::Group& g);

}  // namespace regolith::run_layout
