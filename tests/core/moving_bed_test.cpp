// A bed that follows a body (docs/moving-bed.md): the plan of a strip's refresh on a
// lattice whose every place is known, the bad inputs with their pointers, and a wheel on
// the periodic smoke bed driven past refreshes: the grains are the same grains (count,
// mass, ids), the moved ones are counted in owner_relocations and start at rest, and a run
// checkpointed between refreshes resumes bit for bit, template and all.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

#include "core/clump_template.h"
#include "core/moving_bed.h"
#include "core/periodic_model.h"
#include "core/simulation.h"
#include "core/world_builder.h"
#include "tests/support/checkpoint_round_trip.h"
#include "tests/support/scene_test_support.h"
#include "tests/support/state_compare.h"
#include "tests/support/sync_async.h"

namespace regolith {
namespace {

using namespace regolith::test;

// A simple cubic lattice of touching spheres of radius r, 10 x 3 x 3, in a box periodic
// along x (period 10 d, d = 2 r): strips of 2 d hold two columns, 18 spheres each.
constexpr double kR = 0.001, kD = 2 * kR;

struct Lattice {
  StateArrays state;
  PeriodicBox box = periodicBoxOf(Vec3d(0, 0, 0), Vec3d(10 * kD, 3 * kD, 3 * kD), true, false, false);
  BedFollow follow;
  MovingBedState bed;
  Lattice() {
    WorldBuilder w;
    const ClumpTemplate grain = sphereTemplate("grain", kR, 0, 2600);
    for (int i = 0; i < 10; ++i)
      for (int j = 0; j < 3; ++j)
        for (int k = 0; k < 3; ++k) w.addClump(grain, Vec3d((i + 0.5) * kD, (j + 0.5) * kD, (k + 0.5) * kD));
    state = w.take();
    follow.axis = 0;
    follow.strip = 2 * kD;
    bed.started = true;
    bed.templatePosition = state.ownerPosition;
    bed.templateOrientation = state.ownerOrientation;
  }
  static Index owner(int i, int j, int k) { return Index((i * 3 + j) * 3 + k); }
  StripRefresh plan(std::int64_t strip, std::vector<bool> keep = {}, Vec3d bodyCentre = Vec3d(1, 1, 1),
                    double bodyReach = 0) const {
    StripRefreshInput in;
    in.now = &state;
    in.bed = &bed;
    in.follow = &follow;
    in.box = box;
    in.gravity = Vec3(0, 0, Real(-9.81));
    in.keep = std::move(keep);
    in.bodyCentre = bodyCentre;
    in.bodyReach = bodyReach;
    return planStripRefresh(in, strip);
  }
};

using Place = std::tuple<double, double, double>;
Place placeOf(const Vec3d& p) { return {p.x, p.y, p.z}; }

TEST(MovingBed, StripsCutThePeriodAndFallDueBehindTheBody) {
  const Lattice l;
  const FollowStrips s(l.follow, l.box);
  EXPECT_EQ(s.count, 5);
  EXPECT_DOUBLE_EQ(s.width, 2 * kD);
  // A body at x = 5.5 d with 1 d behind: strips [0, 2 d) and [2 d, 4 d) lie wholly behind 4.5 d.
  EXPECT_EQ(s.stripsBehind(s.travel(Vec3d(5.5 * kD, 0, 0)), kD), 2);
  EXPECT_TRUE(s.contains(7, 14.5 * kD - 10 * kD));  // strip 7 is strip 2 one period on
  BedFollow back = l.follow;
  back.direction = -1;
  const FollowStrips b(back, l.box);
  // Travelling along -x, strip 0 is the one at the box's +x face.
  EXPECT_TRUE(b.contains(0, 9.5 * kD));
  EXPECT_EQ(b.stripsBehind(b.travel(Vec3d(4.5 * kD, 0, 0)), kD), 2);
}

TEST(MovingBed, TheStripsGrainsTakeTheTemplatesPlaces) {
  Lattice l;
  // The grains of strip 2 (columns 4 and 5) rutted: lowered, pushed along, spun.
  std::multiset<Place> places;
  for (int i = 4; i <= 5; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k) {
        const std::size_t o = std::size_t(Lattice::owner(i, j, k));
        places.insert(placeOf(l.state.ownerPosition[o]));
        l.state.ownerPosition[o] = l.state.ownerPosition[o] + Vec3d(0.2 * kD * (i - 4.5), 0, -0.3 * kD * (k > 0));
      }
  const StripRefresh r = l.plan(2);
  ASSERT_EQ(r.owners.size(), 18u);
  EXPECT_EQ(r.intoPlaces, 18u);
  EXPECT_EQ(r.dropped + r.emptyPlaces + r.kept, 0u);
  std::multiset<Place> taken;
  for (const Vec3d& p : r.positions) taken.insert(placeOf(p));
  EXPECT_EQ(taken, places);
  EXPECT_TRUE(std::is_sorted(r.owners.begin(), r.owners.end()));
}

TEST(MovingBed, AGrainTouchingTheBodyStaysAndBlocksItsPlace) {
  Lattice l;
  std::vector<bool> keep(l.state.ownerCount(), false);
  const Index kept = Lattice::owner(4, 1, 0);
  keep[std::size_t(kept)] = true;
  const StripRefresh r = l.plan(2, keep);
  EXPECT_EQ(r.kept, 1u);
  EXPECT_EQ(std::count(r.owners.begin(), r.owners.end(), kept), 0);
  EXPECT_EQ(r.intoPlaces, 17u);
  EXPECT_EQ(r.emptyPlaces, 1u);  // its own place: it is still there
  for (const Vec3d& p : r.positions) EXPECT_GT(norm(p - l.state.ownerPosition[std::size_t(kept)]), 0.99 * kD);
}

// A grain a family holds (a glued base layer) is the scene's: neither moved nor a place.
TEST(MovingBed, AGrainWithMotionRulesIsNeitherMovedNorAPlace) {
  Lattice l;
  const Index held = Lattice::owner(4, 1, 0);
  StripRefreshInput in;
  in.now = &l.state;
  in.bed = &l.bed;
  in.follow = &l.follow;
  in.box = l.box;
  in.gravity = Vec3(0, 0, Real(-9.81));
  in.frozen.assign(l.state.ownerCount(), false);
  in.frozen[std::size_t(held)] = true;
  in.bodyCentre = Vec3d(1, 1, 1);
  const StripRefresh r = planStripRefresh(in, 2);
  EXPECT_EQ(std::count(r.owners.begin(), r.owners.end(), held), 0);
  EXPECT_EQ(r.intoPlaces, 17u);
  EXPECT_EQ(r.emptyPlaces + r.dropped + r.kept, 0u);
}

TEST(MovingBed, FewerGrainsFillTheLowestPlacesAndMoreFallFromAbove) {
  Lattice l;
  // Three grains of the strip's top layer carried off to strip 0 (a wave ahead of a wheel).
  for (int j = 0; j < 3; ++j) l.state.ownerPosition[std::size_t(Lattice::owner(5, j, 2))].x = 0.5 * kD;
  StripRefresh r = l.plan(2);
  EXPECT_EQ(r.intoPlaces, 15u);
  EXPECT_EQ(r.emptyPlaces, 3u);
  int top = 0;
  for (const Vec3d& p : r.positions) top += p.z > 2 * kD;
  EXPECT_EQ(top, 3) << "the top layer's six places, three filled: every lower one first";

  // One grain more than places: the last of them (by owner) is set above the strip's top,
  // inside the strip.
  Lattice more;
  more.state.ownerPosition[std::size_t(Lattice::owner(0, 1, 2))] = Vec3d(5 * kD, 1.5 * kD, 3.5 * kD);
  r = more.plan(2);
  EXPECT_EQ(r.intoPlaces, 18u);
  EXPECT_EQ(r.dropped, 1u);
  int above = 0;
  for (const Vec3d& p : r.positions)
    if (p.z > 3 * kD + kR) {  // above the top layer's surface, clear of it
      ++above;
      EXPECT_GE(p.x, 4 * kD);
      EXPECT_LT(p.x, 6 * kD);
    }
  EXPECT_EQ(above, 1);
}

TEST(MovingBed, APlaceAGrainThatStaysOverlapsIsLeftEmptyOrRaisedOver) {
  Lattice l;
  // A grain of strip 1 (behind strip 2: the body travels along +x) pushed forward to 0.6 d
  // of column 4's places: a 0.4 d overlap.
  const std::size_t pushed = std::size_t(Lattice::owner(3, 1, 1));
  l.state.ownerPosition[pushed].x = 4.5 * kD - 0.6 * kD;
  StripRefresh r = l.plan(2);
  EXPECT_EQ(r.emptyPlaces, 1u);
  EXPECT_EQ(r.intoPlaces, 17u);
  EXPECT_EQ(r.dropped, 1u);
  EXPECT_EQ(r.lifted, 0u);
  // A place of the top layer blocked so: its grain is raised over it until clear, 1.6 r
  // (the pushed grain 1.2 r away along x: sqrt(1.2^2 + 1.6^2) r = 2 r).
  Lattice top;
  top.state.ownerPosition[std::size_t(Lattice::owner(3, 1, 2))].x = 4.5 * kD - 0.6 * kD;
  r = top.plan(2);
  EXPECT_EQ(r.emptyPlaces, 1u);
  EXPECT_EQ(r.raised, 1u);
  EXPECT_EQ(r.dropped, 0u);
  int raisedAt = 0;
  for (const Vec3d& p : r.positions)
    if (std::fabs(p.x - 4.5 * kD) < 1e-12 && std::fabs(p.y - 1.5 * kD) < 1e-12 &&
        std::fabs(p.z - (2.5 * kD + 1.6 * kR)) < 1e-9)
      ++raisedAt;
  EXPECT_EQ(raisedAt, 1);
  // The same push from strip 3, on the body's side (the rut, refreshed next): that grain
  // yields. Every place is laid, and the grain is raised until it clears them and the
  // grains that stay: 3.9 r, the first tenth of a radius past 3.83 r, where it clears
  // column 6's top grain 0.4 d along x (sqrt(0.4^2 + (L - 1)^2) d = d).
  Lattice front;
  const std::size_t yields = std::size_t(Lattice::owner(6, 1, 1));
  front.state.ownerPosition[yields].x = 5.5 * kD + 0.6 * kD;
  r = front.plan(2);
  EXPECT_EQ(r.intoPlaces, 18u);
  EXPECT_EQ(r.emptyPlaces + r.dropped + r.raised, 0u);
  EXPECT_EQ(r.lifted, 1u);
  const auto at = std::find(r.owners.begin(), r.owners.end(), Index(yields));
  ASSERT_NE(at, r.owners.end());
  const Vec3d& lifted = r.positions[std::size_t(at - r.owners.begin())];
  EXPECT_NEAR(lifted.x, 6.1 * kD, 1e-12);
  EXPECT_NEAR(lifted.z, 1.5 * kD + 3.9 * kR, 1e-9);
  // And a place within the body's reach stays empty too.
  Lattice b;
  r = b.plan(2, {}, b.state.ownerPosition[std::size_t(Lattice::owner(4, 0, 0))], 0.5 * kR);
  EXPECT_EQ(r.emptyPlaces, 1u);
  EXPECT_EQ(r.dropped, 1u);
}

// The periodic smoke wheel (studies/single_wheel/single_wheel_following.smoke.json) made
// quick: a shallow hcp lattice in place of the rain (no fall to wait for), three short
// phases, a fast wheel that starts just above the bed: its drive covers about 3 strips.
Json quickFollowingWheel() {
  Json s = Json::parse(readText(kSourceDir + "/studies/single_wheel/single_wheel_following.smoke.json"));
  s["phases"] = Json::parse(R"([{"name": "settle", "duration": 0.04}, {"name": "load", "duration": 0.02},
                                {"name": "drive", "duration": 0.06}])");
  s["templates"] = Json::parse(R"([{"name": "grain", "spheres": [{"radius": 0.001, "material": "sand"}]}])");
  s["sources"] = Json::parse(R"([{"kind": "lattice", "template": "grain", "packing": "hcp",
                                  "lo": [-0.0189, -0.0089, 0.0011], "hi": [0.0189, 0.0089, 0.005],
                                  "spacing": 0.00205, "jitter": 2e-05}])");
  s["families"] = Json::parse(R"([{"name": "wheel", "phases": [
      {"start": "settle", "translation": ["fixed", "fixed", "fixed"], "rotation": ["fixed", "fixed", "fixed"]},
      {"start": "load", "translation": ["fixed", "fixed", "free"], "rotation": ["fixed", "fixed", "fixed"]}]}])");
  s["domain"]["lo"][0] = -0.02;
  s["domain"]["hi"][0] = 0.02;
  s["bodies"][1]["shape"]["lo"][0] = -0.02;
  s["bodies"][1]["shape"]["hi"][0] = 0.02;
  s["domain"]["follow"]["strip"] = 0.004;
  s["domain"]["follow"]["start"] = "drive";
  // 3 mm short of a strip's edge behind it, so the template is taken before a refresh.
  s["bodies"][2]["shape"]["translate"] = Json::parse("[0.001, 0, 0.0172]");
  s["study"]["angular_velocity"] = 24.0;
  return s;
}

