// StudySmoke, plate intrusion: the plate's smoke twin (studies/plate_intrusion/tests/
// smoke.cmake runs it), then `regolith metrics` and `regolith plot`, the force-depth
// line held to sensible bands.
#include <cmath>
#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/study_smoke.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using namespace regolith::test;

TEST(StudySmoke, PlateIntrusionForceGrowsLinearlyWithDepth) {
  // The sweep folder holds one run: a horizontal plate (beta 0) pushed straight down
  // (gamma 90 deg), 16 mm x 10 mm, into about 28 mm of 2 mm spheres.
  const fs::path sweep = test::studySmokeDir() / "plate_intrusion";
  const Json metrics = smokeMetrics("plate_intrusion", 1);
  ASSERT_FALSE(metrics.empty());
  const Json& m = metrics["runs"][0];
  // The fit window spans most of the stroke: from wholly under (1 mm) to about 18 mm.
  EXPECT_GT(m["window"]["depth_end"].get<double>() - m["window"]["depth_begin"].get<double>(), 0.012);

  // RFT's premise (Li, Zhang & Goldman 2013): the resisting force grows in proportion to
  // depth, so the fitted slope is positive...
  const double alphaZ = metric(m, "stress_per_depth_z");
  EXPECT_GT(alphaZ, 0);
  // ...and a line explains the force. The plate is 8 grains across, so yield events of
  // the grains under it (a sawtooth of about two grain diameters, the same at half the
  // speed: not inertial) move the force by +-40 % about the trend; over the 17 mm window
  // the line must still explain 40 % of the variance (0.60 measured).
  EXPECT_GT(metric(m, "r_squared_z"), 0.4);
  // Its size: a footing's resistance per depth is rho_b g N_q s_q (Terzaghi's bearing
  // capacity), with N_q from 6.4 to 64 for friction angles 20 to 40 deg, a shape factor
  // s_q from 1 to 1.5 for this plate, and rho_b = 0.55 to 0.65 rho_s: between 3 and 70
  // times rho_s g (rho_s = 2600 kg/m^3). Far below, the plate is not pushing grains; far
  // above, the bed is jammed against the floor or walls.
  const double rhoG = 2600 * 9.81;
  EXPECT_GT(alphaZ / rhoG, 3);
  EXPECT_LT(alphaZ / rhoG, 70);
  // Pushed straight down, a level plate gets no systematic sideways force (RFT's alpha_X
  // is 0 at beta = 0, gamma = 90 deg; here only the fluctuations of an asymmetric packing).
  EXPECT_LT(std::fabs(metric(m, "stress_per_depth_x")), 0.2 * alphaZ);

  ASSERT_EQ(runRegolith("plot", sweep), 0) << "see " << (sweep / "plot.log");
  EXPECT_TRUE(isPng(sweep / "plate_intrusion_forces.png"));
  EXPECT_TRUE(isPng(sweep / "beta_0_gamma_90" / "plate_intrusion_series.png"));
}

}  // namespace
}  // namespace regolith
