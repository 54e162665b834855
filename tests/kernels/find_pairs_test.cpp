// Contact detection against brute force: every pair within r_i + r_j + margin is found,
// none twice, none from one clump, the list sorted by key; the same for boundaries.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "kernels/detection/uniform_grid.h"
#include "tests/support/test_support.h"

namespace regolith::test {
namespace {

struct RandomWorld {
  StateArrays state;
  Model model;
};

// n owners in a cube of edge L; every third owner a two-sphere clump; radii uniform in
// [rmin, rmax] (polydisperse when rmin < rmax).
RandomWorld randomWorld(int n, double L, double rmin, double rmax, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> pos(0, L), rad(rmin, rmax);
  RandomWorld w;
  w.model = modelWith({material("grain", 1e7, 0.3, 2600)}, 1e-7);
  w.model.margin = 0.3 * rmin;
  // The search itself, with a given margin: built in the stepping thread (the async mode
  // sizes its own margin from speeds; DualStream tests cover it).
  w.model.streams.mode = StreamMode::Sync;
  WorldBuilder b;
  for (int i = 0; i < n; ++i) {
    ClumpTemplate t = sphereTemplate("s", rad(rng), 0, 2600);
    if (i % 3 == 0) {  // a dumbbell: its two spheres overlap and must never be paired
      const double r = t.radii[0];
      t.offsets = {Vec3d(-0.5 * r, 0, 0), Vec3d(0.5 * r, 0, 0)};
      t.radii = {r, 0.8 * r};
      t.materials = {0, 0};
    }
    b.addClump(t, Vec3d(pos(rng), pos(rng), pos(rng)));
  }
  w.state = b.take();
  return w;
}

std::vector<Vec3d> worldPositions(const StateArrays& s) {
  std::vector<Vec3d> x(s.sphereCount());
  for (std::size_t i = 0; i < x.size(); ++i) {
    const Index o = s.sphereOwner[i];
    x[i] = s.ownerPosition[o] + rotate(s.ownerOrientation[o], Vec3d(s.sphereOffset[i]));
  }
  return x;
}

void checkAgainstBruteForce(const RandomWorld& w) {
  Simulation sim(w.model, w.state);
  const ContactSnapshot c = sim.contacts();
  const StateArrays& s = w.state;
  const std::vector<Vec3d> x = worldPositions(s);
  std::set<unsigned long long> expected;
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = i + 1; j < x.size(); ++j) {
      if (s.sphereOwner[i] == s.sphereOwner[j]) continue;
      const double reach = s.sphereRadius[i] + s.sphereRadius[j] + sim.margin();
      if (norm2(x[i] - x[j]) < reach * reach) expected.insert(makePairKey(Index(i), Index(j)));
    }
  EXPECT_TRUE(std::is_sorted(c.pairKeys.begin(), c.pairKeys.end()));
  EXPECT_EQ(std::adjacent_find(c.pairKeys.begin(), c.pairKeys.end()), c.pairKeys.end()) << "duplicate pair";
  const std::set<unsigned long long> found(c.pairKeys.begin(), c.pairKeys.end());
  EXPECT_EQ(found.size(), c.pairKeys.size());
  EXPECT_EQ(found, expected);
  EXPECT_GT(expected.size(), 50u) << "the random set must actually contain pairs";
}

// The bit width the radix sort of cell keys is given (kernels/backend/radix_sort.h): every key of
// the grid, the largest included, fits it, and one bit fewer would drop the largest.
TEST(FindPairs, CellKeyBitsHoldEveryKey) {
  UniformGrid g;
  EXPECT_EQ(g.keyBits(), 0);  // one cell: every key is 0
  const int sizes[][3] = {{2, 1, 1}, {3, 1, 1}, {4, 4, 4}, {5, 7, 3}, {1 << 20, 1 << 20, 1 << 20}, {1000, 1000, 1}};
  for (const auto& n : sizes) {
    g.nx = n[0];
    g.ny = n[1];
    g.nz = n[2];
    const PairKey largest = g.key(g.nx - 1, g.ny - 1, g.nz - 1);
    EXPECT_EQ(largest, g.cellCount() - 1);
    const int bits = g.keyBits();
    EXPECT_EQ(largest >> bits, PairKey(0)) << n[0] << " x " << n[1] << " x " << n[2];
    EXPECT_NE(largest >> (bits - 1), PairKey(0)) << n[0] << " x " << n[1] << " x " << n[2];
  }
  EXPECT_EQ(g.keyBits(), 20);  // 10^6 cells
}

TEST(FindPairs, MonodisperseMatchesBruteForce) { checkAgainstBruteForce(randomWorld(1500, 0.1, 0.002, 0.002, 1)); }

TEST(FindPairs, PolydisperseMatchesBruteForce) { checkAgainstBruteForce(randomWorld(1500, 0.1, 0.0005, 0.005, 2)); }

TEST(FindPairs, SparseFarApartCloudMatchesBruteForce) {
  // Two dense clusters 10 m apart: the grid spans a large empty space.
  RandomWorld w = randomWorld(800, 0.05, 0.001, 0.003, 3);
  for (std::size_t o = 0; o < w.state.ownerCount(); o += 2) w.state.ownerPosition[o].x += 10.0;
  checkAgainstBruteForce(w);
}

TEST(FindPairs, BoundaryCandidatesMatchBruteForce) {
  RandomWorld w = randomWorld(1000, 0.1, 0.001, 0.004, 4);
  w.model.boundaries = boxContainer(Vec3d(0, 0, 0), Vec3d(0.1, 0.1, 0.1), 0);
  w.model.boundaries.push_back(cylinder(Vec3d(0.05, 0.05, 0), Vec3d(0, 0, 1), 0.045, 0, true, 0));
  w.model.boundaries.push_back(infinitePlane(Vec3d(0, 0, 0.02), Vec3d(0, 1, 1), 0));
  Simulation sim(w.model, w.state);
  const ContactSnapshot c = sim.contacts();
  const std::vector<Vec3d> x = worldPositions(w.state);
  const double m = sim.margin();
  std::set<unsigned long long> expected;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double r = w.state.sphereRadius[i];
    const Vec3d& p = x[i];
    // Box walls are one-sided rectangles: a wall applies while the centre is in front of
    // it (or behind by less than the margin) and over its face (grown by the margin).
    const double c[3] = {p.x, p.y, p.z};
    auto overFace = [&](int axis) {
      for (int k = 0; k < 3; ++k)
        if (k != axis && (c[k] < -m || c[k] > 0.1 + m)) return false;
      return true;
    };
    for (int b = 0; b < 6; ++b) {
      const int axis = b / 2;
      const double height = b % 2 == 0 ? c[axis] : 0.1 - c[axis];
      if (height >= -m && overFace(axis) && height - r < m) expected.insert(makePairKey(Index(i), b));
    }
    const double rho = std::hypot(p.x - 0.05, p.y - 0.05);
    if (0.045 - rho - r < m && rho > 0) expected.insert(makePairKey(Index(i), 6));
    if ((p.y + p.z - 0.02) / std::sqrt(2.0) - r < m) expected.insert(makePairKey(Index(i), 7));
  }
  EXPECT_TRUE(std::is_sorted(c.wallKeys.begin(), c.wallKeys.end()));
  EXPECT_EQ(std::set<unsigned long long>(c.wallKeys.begin(), c.wallKeys.end()), expected);
  EXPECT_EQ(c.wallKeys.size(), expected.size());
}

}  // namespace
}  // namespace regolith::test
