// `regolith bench cosim` at smoke scale (coupling/cosim_bench.h): it builds its bed and
// wheel, times each thread count, and its JSON has every field, with counts that add up.
// No timing is asserted (speed is measured by the bench, not by tests).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "coupling/cosim_bench.h"
#include "tests/support/scratch_dir.h"

namespace regolith::test {
namespace {

TEST(CosimBench, SmokeScaleRunsAndItsCountsAddUp) {
  coupling::CosimBenchOptions o;
  o.spheres = 2000;
  o.threads = {1, 2};
  o.settleSeconds = 0.002;
  o.seconds = 0.001;
  o.scratchDir = scratchDir("cosim_bench_test").string();
  const nlohmann::json j = coupling::cosimBenchJson(coupling::runCosimBench(o));
  EXPECT_GE(j["spheres"].get<std::size_t>(), 2000u);
  EXPECT_GT(j["triangles"].get<std::size_t>(), 100u);  // the wheel's cylinder at 5 mm
  ASSERT_EQ(j["runs"].size(), 2u);
  for (const nlohmann::json& r : j["runs"]) {
    EXPECT_EQ(r["intervals"].get<std::size_t>(), 5u);   // 1 ms of 0.2 ms intervals
    EXPECT_EQ(r["dem_steps"].get<std::size_t>(), 50u);  // 10 DEM steps each
    const double wall = r["wall_seconds"], dem = r["dem_seconds"], exchange = r["exchange_seconds"],
                 mujoco = r["mujoco_seconds"];
    EXPECT_GT(dem, 0.0);
    EXPECT_GE(exchange, 0.0);
    EXPECT_NEAR(dem + exchange + mujoco, wall, 1e-9 + 1e-9 * wall);
    EXPECT_DOUBLE_EQ(r["overhead"].get<double>(), (exchange + mujoco) / dem);
  }
  // Both thread counts ran the same physics: the wheel sank alike (the CPU build sums in a
  // fixed order, so bit for bit).
  EXPECT_EQ(j["runs"][0]["sinkage_m"].get<double>(), j["runs"][1]["sinkage_m"].get<double>());
  EXPECT_NE(coupling::cosimBenchText(j).find("exchange + MuJoCo"), std::string::npos);
}

}  // namespace
}  // namespace regolith::test
