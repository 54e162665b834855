// The run file's per-body series record, declared once (an X-macro table, as the state's
// fields in kernels/state_fields.h): SeriesSample (io/run_file/run_file.h) takes its members from
// it, and the /series/<body> datasets of run.h5 (io/run_file/series_io.cpp), the columns of
// series.csv (io/run_file/series_csv.cpp), their units (io/run_file/dataset_units.cpp) and the Python rows
// (RunFile.series, Simulation.body) loop over it.
#pragma once

#include <cstdint>

#include "kernels/state_fields.h"
#include "kernels/backend/vec3.h"

namespace regolith {

// X(member, type, dataset, python, csv, unit)
//   dataset  its dataset in /series/<body> (docs/output-format.md)
//   python   its key in RunFile.series and its attribute in Simulation.body
//   csv      its series.csv column, or the prefix of its columns (x, y, z; w, x, y, z)
//   unit     SI unit of the dataset's "units" attribute ("" for a count)
// The order is the order of the datasets and of the CSV columns.
#define REGOLITH_SERIES_FIELDS(X)                                                  \
  X(time, double, "time", "time", "time", "s")                                     \
  X(position, Vec3d, "position", "position", "", "m")                              \
  X(orientation, Quat, "orientation", "orientation", "q", "1")                     \
  X(velocity, Vec3, "velocity", "velocity", "v", "m/s")                            \
  X(angularVelocity, Vec3, "angular_velocity", "angular_velocity", "w", "rad/s")   \
  X(force, Vec3, "force", "force", "f", "N")                                       \
  X(torque, Vec3, "torque", "torque", "t", "N m")                                  \
  X(forceNormal, Vec3, "force_normal", "force_normal", "fn", "N")                  \
  X(forceTangential, Vec3, "force_tangential", "force_tangential", "ft", "N")      \
  X(torqueNormal, Vec3, "torque_normal", "torque_normal", "tn", "N m")             \
  X(torqueTangential, Vec3, "torque_tangential", "torque_tangential", "tt", "N m") \
  X(contacts, std::int32_t, "contact_count", "contacts", "contacts", "")           \
  X(patchCentroid, Vec3d, "patch_centroid", "patch_centroid", "c", "m")

// One line of the series table, as values.
struct SeriesField {
  const char* member;
  const char* dataset;
  const char* python;
  const char* csv;
  const char* unit;
};

#define REGOLITH_SERIES_FIELD_VALUE(member, Type, dataset, python, csv, unit) \
  SeriesField{#member, dataset, python, csv, unit},

inline constexpr SeriesField kSeriesFields[] = {REGOLITH_SERIES_FIELDS(REGOLITH_SERIES_FIELD_VALUE)};

// Calls f(field, &Structs::member...) for every line of the table, in table order.
template <class... Structs, class F>
void forEachSeriesFieldMember(F&& f) {
#define REGOLITH_VISIT_SERIES_MEMBER(member, Type, dataset, python, csv, unit) \
  f(REGOLITH_SERIES_FIELD_VALUE(member, Type, dataset, python, csv, unit) & Structs::member...);
  REGOLITH_SERIES_FIELDS(REGOLITH_VISIT_SERIES_MEMBER)
#undef REGOLITH_VISIT_SERIES_MEMBER
}

// Calls f(field, rows.member...) for every line of the table, in table order.
template <class F, class... Rows>
void forEachSeriesField(F&& f, Rows&&... rows) {
#define REGOLITH_VISIT_SERIES_FIELD(member, Type, dataset, python, csv, unit) \
  f(REGOLITH_SERIES_FIELD_VALUE(member, Type, dataset, python, csv, unit) rows.member...);
  REGOLITH_SERIES_FIELDS(REGOLITH_VISIT_SERIES_FIELD)
#undef REGOLITH_VISIT_SERIES_FIELD
}

}  // namespace regolith
