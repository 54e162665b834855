// series.csv writer and reader; see series_csv.h.
#include "io/run_file/series_csv.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace regolith {

namespace {

// A field's columns: its csv name, or that prefix and x y z (a Vec3) or w x y z (a quaternion).
template <class T>
void columnNames(const char* csv, const T&, std::vector<std::string>& out) {
  out.push_back(csv);
}
template <class T>
void columnNames(const char* csv, const Vec3T<T>&, std::vector<std::string>& out) {
  for (const char* axis : {"x", "y", "z"}) out.push_back(csv + std::string(axis));
}
void columnNames(const char* csv, const Quat&, std::vector<std::string>& out) {
  for (const char* part : {"w", "x", "y", "z"}) out.push_back(csv + std::string(part));
}

// The number columns: every field of REGOLITH_SERIES_FIELDS (io/run_file/run_file_records.h).
const std::vector<std::string>& numberColumns() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    forEachSeriesField([&](const SeriesField& f, const auto& v) { columnNames(f.csv, v, n); }, SeriesSample());
    return n;
  }();
  return names;
}

// The header: the first number column (time), the body, then the other number columns.
const std::string& csvHeader() {
  static const std::string text = [] {
    const std::vector<std::string>& n = numberColumns();
    std::string h = n[0] + ",body";
    for (std::size_t c = 1; c < n.size(); ++c) h += "," + n[c];
    return h;
  }();
  return text;
}

// A field's values as doubles, and back.
template <class T>
void appendValues(const T& v, std::vector<double>& out) {
  out.push_back(double(v));
}
template <class T>
void appendValues(const Vec3T<T>& v, std::vector<double>& out) {
  out.insert(out.end(), {double(v.x), double(v.y), double(v.z)});
}
void appendValues(const Quat& q, std::vector<double>& out) { out.insert(out.end(), {q.w, q.x, q.y, q.z}); }

template <class T>
void takeValues(const double*& v, T& out) {
  out = static_cast<T>(*v++);
}
template <class T>
void takeValues(const double*& v, Vec3T<T>& out) {
  out = Vec3T<T>(T(v[0]), T(v[1]), T(v[2]));
  v += 3;
}
void takeValues(const double*& v, Quat& out) {
  out = Quat(v[0], v[1], v[2], v[3]);
  v += 4;
}

std::FILE* openOrThrow(const std::string& path, const char* mode) {
  std::FILE* f = std::fopen(path.c_str(), mode);
  if (!f) throw std::runtime_error(path + ": cannot open: " + std::strerror(errno));
  return f;
}

std::string formatRow(const std::string& body, const SeriesSample& r) {
  std::vector<double> values;
  forEachSeriesField([&](const SeriesField&, const auto& v) { appendValues(v, values); }, r);
  std::string line;
  char number[32];
  for (std::size_t c = 0; c < values.size(); ++c) {
    std::snprintf(number, sizeof number, "%.17g", values[c]);
    line += number;
    line += ',';
    if (c == 0) line += body + ',';
  }
  line.back() = '\n';
  return line;
}

SeriesCsvRow parseRow(const std::string& line, const std::string& where) {
  std::vector<std::string> cells;
  std::stringstream in(line);
  std::string cell;
  while (std::getline(in, cell, ',')) cells.push_back(cell);
  const std::size_t numbers = numberColumns().size();
  if (cells.size() != numbers + 1)
    throw std::runtime_error(where + ": expected " + std::to_string(numbers + 1) + " columns, found " +
                             std::to_string(cells.size()));
  std::vector<double> v;
  for (std::size_t c = 0; c <= numbers; ++c) {
    if (c == 1) continue;
    char* end = nullptr;
    v.push_back(std::strtod(cells[c].c_str(), &end));
    if (end == cells[c].c_str() || *end != '\0')
      throw std::runtime_error(where + ": column " + std::to_string(c + 1) + " is not a number");
  }
  SeriesCsvRow row;
  row.body = cells[1];
  const double* next = v.data();
  forEachSeriesField([&](const SeriesField&, auto& out) { takeValues(next, out); }, row.sample);
  return row;
}

// Rows of the file. Every row the writer finishes ends in a line break, so with
// tornLastLine a last line without one (a write cut short, even where what is there
// still parses) is skipped instead of read.
std::vector<SeriesCsvRow> readRows(const std::string& path, bool tornLastLine) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open: " + std::strerror(errno));
  std::stringstream text;
  text << in.rdbuf();
  std::string content = text.str();
  if (tornLastLine && !content.empty() && content.back() != '\n')
    content.erase(content.rfind('\n') + 1);  // npos + 1 == 0: all of a header-only tear
  std::istringstream lines(content);
  std::string line;
  if (!std::getline(lines, line) || line != csvHeader())
    throw std::runtime_error(path + ": line 1: expected the header " + csvHeader());
  std::vector<SeriesCsvRow> rows;
  for (int number = 2; std::getline(lines, line); ++number) {
    if (!line.empty()) rows.push_back(parseRow(line, path + ": line " + std::to_string(number)));
  }
  return rows;
}

}  // namespace

SeriesCsvWriter::SeriesCsvWriter(std::string path, std::vector<std::string> bodies, std::FILE* file)
    : m_path(std::move(path)), m_bodies(std::move(bodies)), m_file(file) {}

SeriesCsvWriter SeriesCsvWriter::create(const std::string& path, std::vector<std::string> bodyNames) {
  for (const std::string& body : bodyNames)
    if (body.find_first_of(",\n\r\"") != std::string::npos)
      throw std::invalid_argument(path + ": body name '" + body +
                                  "' cannot be a CSV cell (comma, quote or line break)");
  std::FILE* f = openOrThrow(path, "w");
  std::fprintf(f, "%s\n", csvHeader().c_str());
  std::fflush(f);
  return SeriesCsvWriter(path, std::move(bodyNames), f);
}

SeriesCsvWriter SeriesCsvWriter::openForAppend(const std::string& path, std::vector<std::string> bodyNames,
                                               double lastTime) {
  // A kill during a write may leave a torn last line: it is dropped with the rest.
  const std::vector<SeriesCsvRow> rows = readRows(path, /*tornLastLine=*/true);
  const std::string tmp = path + ".tmp";
  {
    SeriesCsvWriter rewrite = create(tmp, bodyNames);
    for (const SeriesCsvRow& r : rows) {
      if (r.sample.time > lastTime) break;
      std::fputs(formatRow(r.body, r.sample).c_str(), rewrite.m_file.get());
    }
    if (std::fflush(rewrite.m_file.get()) != 0)
      throw std::runtime_error(tmp + ": cannot write: " + std::strerror(errno));
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    throw std::runtime_error(path + ": cannot rename " + tmp + " to it: " + std::strerror(errno));
  return SeriesCsvWriter(path, std::move(bodyNames), openOrThrow(path, "a"));
}

void SeriesCsvWriter::append(const std::vector<SeriesSample>& rows) {
  if (rows.size() != m_bodies.size())
    throw std::invalid_argument(m_path + ": " + std::to_string(rows.size()) + " rows for " +
                                std::to_string(m_bodies.size()) + " bodies");
  for (std::size_t b = 0; b < rows.size(); ++b) std::fputs(formatRow(m_bodies[b], rows[b]).c_str(), m_file.get());
  if (std::fflush(m_file.get()) != 0) throw std::runtime_error(m_path + ": cannot write: " + std::strerror(errno));
}

std::vector<SeriesCsvRow> readSeriesCsv(const std::string& path) { return readRows(path, /*tornLastLine=*/false); }

}  // namespace regolith
