// WheelLoad: a grouser wheel (a generated mesh) comes to rest on a settled bed; the loads it
// and the floor report in the run's body series must be the weights they carry. Runs the
// real binary on tests/data/wheel_load.json and reads series.csv and run.h5 back.
#include <gtest/gtest.h>

#include <filesystem>

#include "tests/support/child_process.h"
#include "io/run_file/run_file.h"
#include "io/run_file/series_csv.h"
#include "tests/support/scratch_dir.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;
using namespace regolith::test;

constexpr double kGravity = 9.81;      // the scene's "earth"
constexpr double kWindowStart = 0.20;  // [s]: the wheel is let go at 0.12 s, rests by 0.18 s

struct WindowMean {
  double fz = 0, fnz = 0, ftz = 0;  // mean over the window's rows [N]
  double vzFirst = 0, vzLast = 0;   // at its ends [m/s]
  long rows = 0, contacts = 0;      // rows; contacts in the last row
};

WindowMean windowOf(const std::vector<SeriesCsvRow>& rows, const std::string& body) {
  WindowMean m;
  for (const SeriesCsvRow& r : rows) {
    if (r.body != body || r.sample.time < kWindowStart) continue;
    if (m.rows == 0) m.vzFirst = r.sample.velocity.z;
    m.vzLast = r.sample.velocity.z;
    m.fz += r.sample.force.z;
    m.fnz += r.sample.forceNormal.z;
    m.ftz += r.sample.forceTangential.z;
    m.contacts = r.sample.contacts;
    ++m.rows;
  }
  if (m.rows > 0) {
    m.fz /= double(m.rows);
    m.fnz /= double(m.rows);
    m.ftz /= double(m.rows);
  }
  return m;
}

TEST(WheelLoad, SlowGrouserWheelOnASettledBedCarriesItsWeight) {
  const fs::path dir = scratchDir("regolith_wheel_load_");
  fs::create_directories(dir);
  const std::string scene = std::string(REGOLITH_SOURCE_DIR) + "/tests/data/wheel_load.json";
  // One thread, as every test process (tests/CMakeLists.txt): ctest runs two processes on
  // CI's two cores, and this run beside Beds.Slow..., both on two threads, took 137 s
  // instead of 8 (OpenMP's threads spinning at barriers for a core the other holds).
  ASSERT_EQ(runToEnd({REGOLITH_BINARY, "run", scene, "--out", (dir / "out").string(), "--threads", "1"},
                     (dir / "run.log").string()),
            0)
      << "see " << (dir / "run.log").string();

  const RunFileReader run((dir / "out" / "run.h5").string());
  const StateArrays s = run.frame(run.frameCount() - 1).state;
  // The bodies come first (owner 0: the wheel), then the grains.
  const double wheelMass = s.ownerMass[0];
  double grainMass = 0;
  for (std::size_t o = 1; o < s.ownerCount(); ++o) grainMass += s.ownerMass[o];
  ASSERT_GT(wheelMass, 0);
  ASSERT_GT(s.ownerCount(), 1000u);

  const std::vector<SeriesCsvRow> rows = readSeriesCsv((dir / "out" / "series.csv").string());
  const WindowMean wheel = windowOf(rows, "wheel");
  const WindowMean floor = windowOf(rows, "floor");
  const WindowMean walls = windowOf(rows, "walls");
  ASSERT_GE(wheel.rows, 400);  // 0.05 s of rows every 0.1 ms

  // The wheel rests on the bed: it touches grains and has stopped (below 1 mm/s).
  EXPECT_GT(wheel.contacts, 0);
  EXPECT_LT(std::fabs(wheel.vzLast), 1e-3);
  // Its vertical contact force balances its weight. Over a window of length T the mean
  // force is m g + m (v_last - v_first) / T exactly (momentum); with both speeds below
  // 1 mm/s that term is below 0.4 % of m g, and the mean of the ~500 sampled values
  // (every tenth step) carries a sampling error of the same order, so 2 % is a bound with
  // margin that a force counted twice or half (edge and corner contacts on the grouser
  // tips) cannot meet.
  const double weight = wheelMass * kGravity;
  EXPECT_NEAR(wheel.fz, weight, 0.02 * weight);
  // Its normal and tangential parts add up to it (summed in another order: round-off).
  EXPECT_NEAR(wheel.fnz + wheel.ftz, wheel.fz, 1e-9 * weight);

  // The floor carries every grain and the wheel: the side walls are frictionless (a pair
  // override), so they take no vertical load, and the grains have stopped: their momentum
  // change between the frames at the window's ends (0.2 s and 0.25 s) is below 1e-3 of
  // the weight's impulse. The load on the floor is downwards.
  const double total = (wheelMass + grainMass) * kGravity;
  const auto grainMomentumZ = [](const StateArrays& st) {
    double p = 0;
    for (std::size_t o = 1; o < st.ownerCount(); ++o) p += st.ownerMass[o] * st.ownerVelocity[o].z;
    return p;
  };
  const FrameData first = run.frame(run.frameCount() - 2);
  ASSERT_NEAR(first.time, kWindowStart, 1e-9);
  EXPECT_LT(std::fabs(grainMomentumZ(s) - grainMomentumZ(first.state)) / (0.05 * total), 1e-3);
  EXPECT_NEAR(-floor.fz, total, 0.01 * total);
  EXPECT_NEAR(walls.fz, 0.0, 1e-12);
  EXPECT_GT(floor.contacts, 100);
}

}  // namespace
}  // namespace regolith
