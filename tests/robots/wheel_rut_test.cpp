// A wheel's rut in the deforming grid (robots/wheel_rut.h), kinematically: rolled without
// slip it stamps the grouser pattern where the grousers were, whatever its step; its
// depth is the rim's lowest point; the grid's volume falls by the imprints and nothing
// else; a second pass at the same depth leaves the depth and replaces the pattern.
#include "robots/wheel_rut.h"

#include <cmath>

#include <gtest/gtest.h>

namespace regolith::test {
namespace {

using robots::GridImprint;
using robots::HeightGrid;
using robots::WheelRutShape;

constexpr double kRutSpacing = 0.005;  // the grid
constexpr double kRutSinkage = 0.01;   // the rim's lowest point below the surface

HeightGrid rutGrid() {
  return HeightGrid(-0.3, -0.2, kRutSpacing, 121, 81, std::vector<double>(121 * 81, 0.0), 32 * M_PI / 180);
}

WheelRutShape rutWheel() {
  WheelRutShape w;
  w.radius = 0.1, w.width = 0.08, w.grouserHeight = 0.005, w.grouserCount = 16;
  return w;
}

// Rolls the wheel along +x (axle +y) from x = -0.2 to 0.2 m in steps of dx, its rim's
// lowest point `sinkage` below z = 0, turning phi = x / r (no slip) or at slip s.
void rollRutWheel(HeightGrid& g, double dx, double sinkage, double slip) {
  const WheelRutShape w = rutWheel();
  for (double x = -0.2; x <= 0.2 + 1e-12; x += dx) {
    const Eigen::Vector3d centre(x, 0, w.radius - sinkage);
    // Spinning in place (s = 1) the wheel turns however fast: say 10 rad per step.
    const double phi = slip < 1 ? x / w.radius / (1 - slip) : 10 * x / dx;
    g.imprint(robots::wheelRutImprints(g, centre, Eigen::Vector3d::UnitY(), phi, slip, w));
  }
}

// The trace the rule leaves at a node rolled over without slip: the last step over it
// had phase N (xi / r + phi) = N x / r (xi = x - x_c, phi = x_c / r): a fixed pattern.
double stampedTrace(double x) {
  const WheelRutShape w = rutWheel();
  return -w.grouserHeight * (1 + std::cos(w.grouserCount * x / w.radius)) / 2;
}

TEST(WheelRut, RollingWithoutSlipStampsTheGrouserPatternAndTheRimDepth) {
  for (double dx : {0.001, 0.0037}) {
    HeightGrid g = rutGrid();
    rollRutWheel(g, dx, kRutSinkage, 0);
    double imprinted = 0;
    for (int j = 0; j < g.ny(); ++j)
      for (int i = 0; i < g.nx(); ++i) {
        const double x = g.x0() + i * kRutSpacing, y = g.y0() + j * kRutSpacing;
        imprinted += g.permanentDepth(i, j) + g.trace(i, j);
        if (std::fabs(y) > 0.04 || std::fabs(x) > 0.1) {
          // Beside the wheel, or where it started or stopped (a part of the rim's arc).
          if (std::fabs(y) > 0.04) {
            EXPECT_EQ(g.node(i, j), 0) << "beside the rut at " << x << ", " << y;
          }
          continue;
        }
        // The rim's lowest point passed within dx / 2 of the node: depth to
        // (dx/2)^2 / (2 r) = 6.8e-5 m at dx = 3.7 mm.
        EXPECT_NEAR(g.permanentDepth(i, j), -kRutSinkage, dx * dx / 8 / 0.1 + 1e-12) << x << ", dx " << dx;
        EXPECT_NEAR(g.trace(i, j), stampedTrace(x), 1e-12) << x << ", dx " << dx;
        EXPECT_NEAR(g.node(i, j), g.permanentDepth(i, j) + g.trace(i, j), 1e-15);
      }
    // Volume: the imprints are compaction, nothing else moved.
    const double cell = kRutSpacing * kRutSpacing;
    EXPECT_NEAR(g.volume(), cell * imprinted, 1e-15);
    EXPECT_LT(g.volume(), -0.08 * 0.2 * kRutSinkage) << "at least the rut's compaction";
    // The rut's walls (a 1 cm step at 5 mm spacing is steeper than repose) slide on the
    // next update, keeping the volume.
    const double before = g.volume();
    for (int k = 0; k < 20; ++k) g.update({});
    EXPECT_NEAR(g.volume(), before, 1e-15);
  }
}

TEST(WheelRut, ASecondPassKeepsTheDepthAndReplacesThePattern) {
  HeightGrid g = rutGrid();
  rollRutWheel(g, 0.001, kRutSinkage, 0);
  const int i = 60, j = 40;  // x = 0, y = 0
  const double depth = g.permanentDepth(i, j);
  // The same load at half slip: no deeper, the pattern's amplitude halved (and moved:
  // the phase at a node now depends on the step).
  rollRutWheel(g, 0.001, kRutSinkage, 0.5);
  EXPECT_EQ(g.permanentDepth(i, j), depth);
  for (int a = 40; a <= 80; ++a) EXPECT_GE(g.trace(a, j), -0.0025 - 1e-15) << a;
  // Spinning in place (s = 1) leaves no pattern; a heavier wheel deepens the rut.
  rollRutWheel(g, 0.001, kRutSinkage + 0.004, 1.0);
  EXPECT_EQ(g.trace(i, j), 0);
  EXPECT_NEAR(g.permanentDepth(i, j), -kRutSinkage - 0.004, 1e-6);
  EXPECT_NEAR(g.referenceHeightAt(0, 0), 0, 1e-15) << "the sand before the ruts";
}

TEST(WheelRut, AVerticalAxleOrAWheelAboveTheSandImprintsNothing) {
  HeightGrid g = rutGrid();
  EXPECT_TRUE(robots::wheelRutImprints(g, {0, 0, 0.05}, Eigen::Vector3d::UnitZ(), 0, 0, rutWheel()).empty());
  EXPECT_TRUE(robots::wheelRutImprints(g, {0, 0, 0.1001}, Eigen::Vector3d::UnitY(), 0, 0, rutWheel()).empty());
  EXPECT_FALSE(robots::wheelRutImprints(g, {0, 0, 0.0999}, Eigen::Vector3d::UnitY(), 0, 0, rutWheel()).empty());
}

}  // namespace
}  // namespace regolith::test
