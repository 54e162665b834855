// The deforming surface (robots/height_grid.h): a bulldozing stroke conserves the sand's
// volume and piles it in front, repose limits slopes, a footprint stays after the foot
// lifts, and RFT keeps measuring a pressed plate's depth from the sand it entered.
#include "robots/height_grid.h"

#include <cmath>

#include <gtest/gtest.h>

namespace regolith::test {
namespace {

using robots::GridPlate;
using robots::HeightGrid;

constexpr double kSpacing = 0.005, kRepose = 32 * M_PI / 180;

HeightGrid flatGrid() { return HeightGrid(-0.2, -0.2, kSpacing, 81, 81, std::vector<double>(81 * 81, 0.0), kRepose); }

// A 2 cm x 2 cm foot bottom as plates 2.5 mm apart (denser than the grid) at height z.
std::vector<GridPlate> foot(double x, double y, double z, const Eigen::Vector3d& velocity) {
  std::vector<GridPlate> plates;
  for (int j = 0; j < 8; ++j)
    for (int i = 0; i < 8; ++i)
      plates.push_back({Eigen::Vector3d(x - 0.00875 + 0.0025 * i, y - 0.00875 + 0.0025 * j, z), velocity});
  return plates;
}

double maxFreeSlope(const HeightGrid& g) {
  double worst = 0;
  for (int j = 0; j < g.ny(); ++j)
    for (int i = 0; i + 1 < g.nx(); ++i)
      if (!g.pressed(i, j) && !g.pressed(i + 1, j)) worst = std::max(worst, std::fabs(g.node(i + 1, j) - g.node(i, j)));
  return worst / g.spacing();
}

TEST(HeightGrid, ConservesVolumeUnderBulldozing) {
  HeightGrid g = flatGrid();
  const double before = g.volume();
  // Down 1 cm, then 10 cm along +x at that depth (0.1 m/s, 1 ms steps).
  const Eigen::Vector3d down(0, 0, -0.1), forward(0.1, 0, 0);
  for (int k = 1; k <= 100; ++k) g.update(foot(-0.05, 0, -0.0001 * k, down));
  double totalMoved = 0;
  for (int k = 1; k <= 1000; ++k) {
    g.update(foot(-0.05 + 0.0001 * k, 0, -0.01, forward));
    totalMoved += std::fabs(g.volume() - before);
  }
  // Sums of some 6,500 heights of a few mm: rounding is ~1e-18 m^3 against a displaced
  // volume of ~4e-6 m^3 (a 2 cm x 10 cm x 1 cm trench).
  EXPECT_NEAR(g.volume(), before, 1e-15);
  EXPECT_LT(totalMoved / 1000, 1e-15);
  // The sand went in front of the foot, not nowhere: a pile ahead of it (x > 0.06), a
  // trench behind.
  double ahead = 0;
  for (int i = 0; i < g.nx(); ++i)
    if (g.x0() + i * kSpacing > 0.06) ahead = std::max(ahead, g.heightAt(g.x0() + i * kSpacing, 0));
  EXPECT_GT(ahead, 0.005) << "the pile in front";
  // Behind it a trench, its walls slid to repose (a 2 cm wide, 1 cm deep cut cannot keep
  // vertical walls).
  EXPECT_LT(g.heightAt(0.0, 0.0), -0.005) << "the trench behind";
  // Lifted, everything relaxes to the angle of repose, still with the same sand.
  for (int k = 0; k < 2000; ++k) g.update({});
  EXPECT_LE(maxFreeSlope(g), std::tan(kRepose) * (1 + 1e-6));
  EXPECT_NEAR(g.volume(), before, 1e-15);
}

// Lifted, the foot leaves a pit: its walls slide to the angle of repose (a 2 cm foot
// pressed 1.5 cm deep cannot keep vertical walls) and then it stays as it is.
TEST(HeightGrid, KeepsAFootprintAfterTheFootLifts) {
  HeightGrid g = flatGrid();
  const Eigen::Vector3d down(0, 0, -0.05), up(0, 0, 0.05);
  for (int k = 1; k <= 100; ++k) g.update(foot(0, 0, -0.00015 * k, down));  // to 1.5 cm
  EXPECT_NEAR(g.heightAt(0, 0), -0.015, 1e-12) << "pressed to the foot";
  for (int k = 0; k < 200; ++k) g.update(foot(0, 0, -0.015 + 0.0001 * k, up));  // lifted clear
  for (int k = 0; k < 200; ++k) g.update({});
  const double pit = g.heightAt(0, 0);
  // A repose-limited pit 2 cm across is at most 1 cm tan(32 deg) = 6.2 mm deep; the
  // grid's 5 mm nodes keep a little less.
  EXPECT_LT(pit, -0.003) << "the footprint stays";
  EXPECT_GT(pit, -0.015);
  for (int k = 0; k < 1000; ++k) g.update({});
  EXPECT_EQ(g.heightAt(0, 0), pit) << "and is permanent";
  EXPECT_GT(g.heightAt(0.02, 0), 0) << "a rim of displaced sand";
  EXPECT_NEAR(g.volume(), 0, 1e-15);
}

// While pressed, a node shows RFT the height its press started from; once released, the
// sand surface.
TEST(HeightGrid, RftMeasuresFromTheSandAPlateEntered) {
  HeightGrid g = flatGrid();
  const Eigen::Vector3d down(0, 0, -0.05);
  for (int k = 1; k <= 50; ++k) g.update(foot(0, 0, -0.0002 * k, down));
  EXPECT_NEAR(g.heightAt(0, 0), -0.01, 1e-12);
  EXPECT_NEAR(g.rftHeightAt(0, 0), 0, 1e-12);
  g.update(foot(0, 0, -0.01, Eigen::Vector3d::Zero()));  // standing still in its footprint
  EXPECT_NEAR(g.rftHeightAt(0, 0), 0, 1e-12);
  g.update({});
  EXPECT_EQ(g.rftHeightAt(0, 0), g.heightAt(0, 0));
  EXPECT_LT(g.rftHeightAt(0, 0), -0.005);
}

TEST(HeightGrid, RefusesBadGeometry) {
  EXPECT_THROW(HeightGrid(0, 0, 0, 3, 3, std::vector<double>(9), kRepose), std::invalid_argument);
  EXPECT_THROW(HeightGrid(0, 0, 0.1, 3, 3, std::vector<double>(8), kRepose), std::invalid_argument);
  EXPECT_THROW(HeightGrid(0, 0, 0.1, 3, 3, std::vector<double>(9), M_PI / 2), std::invalid_argument);
}

// A press is a permanent depth: the footprint's nodes record how far they were lowered,
// and the reference surface (h - d - w) under them stays where the sand was.
TEST(HeightGrid, FootprintKeepsItsPermanentDepth) {
  HeightGrid g = flatGrid();
  const Eigen::Vector3d down(0, 0, -0.05);
  for (int k = 1; k <= 50; ++k) g.update(foot(0, 0, -0.0002 * k, down));  // to 1 cm
  EXPECT_NEAR(g.permanentDepth(40, 40), -0.01, 1e-12);
  EXPECT_EQ(g.trace(40, 40), 0) << "a plate leaves no trace pattern";
  EXPECT_NEAR(g.referenceHeightAt(0, 0), 0, 1e-12) << "the sand before the press";
  // The rim got sand and no depth: its reference is its surface.
  EXPECT_EQ(g.permanentDepth(45, 40), 0);
  EXPECT_GT(g.node(45, 40), 0);
  EXPECT_EQ(g.referenceHeightAt(g.x0() + 45 * kSpacing, 0), g.node(45, 40));
}

// imprint() is trace_deformation's rule at a node: the permanent depth only deepens, the
// trace is replaced; the volume changes by the imprint (compaction), and the tile maxima
// still bound the surface when a trace raises a node.
TEST(HeightGrid, ImprintFollowsTheTraceRule) {
  HeightGrid g = flatGrid();
  const double cell = kSpacing * kSpacing;
  g.imprint({{40, 40, -0.010, 0.002}});
  EXPECT_DOUBLE_EQ(g.node(40, 40), -0.008);
  EXPECT_DOUBLE_EQ(g.permanentDepth(40, 40), -0.010);
  EXPECT_DOUBLE_EQ(g.trace(40, 40), 0.002);
  EXPECT_NEAR(g.volume(), -0.008 * cell, 1e-18);
  g.imprint({{40, 40, -0.004, -0.001}});  // shallower: the depth stays, the trace is swapped
  EXPECT_DOUBLE_EQ(g.permanentDepth(40, 40), -0.010);
  EXPECT_DOUBLE_EQ(g.node(40, 40), -0.011);
  g.imprint({{40, 40, -0.015, 0.0}});  // deeper
  EXPECT_DOUBLE_EQ(g.permanentDepth(40, 40), -0.015);
  EXPECT_DOUBLE_EQ(g.node(40, 40), -0.015);
  EXPECT_NEAR(g.referenceHeightAt(0, 0), 0, 1e-15) << "imprints leave the reference surface";
  // A raised trace: the bounds follow at once, before any update.
  g.imprint({{10, 10, 0.0, 0.003}});
  const double x = g.x0() + 10 * kSpacing, y = g.y0() + 10 * kSpacing;
  EXPECT_GE(g.rftBoundNear(x, y), g.rftHeightAt(x, y));
  EXPECT_GE(g.maxHeight(), 0.003);
  // A bad imprint anywhere in the list applies none of it.
  const double before = g.node(20, 20);
  EXPECT_THROW(g.imprint({{20, 20, -0.01, 0}, {81, 0, -0.01, 0}}), std::out_of_range);
  EXPECT_THROW(g.imprint({{20, 20, std::nan(""), 0}}), std::invalid_argument);
  EXPECT_EQ(g.node(20, 20), before);
  // The next update holds the imprinted node (it is under its wheel); the one after lets
  // the pit's walls slide (a 15 mm deep, 5 mm wide pit is steeper than repose), moving
  // sand and keeping its volume.
  const double volume = g.volume();
  g.update({});
  EXPECT_EQ(g.node(40, 40), -0.015) << "held under its wheel";
  g.update({});
  EXPECT_GT(g.node(40, 40), -0.015);
  EXPECT_NEAR(g.volume(), volume, 1e-18);
}

}  // namespace
// TerrainForces skips the surface lookup of a plate above rftBoundNear and every plate
// above maxHeight: both must bound the surface RFT sees everywhere, through a stroke that
// piles sand up and lets it slide (a bound that is too low would drop forces).
TEST(HeightGrid, BoundsHoldTheSurfaceRftSees) {
  HeightGrid g = flatGrid();
  const Eigen::Vector3d down(0, 0, -0.1), forward(0.1, 0, 0);
  auto check = [&]() {
    double highest = -1;
    for (int j = 0; j < g.ny(); ++j)
      for (int i = 0; i < g.nx(); ++i) highest = std::max(highest, g.node(i, j));
    // Points between the nodes and on them, and the nodes' pressed-start heights.
    for (double y = -0.2; y <= 0.2; y += 0.0013)
      for (double x = -0.2; x <= 0.2; x += 0.0017) {
        const double h = g.rftHeightAt(x, y);
        ASSERT_GE(g.rftBoundNear(x, y), h) << "at " << x << ", " << y;
        ASSERT_GE(g.maxHeight(), h) << "at " << x << ", " << y;
      }
    EXPECT_GE(g.maxHeight(), highest);
  };
  for (int k = 1; k <= 60; ++k) g.update(foot(-0.05, 0, -0.0002 * k, down));
  check();
  for (int k = 1; k <= 300; ++k) g.update(foot(-0.05 + 0.0002 * k, 0, -0.012, forward));
  check();
  const double piled = g.maxHeight();
  EXPECT_GT(piled, 0.002) << "the stroke piled sand up";
  for (int k = 0; k < 50; ++k) g.update({});  // lifted: the footprint's walls slide
  check();
  EXPECT_LE(g.maxHeight(), piled) << "an exact top, not one that only rises";
}

}  // namespace regolith::test
