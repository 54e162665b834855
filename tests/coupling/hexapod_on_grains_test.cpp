// Issue 43's validation 4 at smoke scale: the hexapod of examples/robots/hexapod with its
// six legs on DEM patches and its chassis on RFT sand, from the example's terrain file
// (dem.terrain.json) with small patches of coarse grains instead of its settled bed:
// six coupled bodies and the plates of the RFT level in one MuJoCo step. The robot is let
// down onto the grains and stands; it must come to rest on them with the grains and the
// sand carrying its weight, each leg in the grains. The full-size walk, beside
// the same robot on RFT sand, is the example README's ("On DEM grains").
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/coupling/coupling_test_support.h"

namespace regolith::test {
namespace {

const fs::path kHexapod = fs::path(REGOLITH_SOURCE_DIR) / "examples/robots/hexapod";

constexpr double kMass = 4.040;  // hexapod.xml's total [kg]
constexpr double kGravity = 9.81;

// The example's terrain file with each bin 20 cm deep (floor at z = -0.2: the legs sink
// some 15 cm into grains of this kind) and filled by an hcp lattice of 12 mm grains up to
// the chassis' RFT surface at z = 0, 3,942 in all (the example's bed is 56,628 grains of
// 6 mm); the lattice settles while the robot lands.
robots::TerrainSpec smokeTerrain() {
  nlohmann::json t = nlohmann::json::parse(fileText(kHexapod / "dem.terrain.json"));
  t["surface"]["height"] = 0.0;
  nlohmann::json& scene = t["dem"]["scene"];
  const double r = 0.006, spacing = 2.2 * r;
  scene["templates"][0]["spheres"][0]["radius"] = r;
  scene["sources"] = nlohmann::json::array();
  for (nlohmann::json& bin : scene["bodies"]) {
    nlohmann::json& box = bin["shape"];
    box["lo"][2] = -0.2;
    scene["sources"].push_back(
        {{"kind", "lattice"},
         {"template", "grain"},
         {"packing", "hcp"},
         {"spacing", spacing},
         {"lo", {box["lo"][0].get<double>() + r + 5e-4, box["lo"][1].get<double>() + r + 5e-4, -0.2 + r + 5e-4}},
         {"hi", {box["hi"][0].get<double>() - r - 5e-4, box["hi"][1].get<double>() - r - 5e-4, -r}}});
  }
  return robots::parseTerrain(t.dump(), "hexapod smoke terrain", kHexapod.string());
}

TEST(HexapodOnGrains, SixCoupledLegsAndAnRftChassisCarryItsWeightAtRest) {
  // The robot of hexapod_0.4ms.xml let down from 3 mm above the grains (its dactyls' tips
  // 18.6 cm below the chassis' centre): the chassis starts at 0.189 m.
  std::string xml = fileText(kHexapod / "hexapod.xml");
  const std::string from = "<body name=\"chassis\" pos=\"0 0 0.305\">";
  ASSERT_NE(xml.find(from), std::string::npos);
  xml.replace(xml.find(from), from.size(), "<body name=\"chassis\" pos=\"0 0 0.189\">");
  const std::size_t step = xml.find("timestep=\"");
  ASSERT_NE(step, std::string::npos);
  xml.replace(step, xml.find('"', step + 10) + 1 - step, "timestep=\"0.0004\"");
  CoupledRun run(writeFile("hexapod_smoke.xml", xml), smokeTerrain());

  // 0.5 s to land and settle, then the mean loads over 0.1 s.
  run.run(0.5);
  const int steps = 250;
  double legs = 0, chassis = 0, speed = 0;
  int legsInGrains = 0;
  for (int k = 0; k < steps; ++k) {
    run.robot->step();
    for (const robots::ExternalWrench& w : run.dem->wrenches()) legs += w.force.z() / steps;
    const std::vector<robots::BodySample> s = run.robot->sample();
    chassis += s.at(0).terrainForce.z() / steps;  // the chassis, MuJoCo's body 1 (sample() leaves the world out)
    speed = std::max(speed, s.at(0).velocity.norm());
    if (k == steps - 1)
      for (const robots::ExternalWrench& w : run.dem->wrenches()) legsInGrains += w.contacts > 0 ? 1 : 0;
  }
  const double weight = kMass * kGravity;
  std::printf("legs on grains %.2f N, chassis on RFT %.2f N, weight %.2f N, chassis speed %.2e m/s\n", legs, chassis,
              weight, speed);
  // At rest (the legs' servos hold their pose): the chassis moves by less than 1 cm/s
  // (measured 6.6 mm/s at most over the window: the lattice still settles under it).
  EXPECT_LT(speed, 0.01);
  // Every leg stands in the grains.
  EXPECT_EQ(legsInGrains, 6);
  // The grains and the RFT sand carry the weight: their mean vertical force over 0.1 s at
  // rest is the weight within 2 % (the residual motion's m dv/dt over the window, with
  // |v| < 1 cm/s, is at most 4.04 kg x 0.02 m/s / 0.1 s = 0.8 N, 2 % of 39.6 N; measured
  // 39.75 N against 39.63 N).
  EXPECT_NEAR(legs + chassis, weight, 0.02 * weight);
  // The legs carry their part through the grains (measured 9.2 N, 23 %; the chassis, down
  // on the sand as in the example's full run, carries the rest, 30.5 N): a coupling that
  // lost the legs' wrench would leave them nothing, one that doubled it would lift them.
  EXPECT_GT(legs, 0.1 * weight);
  EXPECT_LT(legs, 0.5 * weight);
}

}  // namespace
}  // namespace regolith::test
