// Cohesion (kernels/forces/cohesion.h): DMT's constant pull-off F_c = 2 pi w R* against its
// closed forms. A sphere hangs by cohesion alone under a wall (R* = R) and under a fixed
// sphere of its size (R* = R/2), gravity pulling it off:
// - it holds while its weight is below F_c and falls once it is above (the pull-off force);
// - held, it comes to rest where the Hertz force balances the pull less its weight:
//   (4/3) E* sqrt(R*) delta^1.5 = F_c - m g;
// and the scene keys, the mixing rule and the overrides that set w.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/support/scene_test_support.h"
#include "tests/support/test_support.h"

namespace regolith::test {
namespace {

constexpr double kR = 1e-3;   // sphere radius [m]
constexpr double kG = 9.81;   // [m/s^2]
constexpr double kDt = 2e-6;  // [s]: 0.07 of the material's Rayleigh time, 1/230 of the hanging oscillation

// Soft grains as a bed's: the hanging sphere's oscillation about its rest (period ~0.5 ms)
// decays by e = 0.3 a bounce, so 0.03 s (60 periods) leaves it at rest to round-off.
Material grain(double w) {
  Material m = material("grain", 1e8, 0.3, 2500, 0.3, 0.5);
  m.workOfAdhesion = w;
  return m;
}

struct Hanging {
  double overlap;  // at the end [m]; negative once the sphere has let go
  double speed;    // |v| at the end [m/s]
};

// A sphere of radius kR hanging by cohesion under the plane z = 0 (facing down), or under
// a fixed sphere of radius kR centred at (0, 0, kR), with work of adhesion w on both
// surfaces, let go at rest barely touching (an overlap of 1e-12 m) and run for `time`.
Hanging hang(bool underSphere, double w, double time) {
  const Material g = grain(w);
  Material wall = rigidWallOf(g);
  wall.workOfAdhesion = w;
  Model model = modelWith({g, wall}, kDt, Vec3(0, 0, Real(-kG)));
  WorldBuilder b;
  const ClumpTemplate ball = sphereTemplate("ball", kR, 0, g.density);
  const double touch = 1e-12;
  if (underSphere) {
    std::array<DofRule, 6> fixed;
    for (DofRule& r : fixed) r = DofRule::fixed();
    MotionPhase held;
    held.dof = fixed;
    model.families = {FamilyMotion{}, FamilyMotion{{held}}};
    b.addClump(ball, Vec3d(0, 0, kR), Quat(), Vec3d(), Vec3d(), 1);
  } else {
    model.boundaries = {infinitePlane(Vec3d(0, 0, 0), Vec3d(0, 0, -1), 1)};
  }
  const Index hanging = b.addClump(ball, Vec3d(0, 0, -kR + touch));
  Simulation sim(model, b.state());
  sim.step(long(std::lround(time / kDt)));
  const StateArrays& s = sim.state();
  return {kR + s.ownerPosition[std::size_t(hanging)].z, double(norm(s.ownerVelocity[std::size_t(hanging)]))};
}

double weight() { return sphereMass(kR, grain(0).density) * kG; }

// The w whose pull-off is `ratio` times the hanging sphere's weight.
double adhesionFor(double ratio, double effRadius) { return ratio * weight() / (2 * M_PI * effRadius); }

// E* of the grain on itself and on its wall (E x 1000).
double effectiveYoung(bool underSphere) {
  const Material g = grain(0), w = rigidWallOf(g);
  const double a = (1 - g.poissonRatio * g.poissonRatio) / g.youngsModulus;
  return 1 / (a + (underSphere ? a : (1 - w.poissonRatio * w.poissonRatio) / w.youngsModulus));
}

TEST(Cohesion, ASphereHoldsBelowItsPullOffAndFallsAboveIt) {
  for (bool underSphere : {false, true}) {
    const double effRadius = underSphere ? kR / 2 : kR;
    // 1 % either side: the threshold is exact in the model (the pull is constant, the Hertz
    // force is 0 at the last touch), and the sphere starts at rest, so nothing but the
    // weight against F_c decides; the margin only keeps round-off out of the decision.
    const Hanging holds = hang(underSphere, adhesionFor(1.01, effRadius), 0.03);
    EXPECT_GT(holds.overlap, 0) << (underSphere ? "under a sphere" : "under a wall");
    const Hanging falls = hang(underSphere, adhesionFor(0.99, effRadius), 0.03);
    // Fallen freely for most of 0.03 s: some 4 mm.
    EXPECT_LT(falls.overlap, -1e-3) << (underSphere ? "under a sphere" : "under a wall");
    // Without cohesion the same start falls as far (the pull only acted while touching).
    const Hanging none = hang(underSphere, 0, 0.03);
    EXPECT_LT(none.overlap, -1e-3);
  }
}

TEST(Cohesion, AHangingSphereRestsWhereHertzBalancesThePullLessItsWeight) {
  for (bool underSphere : {false, true}) {
    const double effRadius = underSphere ? kR / 2 : kR;
    for (double ratio : {1.5, 3.0}) {
      const double pull = ratio * weight();
      const double expected = std::pow(
          (pull - weight()) / (4.0 / 3.0 * effectiveYoung(underSphere) * std::sqrt(effRadius)), 2.0 / 3.0);
      const Hanging h = hang(underSphere, adhesionFor(ratio, effRadius), 0.03);
      // At rest (the oscillation has decayed by 0.3 sixty times over) ...
      EXPECT_LT(h.speed, 1e-9) << ratio;
      // ... where the forces balance: to 1e-9, what round-off leaves of a ~1e-7 m overlap
      // read off positions of 1e-3 m (2e-19 m a step, 1e-12 relative; 3e-11 measured).
      EXPECT_NEAR(h.overlap / expected, 1.0, 1e-9)
          << (underSphere ? "under a sphere" : "under a wall") << ", F_c = " << ratio << " m g";
    }
  }
}

TEST(Cohesion, WorkOfAdhesionMixesAsAGeometricMeanUnlessAPairOverridesIt) {
  Material a = grain(0.04), b = grain(0.01), bare = grain(0);
  a.name = "a", b.name = "b", bare.name = "bare";
  const ContactSettings settings;
  // F_c / R* = 2 pi w, w_ab = sqrt(w_a w_b) = 0.02 J/m^2.
  EXPECT_DOUBLE_EQ(mixPair(a, a, settings).pullOff, 2 * M_PI * 0.04);
  EXPECT_DOUBLE_EQ(mixPair(a, b, settings).pullOff, 2 * M_PI * 0.02);
  EXPECT_EQ(mixPair(a, bare, settings).pullOff, 0.0);  // no stick to a surface without adhesion
  PairOverride o;
  o.first = "a", o.second = "bare", o.workOfAdhesion = 0.005;
  const std::vector<PairParams> table = buildPairTable({a, b, bare}, {o}, settings);
  EXPECT_DOUBLE_EQ(table[0 * 3 + 2].pullOff, 2 * M_PI * 0.005);
  EXPECT_DOUBLE_EQ(table[2 * 3 + 0].pullOff, 2 * M_PI * 0.005);
  EXPECT_DOUBLE_EQ(table[0 * 3 + 1].pullOff, 2 * M_PI * 0.02);  // not overridden: mixed
  a.workOfAdhesion = -1;
  EXPECT_THROW(validateMaterial(a, true), std::invalid_argument);
  o.workOfAdhesion = std::nan("");
  EXPECT_THROW(buildPairTable({grain(0.04), bare}, {o}, settings), std::invalid_argument);
}

TEST(Cohesion, SceneMaterialsAndPairOverridesTakeTheWorkOfAdhesion) {
  Json doc = smokeScene();
  doc["materials"][0]["work_of_adhesion"] = 0.05;
  const Scene s = parse(doc.dump());
  EXPECT_EQ(s.model.materials[0].workOfAdhesion, 0.05);
  doc["materials"][0]["work_of_adhesion"] = -0.05;
  expectProblem(problemsOf(doc), "/materials/0/work_of_adhesion", "-0.05", ">= 0");
  doc["materials"][0].erase("work_of_adhesion");
  const std::string name = doc["materials"][0]["name"];
  doc["pair_overrides"] = Json::array({{{"materials", {name, name}}, {"work_of_adhesion", "sticky"}}});
  expectProblem(problemsOf(doc), "/pair_overrides/0/work_of_adhesion", "sticky", "number");
  doc["pair_overrides"][0]["work_of_adhesion"] = 0.02;
  EXPECT_EQ(*parse(doc.dump()).model.pairOverrides.at(0).workOfAdhesion, 0.02);
}

}  // namespace
}  // namespace regolith::test
