// The Rayleigh time-step guard and material validation.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/support/test_support.h"

namespace regolith::test {
namespace {

TEST(TimeStepGuard, RayleighTimeMatchesFormula) {
  // E = 1e8, nu = 0.3, rho = 2600, R = 5 mm: G = E / 2.6, t_R = pi R sqrt(rho/G)/0.92553.
  const Material m = material("grain", 1e8, 0.3, 2600);
  const double G = 1e8 / 2.6;
  EXPECT_NEAR(rayleighTime(m, 0.005), M_PI * 0.005 * std::sqrt(2600 / G) / 0.92553, 1e-12);
  // Linear in R: half the radius, half the time.
  EXPECT_NEAR(rayleighTime(m, 0.0025) / rayleighTime(m, 0.005), 0.5, 1e-14);
}

TEST(TimeStepGuard, FinestMaterialDecides) {
  const std::vector<Material> mats = {material("soft", 1e7, 0.3, 2600), material("stiff", 1e10, 0.3, 2600)};
  WorldBuilder w;
  w.addClump(sphereTemplate("a", 0.001, 0, 2600), Vec3d());
  w.addClump(sphereTemplate("b", 0.01, 1, 2600), Vec3d(1, 0, 0));
  w.addClump(sphereTemplate("c", 0.002, 1, 2600), Vec3d(2, 0, 0));
  const RayleighLimit lim = finestRayleighTime(mats, w.state());
  EXPECT_EQ(lim.material, "stiff");
  EXPECT_DOUBLE_EQ(lim.radius, 0.002);
  EXPECT_DOUBLE_EQ(lim.rayleighTime, rayleighTime(mats[1], 0.002));
}

TEST(TimeStepGuard, TooLargeStepIsRefusedWithBothNumbers) {
  const Material m = material("grain", 1e8, 0.3, 2600);
  WorldBuilder w;
  w.addClump(sphereTemplate("a", 0.005, 0, 2600), Vec3d());
  const double tR = rayleighTime(m, 0.005);
  Model model = modelWith({m}, 0.3 * tR);
  try {
    Simulation sim(model, w.state());
    FAIL() << "a step of 0.3 t_R must be refused";
  } catch (const TimeStepError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("Rayleigh"), std::string::npos) << msg;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g", tR);
    EXPECT_NE(msg.find(buf), std::string::npos) << "t_R missing: " << msg;
    std::snprintf(buf, sizeof buf, "%.4g", 0.3 * tR);
    EXPECT_NE(msg.find(buf), std::string::npos) << "dt missing: " << msg;
  }
  model.timeStep = 0.19 * tR;
  EXPECT_NO_THROW(Simulation(model, w.state()));
  model.timeStep = 0.3 * tR;
  model.allowLargeTimeStep = true;
  EXPECT_NO_THROW(Simulation(model, w.state()));
}

TEST(Materials, OutOfRangePropertiesAreRefusedByName) {
  WorldBuilder w;
  w.addClump(sphereTemplate("a", 0.005, 0, 2600), Vec3d());
  auto refused = [&](Material m, const char* what) {
    try {
      Simulation sim(modelWith({m}, 1e-7), w.state());
      ADD_FAILURE() << what << " accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    }
  };
  refused(material("bad", 1e8, 0.5, 2600), "Poisson");
  refused(material("bad", 1e8, 0.3, 2600, 0.0), "restitution");
  refused(material("bad", 1e8, 0.3, 2600, 1.2), "restitution");
  refused(material("bad", 1e8, 0.3, 2600, 0.5, -0.1), "friction");
  refused(material("bad", 1e8, 0.3, 0), "density");
  refused(material("bad", NAN, 0.3, 2600), "Young");
}

TEST(Materials, PairTableMixesAndAppliesOverrides) {
  const std::vector<Material> mats = {material("soil", 1e8, 0.3, 2600, 0.1, 0.67, 0.05),
                                      material("wheel", 1e9, 0.3, 7800, 0.4, 0.6, 0.02)};
  PairOverride o{"wheel", "soil", 0.2, 0.67, std::nullopt};
  const auto t = buildPairTable(mats, {o}, {});
  const PairParams& ws = t[1 * 2 + 0];
  const PairParams& sw = t[0 * 2 + 1];
  EXPECT_DOUBLE_EQ(ws.restitution, 0.2);
  EXPECT_DOUBLE_EQ(sw.friction, 0.67);
  EXPECT_DOUBLE_EQ(ws.rollingResistance, 0.5 * (0.05 + 0.02));  // not overridden: mixed
  EXPECT_DOUBLE_EQ(ws.beta, dampingRatioFromRestitution(0.2));
  const double invE = (1 - 0.09) / 1e8 + (1 - 0.09) / 1e9;
  EXPECT_NEAR(ws.effectiveYoung, 1 / invE, 1e-6);
  const double invG = 2 * 1.7 * 1.3 / 1e8 + 2 * 1.7 * 1.3 / 1e9;
  EXPECT_NEAR(ws.effectiveShear, 1 / invG, 1e-6);
  EXPECT_THROW(buildPairTable(mats, {PairOverride{"wheel", "rock", 0.2, {}, {}}}, {}), std::invalid_argument);
}

}  // namespace
}  // namespace regolith::test
