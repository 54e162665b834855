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

constexpr const char* kHeader =
    "time,body,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz,fx,fy,fz,tx,ty,tz,"
    "fnx,fny,fnz,ftx,fty,ftz,tnx,tny,tnz,ttx,tty,ttz,contacts,cx,cy,cz";
constexpr int kNumberColumns = 36;  // every column but body

std::FILE* openOrThrow(const std::string& path, const char* mode) {
  std::FILE* f = std::fopen(path.c_str(), mode);
  if (!f) throw std::runtime_error(path + ": cannot open: " + std::strerror(errno));
  return f;
}

std::string formatRow(const std::string& body, const SeriesSample& r) {
  const double values[kNumberColumns] = {r.time,
                                         r.position.x,
                                         r.position.y,
                                         r.position.z,
                                         r.orientation.w,
                                         r.orientation.x,
                                         r.orientation.y,
                                         r.orientation.z,
                                         r.velocity.x,
                                         r.velocity.y,
                                         r.velocity.z,
                                         r.angularVelocity.x,
                                         r.angularVelocity.y,
                                         r.angularVelocity.z,
                                         r.force.x,
                                         r.force.y,
                                         r.force.z,
                                         r.torque.x,
                                         r.torque.y,
                                         r.torque.z,
                                         r.forceNormal.x,
                                         r.forceNormal.y,
                                         r.forceNormal.z,
                                         r.forceTangential.x,
                                         r.forceTangential.y,
                                         r.forceTangential.z,
                                         r.torqueNormal.x,
                                         r.torqueNormal.y,
                                         r.torqueNormal.z,
                                         r.torqueTangential.x,
                                         r.torqueTangential.y,
                                         r.torqueTangential.z,
                                         double(r.contacts),
                                         r.patchCentroid.x,
                                         r.patchCentroid.y,
                                         r.patchCentroid.z};
  std::string line;
  char number[32];
  for (int c = 0; c < kNumberColumns; ++c) {
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
  if (cells.size() != kNumberColumns + 1)
    throw std::runtime_error(where + ": expected " + std::to_string(kNumberColumns + 1) + " columns, found " +
                             std::to_string(cells.size()));
  double v[kNumberColumns];
  for (int c = 0, k = 0; c <= kNumberColumns; ++c) {
    if (c == 1) continue;
    char* end = nullptr;
    v[k++] = std::strtod(cells[c].c_str(), &end);
    if (end == cells[c].c_str() || *end != '\0')
      throw std::runtime_error(where + ": column " + std::to_string(c + 1) + " is not a number");
  }
  SeriesCsvRow row;
  row.body = cells[1];
  SeriesSample& s = row.sample;
  s.time = v[0];
  s.position = Vec3d(v[1], v[2], v[3]);
  s.orientation = Quat(v[4], v[5], v[6], v[7]);
  s.velocity = Vec3(Real(v[8]), Real(v[9]), Real(v[10]));
  s.angularVelocity = Vec3(Real(v[11]), Real(v[12]), Real(v[13]));
  s.force = Vec3(Real(v[14]), Real(v[15]), Real(v[16]));
  s.torque = Vec3(Real(v[17]), Real(v[18]), Real(v[19]));
  s.forceNormal = Vec3(Real(v[20]), Real(v[21]), Real(v[22]));
  s.forceTangential = Vec3(Real(v[23]), Real(v[24]), Real(v[25]));
  s.torqueNormal = Vec3(Real(v[26]), Real(v[27]), Real(v[28]));
  s.torqueTangential = Vec3(Real(v[29]), Real(v[30]), Real(v[31]));
  s.contacts = static_cast<std::int32_t>(v[32]);
  s.patchCentroid = Vec3d(v[33], v[34], v[35]);
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
  if (!std::getline(lines, line) || line != kHeader)
    throw std::runtime_error(path + ": line 1: expected the header " + std::string(kHeader));
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
  std::fprintf(f, "%s\n", kHeader);
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
