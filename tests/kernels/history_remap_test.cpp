// Contact history across rebuilds: kept by key when a contact survives a rebuild,
// zero for a new contact, forgotten when the contact ends.
#include <gtest/gtest.h>

#include <map>

#include "tests/support/test_support.h"

namespace regolith::test {
namespace {

// A row of four spheres resting on a floor, each pushed sideways so friction loads the
// shear springs of the sphere–floor and sphere–sphere contacts.
Simulation shearedRow() {
  const double R = 0.005;
  Material mat = material("grain", 1e7, 0.3, 2600, 0.5, 0.8);
  Model model = modelWith({mat}, 1e-6, Vec3(0, 0, Real(-9.81)));
  model.boundaries = {infinitePlane(Vec3d(), Vec3d(0, 0, 1), 0)};
  WorldBuilder w;
  const ClumpTemplate ball = sphereTemplate("ball", R, 0, mat.density);
  for (int i = 0; i < 4; ++i)
    w.addClump(ball, Vec3d(i * 1.999 * R, 0, 0.9999 * R), Quat(), Vec3d(0, 0.01 * (i + 1), 0));
  return Simulation(model, w.state());
}

std::map<unsigned long long, Vec3> byKey(const std::vector<unsigned long long>& keys, const std::vector<Vec3>& shear) {
  std::map<unsigned long long, Vec3> m;
  for (std::size_t i = 0; i < keys.size(); ++i) m[keys[i]] = shear[i];
  return m;
}

TEST(HistoryRemap, SurvivingContactsKeepTheirShearAcrossARebuild) {
  Simulation sim = shearedRow();
  sim.step(200);
  const ContactSnapshot before = sim.contacts();
  double loaded = 0;
  for (const Vec3& s : before.wallShear) loaded = std::max(loaded, double(norm(s)));
  ASSERT_GT(loaded, 0.0) << "the set-up must load the shear springs";
  sim.rebuildNow();
  const ContactSnapshot after = sim.contacts();
  const auto old = byKey(before.pairKeys, before.pairShear);
  const auto oldWall = byKey(before.wallKeys, before.wallShear);
  ASSERT_EQ(after.pairKeys, before.pairKeys);  // nothing moved far: the same candidates
  for (std::size_t i = 0; i < after.pairKeys.size(); ++i) {
    const Vec3 a = after.pairShear[i], b = old.at(after.pairKeys[i]);
    EXPECT_EQ(a.x, b.x);
    EXPECT_EQ(a.y, b.y);
    EXPECT_EQ(a.z, b.z);
  }
  for (std::size_t i = 0; i < after.wallKeys.size(); ++i) {
    const Vec3 a = after.wallShear[i], b = oldWall.at(after.wallKeys[i]);
    EXPECT_EQ(a.x, b.x);
    EXPECT_EQ(a.y, b.y);
    EXPECT_EQ(a.z, b.z);
  }
}

TEST(HistoryRemap, MergeTakesStoredShearByKeyAndZeroForUnknownKeys) {
  Simulation sim = shearedRow();
  const ContactSnapshot current = sim.contacts();
  ASSERT_GE(current.pairKeys.size(), 3u);
  ASSERT_EQ(current.wallKeys.size(), 4u);
  // A stored history with: the first pair, a pair that is not a candidate now (spheres 0
  // and 3), and wall contacts of spheres 1 and 3 only. Keys are sorted as on the device.
  ContactSnapshot stored;
  stored.pairKeys = {current.pairKeys[0], makePairKey(0, 3)};
  stored.pairShear = {Vec3(1e-6, 2e-6, 0), Vec3(9, 9, 9)};
  stored.wallKeys = {current.wallKeys[1], current.wallKeys[3]};
  stored.wallShear = {Vec3(3e-6, 0, 0), Vec3(0, 4e-6, 0)};
  sim.setContactHistory(stored);
  const ContactSnapshot merged = sim.contacts();
  EXPECT_EQ(merged.pairKeys, current.pairKeys);  // the stale key does not come back
  for (std::size_t i = 0; i < merged.pairKeys.size(); ++i) {
    const Vec3 s = merged.pairShear[i];
    if (i == 0) {
      EXPECT_EQ(s.x, Real(1e-6));
      EXPECT_EQ(s.y, Real(2e-6));
    } else {
      EXPECT_EQ(norm2(s), Real(0)) << "pair " << i << " had no stored history";
    }
  }
  EXPECT_EQ(norm2(merged.wallShear[0]), Real(0));
  EXPECT_EQ(merged.wallShear[1].x, Real(3e-6));
  EXPECT_EQ(norm2(merged.wallShear[2]), Real(0));
  EXPECT_EQ(merged.wallShear[3].y, Real(4e-6));
}

TEST(HistoryRemap, EndedContactForgetsItsShear) {
  // Two spheres overlapping by 2 um, sliding past each other at 0.1 m/s and separating at
  // 0.02 m/s: in contact for about 100 us. Once apart but still a candidate the stored
  // shear is zero, and once out of range the pair leaves the list.
  // Elastic (e = 1): with damping the separating contact's net normal force would pull,
  // which switches friction off and would leave nothing to test.
  const double R = 0.005;
  Material mat = material("grain", 1e7, 0.3, 2600, 1.0, 0.8);
  Model model = modelWith({mat}, 1e-5);
  model.streams.mode = StreamMode::Sync;  // the 2 mm margin below is the sync default, 0.4 R
  WorldBuilder w;
  const ClumpTemplate ball = sphereTemplate("ball", R, 0, mat.density);
  w.addClump(ball, Vec3d(0, 0, 0), Quat(), Vec3d(0, 0.05, 0));
  w.addClump(ball, Vec3d(2 * R - 2e-6, 0, 0), Quat(), Vec3d(0.02, -0.05, 0));
  Simulation sim(model, w.state());
  sim.step(4);  // 40 us: still overlapping by ~1 um
  ContactSnapshot c = sim.contacts();
  ASSERT_EQ(c.pairKeys.size(), 1u);
  ASSERT_EQ(sim.touchingPairs(), 1u);
  EXPECT_GT(norm(c.pairShear[0]), Real(0));
  sim.step(26);  // 300 us: ~4 um apart, well within the 2 mm margin
  c = sim.contacts();
  ASSERT_EQ(c.pairKeys.size(), 1u);
  EXPECT_EQ(sim.touchingPairs(), 0u);
  EXPECT_EQ(norm2(c.pairShear[0]), Real(0));
  sim.step(12000);  // 0.12 s: 2.4 mm apart, beyond the margin, dropped at a rebuild
  EXPECT_TRUE(sim.contacts().pairKeys.empty());
}

}  // namespace
}  // namespace regolith::test
