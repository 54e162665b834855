// The walking hexapod's smoke run (examples/robots/hexapod/): dropped from 10 cm onto
// settled play sand (zeta = 3.75 N/cm^3, flat surface), it walks the alternating tripod
// gait forward, and a 2.277 kg payload makes its dactyls sink deeper and its walk slower
// (RFT-SiM's published trends, arXiv 2606.19504 Fig. 7).
#include <fstream>
#include <regex>
#include <sstream>

#include <gtest/gtest.h>

#include "robots/robot_simulation.h"
#include "tests/robots/robot_test_support.h"

namespace regolith::test {
namespace {

const std::string kHexapodDir = std::string(REGOLITH_SOURCE_DIR) + "/examples/robots/hexapod/";

struct Walk {
  double distancePerCycle = 0;  // chassis x over the gait's cycles [m]
  double dactylSinkage = 0;     // mean over the last cycle of the deepest plate's depth [m]
};

// Gait from 0.5 s (after the drop) for `cycles` cycles of 1 s; payload [kg] on the chassis;
// the model's own time step, or `timestep` [s] where given.
Walk walk(double payload, int cycles, const std::string& timestep = "") {
  std::ifstream in(kHexapodDir + "hexapod.xml");
  std::stringstream xml;
  xml << in.rdbuf();
  std::string model = std::regex_replace(
      xml.str(), std::regex("name=\"payload\" type=\"cylinder\" size=\"0.03 0.01\" mass=\"0.001\""),
      "name=\"payload\" type=\"cylinder\" size=\"0.03 0.01\" mass=\"" + std::to_string(payload) + "\"");
  EXPECT_NE(model, xml.str()) << "the payload geom was not found in hexapod.xml";
  if (!timestep.empty())
    model = std::regex_replace(model, std::regex("timestep=\"[^\"]*\""), "timestep=\"" + timestep + "\"");
  const std::string path = writeScratchFile("hexapod_" + std::to_string(payload) + "_" + timestep + ".xml", model);
  robots::RobotSimulation sim(path, robots::loadTerrain(kHexapodDir + "flat.terrain.json"));
  robots::TripodGait gait;
  gait.start = 0.5;
  sim.setController(robots::tripodGait(gait, sim.model()));
  const int chassis = mj_name2id(sim.model(), mjOBJ_BODY, "chassis");
  const double end = gait.start + cycles * gait.period;
  while (sim.time() < gait.start) sim.step();
  const double x0 = sim.data()->qpos[0];
  double sinkage = 0;
  int samples = 0;
  while (sim.time() < end) {
    sim.step();
    if (sim.time() < end - gait.period) continue;
    double deepest = 0;
    for (const robots::PlacedPlate& p : sim.terrain().plates())
      if (p.body != chassis) deepest = std::max(deepest, p.depth);
    sinkage += deepest;
    ++samples;
  }
  EXPECT_TRUE(sim.finite());
  return {(sim.data()->qpos[0] - x0) / cycles, sinkage / samples};
}

// Measured (2026-12-03): 10.4 mm per cycle, dactyls 68 mm deep. The band, 5 to 50 mm per
// cycle, holds that with room for other machines' rounding; a robot that slides back or
// stands still fails it below, one that skates over the sand (forces too large, or
// applied at the wrong point) above. Our legs are assumed (README), so only the sign and
// the order of magnitude are claimed, not the published robot's distance.
TEST(HexapodSmoke, WalksForward) {
  const Walk w = walk(0.001, 2);
  RecordProperty("distance_per_cycle_mm", std::to_string(w.distancePerCycle * 1e3));
  RecordProperty("dactyl_sinkage_mm", std::to_string(w.dactylSinkage * 1e3));
  EXPECT_GT(w.distancePerCycle, 0.005);
  EXPECT_LT(w.distancePerCycle, 0.05);
  EXPECT_GT(w.dactylSinkage, 0.005) << "the dactyls are in the sand";
}

// The study's terrain files (examples/robots/hexapod/*.terrain.json) load against its model;
// the hexapod has the 3,000 plates or more.
TEST(HexapodSmoke, TerrainFilesLoad) {
  for (const char* file : {"flat.terrain.json", "deforming.terrain.json"}) {
    robots::RobotSimulation sim(kHexapodDir + "hexapod.xml", robots::loadTerrain(kHexapodDir + file));
    EXPECT_GE(sim.terrain().plateCount(), 3000u) << file;
    EXPECT_EQ(sim.terrain().surface().grid() != nullptr, std::string(file) == "deforming.terrain.json");
  }
}

TEST(HexapodSmoke, SinkageGrowsWithPayload) {
  const Walk light = walk(0.001, 2), heavy = walk(2.277, 2);
  RecordProperty("sinkage_mm_0kg", std::to_string(light.dactylSinkage * 1e3));
  RecordProperty("sinkage_mm_2.277kg", std::to_string(heavy.dactylSinkage * 1e3));
  RecordProperty("distance_per_cycle_mm_0kg", std::to_string(light.distancePerCycle * 1e3));
  RecordProperty("distance_per_cycle_mm_2.277kg", std::to_string(heavy.distancePerCycle * 1e3));
  EXPECT_GT(heavy.dactylSinkage, light.dactylSinkage * 1.1);
  EXPECT_LT(heavy.distancePerCycle, light.distancePerCycle);
}

// The example's step is converged (its README, "Time step and integrator"): with the
// smoothing a time (tau_F), halving the step leaves the smoke walk's distance and sinkage
// within 2 %. Measured: the smoke walk 16.58 against 16.47 mm/cycle (0.6 %), the full
// 5-cycle walk 0.1 % in distance and sinkage. At the published 0.8 ms with kappa_F = 0.5 a
// step, halving the step changed the distance by 20 %, which this bound catches.
TEST(HexapodSmoke, WalkIsConvergedInTheTimeStep) {
  const Walk atStep = walk(0.001, 2), halved = walk(0.001, 2, "0.00005");
  RecordProperty("distance_per_cycle_mm", std::to_string(atStep.distancePerCycle * 1e3));
  RecordProperty("distance_per_cycle_mm_halved", std::to_string(halved.distancePerCycle * 1e3));
  EXPECT_NEAR(atStep.distancePerCycle / halved.distancePerCycle, 1.0, 0.02);
  EXPECT_NEAR(atStep.dactylSinkage / halved.dactylSinkage, 1.0, 0.02);
}

}  // namespace
}  // namespace regolith::test
