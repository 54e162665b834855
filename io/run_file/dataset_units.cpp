// Units of run.h5's datasets by name (io/run_file/dataset_units.h).
#include "io/run_file/dataset_units.h"

#include <map>

#include "io/run_file/run_file_records.h"
#include "kernels/state_fields.h"

namespace regolith::run_layout {

std::string datasetUnit(const std::string& name) {
  // One table for frames, boundaries, templates and series: a name means one quantity
  // wherever it appears (radius is a length in all three).
  // The state's datasets and the series' take theirs from their tables
  // (kernels/state_fields.h, io/run_file/run_file_records.h).
  static const std::map<std::string, std::string> units = [] {
    std::map<std::string, std::string> u = {{"sphere_position", "m"}, {"sphere_velocity", "m/s"},
                                            {"contact_force", "N"},   {"wall_contact_force", "N"},
                                            {"body_vertices", "m"},   {"body_vertex_radius", "m"},
                                            {"point", "m"},           {"corner_1", "m"},
                                            {"corner_2", "m"},        {"half_u", "m"},
                                            {"half_v", "m"},          {"radius", "m"},
                                            {"half_length", "m"},     {"offset", "m"},
                                            {"mass", "kg"},           {"principal_inertia", "kg m^2"},
                                            {"principal_frame", "1"}};
    for (const SeriesField& f : kSeriesFields)
      if (*f.unit) u.emplace(f.dataset, f.unit);
    for (const StateField& f : kStateFields)
      if (*f.unit) u.emplace(f.dataset, f.unit);
    return u;
  }();
  const auto it = units.find(name);
  return it == units.end() ? "" : it->second;
}

void labelUnits(const h5::Group& g) {
  for (const std::string& name : g.children()) {
    const std::string unit = datasetUnit(name);
    if (!unit.empty()) g.object(name).setAttribute("units", unit);
  }
}

}  // namespace regolith::run_layout