Scene quickScene() { return parse(quickFollowingWheel().dump(), kSourceDir + "/studies/single_wheel"); }

TEST(MovingBed, BadInputsHaveTheirPointers) {
  const std::string dir = kSourceDir + "/studies/single_wheel";
  Json s = quickFollowingWheel();
  s["domain"]["follow"]["direction"] = "+y";
  expectProblem(problemsOf(s, dir), "/domain/follow/direction", "along +y", "periodic along the travel axis y");
  s = quickFollowingWheel();
  s["domain"]["follow"]["body"] = "floor";
  expectProblem(problemsOf(s, dir), "/domain/follow/body", "static body", "a body that moves");
  s = quickFollowingWheel();
  s["domain"]["follow"].erase("body");
  EXPECT_FALSE(problemsOf(s, dir).empty());  // the schema: a following bed without a tracked body
  s = quickFollowingWheel();
  s["domain"]["follow"]["behind"] = 0.03;  // 30 + 4 + 11.5 mm > the 40 mm period
  expectProblem(problemsOf(s, dir), "/domain/follow/behind", "along +x", "a period longer than behind + strip");
  s = quickFollowingWheel();
  s["domain"]["hi"][0] = -0.0155;  // a 4.5 mm period: under three search cells of 2.4 mm
  expectProblem(problemsOf(s, dir), "/domain/hi", "a period of 0.0045", "three contact-search cells");
}

