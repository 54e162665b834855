// /series/<body> of run.h5: one extendible dataset per quantity, one row per sample.
#include <type_traits>
#include <utility>

#include "io/run_file/dataset_units.h"
#include "io/h5/h5_arrays.h"
#include "io/run_file/run_file_layout.h"

namespace regolith::run_layout {

namespace {

// One sample of a field as its dataset's row (a Vec3: x y z, a quaternion: w x y z).
template <class T>
std::vector<T> rowOf(const T& v) {
  return {v};
}
template <class T>
std::vector<T> rowOf(const Vec3T<T>& v) {
  return {v.x, v.y, v.z};
}
std::vector<double> rowOf(const Quat& q) { return {q.w, q.x, q.y, q.z}; }

template <class Member>
using SeriesType = std::decay_t<decltype(std::declval<SeriesSample&>().*std::declval<Member>())>;

}  // namespace

// The datasets are the lines of REGOLITH_SERIES_FIELDS (io/run_file/run_file_records.h).
void createSeries(const h5::Group& g) {
  forEachSeriesFieldMember<SeriesSample>([&](const SeriesField& f, auto member) {
    using E = FieldElement<SeriesType<decltype(member)>>;
    g.createRows<typename E::Scalar>(f.dataset, E::components == 1 ? 0 : E::components);
  });
  labelUnits(g);
}

void appendSeries(const h5::Group& g, const SeriesSample& r) {
  forEachSeriesField([&](const SeriesField& f, const auto& v) { g.appendRows(f.dataset, rowOf(v)); }, r);
}

std::vector<SeriesSample> readSeries(const h5::Group& g) {
  std::vector<SeriesSample> rows;
  bool first = true;
  forEachSeriesFieldMember<SeriesSample>([&](const SeriesField& f, auto member) {
    std::vector<SeriesType<decltype(member)>> column;
    h5::readArray(g, f.dataset, column);
    if (first) rows.resize(column.size());
    first = false;
    if (column.size() != rows.size()) throw std::runtime_error(g.where() + ": series datasets differ in length");
    for (std::size_t i = 0; i < rows.size(); ++i) rows[i].*member = column[i];
  });
  return rows;
}

}  // namespace regolith::run_layout
