// Output: series.csv reads back exactly, and a resume drops the rows after the checkpoint
// and a torn last line.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "io/run_file/series_csv.h"
#include "tests/support/output_compare.h"

namespace regolith {
namespace {

using namespace test;  // the Output helpers (tests/support/output_compare.h)

TEST(Output, SeriesCsvRoundTripsAndResumes) {
  const fs::path dir = freshDir();
  const SampleRun& run = sampleRun();
  const std::string path = (dir / "series.csv").string();
  {
    SeriesCsvWriter csv = SeriesCsvWriter::create(path, run.header.bodyNames);
    for (const auto& rows : run.seriesRows) csv.append(rows);
  }
  std::vector<SeriesCsvRow> rows = readSeriesCsv(path);
  ASSERT_EQ(rows.size(), run.seriesRows.size() * 2);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].body, run.header.bodyNames[i % 2]);
    expectSameSeries({rows[i].sample}, {run.seriesRows[i / 2][i % 2]});
  }
  // Resume at the second sample: later rows go, appending continues after it.
  const double lastTime = run.seriesRows[1][0].time;
  {
    SeriesCsvWriter csv = SeriesCsvWriter::openForAppend(path, run.header.bodyNames, lastTime);
    csv.append(run.seriesRows[2]);
  }
  rows = readSeriesCsv(path);
  ASSERT_EQ(rows.size(), 6u);
  expectSameSeries({rows[5].sample}, {run.seriesRows[2][1]});
  EXPECT_FALSE(fs::exists(path + ".tmp"));
}

// A kill in the middle of a row leaves a torn last line (no line break): a resume drops
// it, even where the torn part still parses; a plain read refuses a short row by line.
TEST(Output, SeriesCsvResumeDropsATornLastLine) {
  const fs::path dir = freshDir();
  const SampleRun& run = sampleRun();
  const std::string path = (dir / "series.csv").string();
  {
    SeriesCsvWriter csv = SeriesCsvWriter::create(path, run.header.bodyNames);
    csv.append(run.seriesRows[0]);
  }
  std::ofstream(path, std::ios::app) << "0.5,wheel,1.25,3";
  EXPECT_EQ(thrownMessage([&] { readSeriesCsv(path); }), path + ": line 4: expected 37 columns, found 4");
  SeriesCsvWriter::openForAppend(path, run.header.bodyNames, 1.0).append(run.seriesRows[1]);
  std::vector<SeriesCsvRow> rows = readSeriesCsv(path);
  ASSERT_EQ(rows.size(), 4u);
  expectSameSeries({rows[3].sample}, {run.seriesRows[1][1]});
  // A row cut inside its last number ("1" of "1.5") parses, but has no line break.
  std::string torn = "0.5,wheel";
  for (int c = 0; c < 19; ++c) torn += ",1";
  std::ofstream(path, std::ios::app) << torn;
  SeriesCsvWriter::openForAppend(path, run.header.bodyNames, 1.0);
  rows = readSeriesCsv(path);
  EXPECT_EQ(rows.size(), 4u);
}

}  // namespace
}  // namespace regolith