std::size_t relocated(const StateArrays& s) {
  std::size_t n = 0;
  for (const Index k : s.ownerRelocations) n += std::size_t(k);
  return n;
}

// The reference run goes step by step across the drive: every refresh moves the grains its
// plan names and no other, they start at rest, and the owners stay what they were. A run
// saved after the drive began (the template taken) and before its refreshes, written to a
// checkpoint file and read back, refreshes the same strips and ends with the reference's bits.
TEST(MovingBed, ADrivenWheelsBedKeepsItsGrainsAndResumesBitForBit) {
  const Scene scene = quickScene();
  ASSERT_TRUE(scene.model.follow);
  const std::uint64_t total = sceneSteps(scene), drive = stepsFor(0.06, scene.model.timeStep);
  Simulation reference(scene.model, scene.initial);
  std::size_t planned = 0;
  std::uint64_t refreshes = 0;
  while (reference.stepCount() < total) {
    reference.step(1);
    if (reference.movingBed().refreshes == refreshes) continue;
    refreshes = reference.movingBed().refreshes;
    const StripRefresh& r = reference.lastRefresh();
    planned += r.owners.size();
    const StateArrays s = reference.state();
    for (std::size_t k = 0; k < r.owners.size(); ++k) {
      const std::size_t o = std::size_t(r.owners[k]);
      EXPECT_TRUE(sameBits(std::vector<Vec3d>{s.ownerPosition[o]}, std::vector<Vec3d>{r.positions[k]}));
      EXPECT_TRUE(isZero(s.ownerVelocity[o]) && isZero(s.ownerAngularVelocity[o]));
    }
    EXPECT_EQ(relocated(s), planned);
  }
  EXPECT_GE(refreshes, 2u);
  EXPECT_GT(planned, 100u);
  const StateArrays end = reference.state();
  forEachStateField(
      [](const StateField& f, const auto& a, const auto& b) {
        if (f.change == FieldChange::Never) {
          EXPECT_TRUE(sameBits(a, b)) << f.member;  // the same grains: count, masses, spheres
        }
      },
      end, scene.initial);

  Simulation first(scene.model, scene.initial);
  first.step(drive + 100);
  ASSERT_TRUE(first.movingBed().started);
  ASSERT_EQ(first.movingBed().refreshes, 0u);
  Simulation resumed(scene.model, scene.initial);
  resumed.restoreState(throughCheckpointFile(first.saveState(), "regolith_moving_bed_checkpoint.h5"));
  resumed.step(total - resumed.stepCount());
  EXPECT_EQ(resumed.movingBed().refreshes, refreshes);
  expectIdenticalOwnerStates(resumed.state(), end);
}

// A refresh in async mode stops the kinematic stream and starts it again on the rewritten
// arrays (as a renumbering does): the run must stay sync's, bit for bit, across the
// refreshes, with the async run adopting the stream's lists between them.
TEST(MovingBed, AsyncRefreshesEqualSync) {
  const Scene scene = quickScene();
  const test::SyncAndAsync models = test::syncAndAsync(scene.model);
  Simulation a(models.sync, scene.initial), b(models.async, scene.initial);
  const std::uint64_t total = sceneSteps(scene);
  test::expectTheSameBitsChunkByChunk(a, b, 4, total / 4);
  a.step(total - a.stepCount());
  b.step(total - b.stepCount());
  test::expectIdenticalOwnerStates(a.state(), b.state());
  EXPECT_GE(b.movingBed().refreshes, 2u);
  EXPECT_EQ(a.movingBed().refreshes, b.movingBed().refreshes);
  EXPECT_EQ(a.movingBed().moved, b.movingBed().moved);
  EXPECT_GT(b.streamStats().adopted, 100u) << "the async run must actually have adopted kinematic lists";
}

}  // namespace
}  // namespace regolith
