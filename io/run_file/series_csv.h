// DIR/series.csv: every body's time series in one long table for quick plots
// (docs/output-format.md). Columns:
//   time,body,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz,fx,fy,fz,tx,ty,tz,
//   fnx,fny,fnz,ftx,fty,ftz,tnx,tny,tnz,ttx,tty,ttz,contacts,cx,cy,cz
// in SI units (s, m, m/s, rad/s, N, N m), one row per body per sample, numbers with 17
// significant digits (they read back bit for bit; a centroid without contacts is nan).
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "io/run_file/run_file.h"

namespace regolith {

class SeriesCsvWriter {
 public:
  // Creates `path` (replacing a file there) with the header line.
  static SeriesCsvWriter create(const std::string& path, std::vector<std::string> bodyNames);
  // Continues `path`: rows with time > lastTime are dropped first (the file is rewritten
  // to a temporary name and renamed).
  static SeriesCsvWriter openForAppend(const std::string& path, std::vector<std::string> bodyNames, double lastTime);

  // One row per body, in bodyNames order; then flushes.
  void append(const std::vector<SeriesSample>& rows);

 private:
  struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  SeriesCsvWriter(std::string path, std::vector<std::string> bodies, std::FILE* file);
  std::string m_path;
  std::vector<std::string> m_bodies;
  std::unique_ptr<std::FILE, Closer> m_file;
};

struct SeriesCsvRow {
  std::string body;
  SeriesSample sample;
};

// Every row of a series.csv; throws std::runtime_error naming the file and line.
std::vector<SeriesCsvRow> readSeriesCsv(const std::string& path);

}  // namespace regolith
