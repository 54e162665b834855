// Shared by the Output suite's files: the sample run (simulated once per process), a fresh
// folder per test, and bit-for-bit comparisons of what the run files hold.
#pragma once

#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/checkpoint/checkpoint.h"
#include "io/run_file/run_file.h"
#include "tests/support/sample_run.h"

namespace regolith::test {

namespace fs = std::filesystem;

// The sample run is simulated once for the whole suite (it is deterministic).
inline const SampleRun& sampleRun() {
  static const SampleRun run = test::simulateSampleRun();
  return run;
}

// A fresh folder per test under the system's temporary directory.
inline fs::path freshDir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path dir = fs::temp_directory_path() / "regolith_output_test" / info->name();
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Bit-for-bit equality of arrays of plain values (doubles compared as bytes: -0 != +0).
template <class T>
void expectSameBytes(const std::vector<T>& a, const std::vector<T>& b, const char* what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  if (a.empty()) return;
  EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(T)), 0) << what;
}

inline void expectSameState(const StateArrays& a, const StateArrays& b) {
  forEachStateField([](const StateField& f, const auto& x, const auto& y) { expectSameBytes(x, y, f.member); }, a, b);
}

inline void expectSameBoundaries(const std::vector<BoundaryPrimitive>& a, const std::vector<BoundaryPrimitive>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].kind, b[i].kind);
    EXPECT_EQ(a[i].material, b[i].material);
    EXPECT_EQ(a[i].owner, b[i].owner);
    EXPECT_EQ(a[i].inside, b[i].inside);
    expectSameBytes(std::vector<Vec3d>{a[i].point}, {b[i].point}, "point");
    expectSameBytes(std::vector<Vec3>{a[i].normal, a[i].tangentU, a[i].tangentV},
                    {b[i].normal, b[i].tangentU, b[i].tangentV}, "axes");
    expectSameBytes(std::vector<Real>{a[i].halfU, a[i].halfV, a[i].radius, a[i].halfLength},
                    {b[i].halfU, b[i].halfV, b[i].radius, b[i].halfLength}, "sizes");
  }
}

inline void expectSameFrame(const FrameData& a, const FrameData& b) {
  EXPECT_EQ(a.step, b.step);
  expectSameBytes(std::vector<double>{a.time}, {b.time}, "time");
  expectSameState(a.state, b.state);
  expectSameBytes(a.ownerTemplate, b.ownerTemplate, "ownerTemplate");
  expectSameBytes(a.sphereCentres, b.sphereCentres, "sphereCentres");
  expectSameBoundaries(a.boundaries, b.boundaries);
  EXPECT_EQ(a.hasContacts, b.hasContacts);
  expectSameBytes(a.contacts.pairFirst, b.contacts.pairFirst, "pairFirst");
  expectSameBytes(a.contacts.pairSecond, b.contacts.pairSecond, "pairSecond");
  expectSameBytes(a.contacts.pairForce, b.contacts.pairForce, "pairForce");
  expectSameBytes(a.contacts.wallSphere, b.contacts.wallSphere, "wallSphere");
  expectSameBytes(a.contacts.wallBoundary, b.contacts.wallBoundary, "wallBoundary");
  expectSameBytes(a.contacts.wallForce, b.contacts.wallForce, "wallForce");
}

// Every field of the series record (io/run_file/run_file_records.h), row by row.
inline void expectSameSeries(const std::vector<SeriesSample>& a, const std::vector<SeriesSample>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    forEachSeriesField([&](const SeriesField& f, const auto& x,
                           const auto& y) { EXPECT_EQ(std::memcmp(&x, &y, sizeof x), 0) << f.member << " row " << i; },
                       a[i], b[i]);
}

// Rows of body `b` over the whole sample run.
inline std::vector<SeriesSample> bodyRows(const SampleRun& run, std::size_t b) {
  std::vector<SeriesSample> rows;
  for (const auto& sample : run.seriesRows) rows.push_back(sample[b]);
  return rows;
}

inline std::string thrownMessage(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(nothing thrown)";
}

}  // namespace regolith::test
