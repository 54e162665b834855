// Families and motion rules: each prescribed-velocity kind against the analytic integral,
// rule and family switches at a time, fixed owners, reactions on prescribed owners (load
// cells), a slipping wheel with a free vertical DOF, prescribed spin under free fall, and
// grains dragged by a rotating drum (an owned inside cylinder).
#include <gtest/gtest.h>

#include <cmath>

#include "tests/support/test_support.h"

namespace regolith::test {
namespace {

constexpr double kG = 9.81;

std::array<DofRule, 6> allFixed() {
  std::array<DofRule, 6> d;
  for (DofRule& r : d) r = DofRule::fixed();
  return d;
}
FamilyMotion oneRule(std::array<DofRule, 6> dof, RotationFrame frame = RotationFrame::World) {
  MotionPhase p;
  p.dof = std::move(dof);
  p.rotationFrame = frame;
  return FamilyMotion{{p}};
}

// Soft grains (E = 1e7 Pa, r = 5 mm: t_R ~ 4.3e-4 s, so dt = 5e-5 s passes the guard).
Material soil(double e = 0.3, double mu = 0.5, double crr = 0.0) {
  return material("soil", 1e7, 0.3, 2500, e, mu, crr);
}

// A body with no spheres in family 1 driven along x by `rule`, y and rotations fixed, z
// free under gravity. Returns x(T) and the final state.
StateArrays driveBodyAlongX(const DofRule& rule, double dt, int steps) {
  Model model = modelWith({soil()}, dt, Vec3(0, 0, Real(-kG)));
  std::array<DofRule, 6> dof = allFixed();
  dof[kDofX] = rule;
  dof[kDofZ] = DofRule::free();
  model.families = {FamilyMotion{}, oneRule(dof)};
  WorldBuilder w;
  w.addBody(2.0, Vec3d(0.1, 0.1, 0.1), Vec3d(0, 0, 0), Quat(), Vec3d(), Vec3d(), 1);
  Simulation sim(model, w.state());
  sim.step(steps);
  return sim.state();
}

// Velocity Verlet integrates a constant acceleration exactly: z = -g t^2 / 2 up to
// round-off (1e-12 m over these few thousand steps).
void expectFreeFall(const StateArrays& s, double T) {
  EXPECT_NEAR(s.ownerPosition[0].z, -0.5 * kG * T * T, 1e-12);
  EXPECT_NEAR(s.ownerVelocity[0].z, -kG * T, 1e-12);
  EXPECT_EQ(s.ownerPosition[0].y, 0.0);
}

TEST(Families, ConstantVelocityIsIntegratedExactly) {
  const double dt = 1e-4;
  const int n = 1000;
  const StateArrays s = driveBodyAlongX(DofRule::constant(0.3), dt, n);
  // x = v T: the midpoint rule is exact; 1000 additions of 3e-5 round to ~1e-15.
  EXPECT_NEAR(s.ownerPosition[0].x, 0.3 * n * dt, 1e-13);
  EXPECT_EQ(s.ownerVelocity[0].x, 0.3);
  expectFreeFall(s, n * dt);
}

TEST(Families, ClampedRampMatchesItsIntegral) {
  // u = 0.1 + 2 (t - 0.02), clamped at 0.2 (reached at t_c = 0.07 s), T = 0.1 s.
  const double dt = 1e-4, T = 0.1, v0 = 0.1, rate = 2, t0 = 0.02, vEnd = 0.2;
  const StateArrays s = driveBodyAlongX(DofRule::ramp(v0, rate, t0, vEnd), dt, 1000);
  const double tc = t0 + (vEnd - v0) / rate;
  const double exact = (v0 - rate * t0) * tc + 0.5 * rate * tc * tc + vEnd * (T - tc);
  // Midpoint rule: exact on each linear piece; the one step that may hold the kink errs by
  // at most rate dt^2 / 8 = 2.5e-9 m.
  EXPECT_NEAR(s.ownerPosition[0].x, exact, rate * dt * dt / 8 + 1e-13);
  EXPECT_EQ(s.ownerVelocity[0].x, vEnd);
  expectFreeFall(s, T);
}

TEST(Families, TableMatchesItsIntegralAndHoldsOutside) {
  // Knots at step boundaries (multiples of dt): each step lies on one linear piece, where
  // the midpoint rule is exact; the last value holds after t = 0.08.
  const double dt = 1e-4;
  const StateArrays s = driveBodyAlongX(DofRule::table({0, 0.02, 0.05, 0.08}, {0, 0.4, -0.2, 0.1}), dt, 1000);
  const double exact = 0.02 * 0.2 + 0.03 * 0.1 + 0.03 * -0.05 + 0.02 * 0.1;  // trapezoids
  EXPECT_NEAR(s.ownerPosition[0].x, exact, 1e-12);
  EXPECT_NEAR(s.ownerVelocity[0].x, 0.1, 1e-15);
}

TEST(Families, SinusoidalWallMatchesItsIntegralAndCarriesItsBoundary) {
  // A container wall (a body carrying a finite wall, its face 5 cm in front of the body's
  // centre) moving on u = A sin(2 pi f t).
  const double dt = 1e-4, A = 0.05, f = 5.0;
  const int n = 3000;
  const double T = n * dt;
  Model model = modelWith({soil()}, dt, Vec3(0, 0, Real(-kG)));
  std::array<DofRule, 6> dof = allFixed();
  dof[kDofX] = DofRule::sinusoid(0, A, f);
  model.families = {FamilyMotion{}, oneRule(dof)};
  WorldBuilder w;
  const Index wall = w.addBody(5.0, Vec3d(0.1, 0.1, 0.1), Vec3d(0, 0, 0.05), Quat(), Vec3d(), Vec3d(), 1);
  model.boundaries = boxContainer(Vec3d(0.05, -0.05, 0), Vec3d(0.15, 0.05, 0.1), 0,
                                  {true, false, false, false, false, false});
  model.boundaries[0].owner = wall;
  Simulation sim(model, w.state());
  sim.step(n);
  const StateArrays s = sim.state();
  const double w2 = 2 * M_PI * f;
  const double exact = A / w2 * (1 - std::cos(w2 * T));
  // Midpoint rule error per step <= dt^3/24 max|u''| = dt^3/24 A w^2, so over T:
  // <= T dt^2 A w^2 / 24 = 6.2e-9 m.
  EXPECT_NEAR(s.ownerPosition[0].x, exact, T * dt * dt * A * w2 * w2 / 24);
  EXPECT_NEAR(s.ownerVelocity[0].x, A * std::sin(w2 * T), 1e-12);
  EXPECT_EQ(s.ownerPosition[0].z, 0.05);  // z fixed: gravity does not move it
  // The wall moves rigidly with the body: its centre keeps its offset (0.05, 0, 0).
  const BoundaryPrimitive b = sim.boundaries()[0];
  EXPECT_NEAR(b.point.x, s.ownerPosition[0].x + 0.05, 1e-15);
  EXPECT_NEAR(b.point.z, 0.05, 1e-15);
  EXPECT_EQ(b.normal.x, Real(1));
}

// A sphere (r = 5 mm) resting on the floor z = 0, in family 1.
struct RestingSphere {
  Model model;
  StateArrays state;
  double mass;
};
RestingSphere restingSphere(double dt) {
  RestingSphere r;
  const Material m = soil(0.2, 0.5);
  r.model = modelWith({m}, dt, Vec3(0, 0, Real(-kG)));
  r.model.boundaries = {infinitePlane(Vec3d(), Vec3d(0, 0, 1), 0)};
  WorldBuilder w;
  w.addClump(sphereTemplate("grain", 0.005, 0, m.density), Vec3d(0, 0, 0.005), Quat(), Vec3d(), Vec3d(), 1);
  r.state = w.take();
  r.mass = sphereMass(0.005, m.density);
  return r;
}

TEST(Families, RuleSwitchesAtItsTime) {
  // Settle (all free) until 0.05 s, then drive along x at 0.2 m/s, the rest still free.
  const double dt = 5e-5, ts = 0.05;
  RestingSphere r = restingSphere(dt);
  MotionPhase settle, drive;
  drive.start = ts;
  drive.dof[kDofX] = DofRule::constant(0.2);
  r.model.families = {FamilyMotion{}, FamilyMotion{{settle, drive}}};
  Simulation sim(r.model, r.state);
  sim.step(1000);  // t = ts: the last settling step has ended
  StateArrays s = sim.state();
  // Falling straight onto a level floor leaves x exactly untouched.
  EXPECT_EQ(s.ownerVelocity[0].x, 0.0);
  EXPECT_EQ(s.ownerPosition[0].x, 0.0);
  sim.step(1);  // the first step of the drive phase
  s = sim.state();
  EXPECT_EQ(s.ownerVelocity[0].x, Real(0.2));
  sim.step(999);
  s = sim.state();
  EXPECT_NEAR(s.ownerPosition[0].x, 0.2 * 1000 * dt, 1e-13);
  // z stayed free: it still rests on the floor (overlap of a few microns under its weight).
  EXPECT_NEAR(s.ownerPosition[0].z, 0.005, 2e-5);
}

TEST(Families, FamilyIsReassignedAtItsTime) {
  // Two free-falling spheres; at 0.02 s family 0 becomes family 1 (fixed), family 2 (not
  // listed: free) is untouched.
  const double dt = 5e-5;
  const Material m = soil();
  Model model = modelWith({m}, dt, Vec3(0, 0, Real(-kG)));
  model.families = {FamilyMotion{}, oneRule(allFixed())};
  model.familySwitches = {FamilySwitch{0.02, 0, 1}};
  WorldBuilder w;
  const ClumpTemplate g = sphereTemplate("grain", 0.005, 0, m.density);
  w.addClump(g, Vec3d(0, 0, 1), Quat(), Vec3d(), Vec3d(), 0);
  w.addClump(g, Vec3d(0.5, 0, 1), Quat(), Vec3d(), Vec3d(), 2);
  Simulation sim(model, w.state());
  sim.step(400);  // t = 0.02
  const double zAtSwitch = sim.state().ownerPosition[0].z;
  EXPECT_NEAR(zAtSwitch, 1 - 0.5 * kG * 0.02 * 0.02, 1e-12);  // fell freely until then
  sim.step(600);
  const StateArrays s = sim.state();
  EXPECT_EQ(s.ownerFamily[0], 1);
  EXPECT_EQ(s.ownerFamily[1], 2);
  EXPECT_EQ(s.ownerPosition[0].z, zAtSwitch);
  EXPECT_EQ(s.ownerVelocity[0].z, 0.0);
  EXPECT_NEAR(s.ownerPosition[1].z, 1 - 0.5 * kG * 0.05 * 0.05, 1e-12);
}

TEST(Families, FixedClumpStaysPutUnderGravityAndContact) {
  // A fixed three-sphere bar; a grain falls onto its middle sphere and bounces about.
  const double dt = 5e-5;
  const Material m = soil(0.5, 0.5);
  Model model = modelWith({m}, dt, Vec3(0, 0, Real(-kG)));
  model.families = {FamilyMotion{}, oneRule(allFixed())};
  ClumpTemplate bar;
  bar.name = "bar";
  bar.offsets = {Vec3d(-0.01, 0, 0), Vec3d(0, 0, 0), Vec3d(0.01, 0, 0)};
  bar.radii = {0.005, 0.005, 0.005};
  bar.materials = {0, 0, 0};
  bar.mass = 3 * sphereMass(0.005, m.density);
  bar.principalInertia = Vec3d(1e-8, 4e-8, 4e-8);
  WorldBuilder w;
  const Quat tilt = normalized(Quat(0.95, 0.1, 0.2, 0.05));
  w.addClump(bar, Vec3d(0, 0, 0.1), tilt, Vec3d(), Vec3d(), 1);
  w.addClump(sphereTemplate("grain", 0.004, 0, m.density), Vec3d(0.001, 0, 0.115));
  Simulation sim(model, w.state());
  const StateArrays s0 = sim.state();
  double maxPush = 0;
  for (int k = 0; k < 100; ++k) {
    sim.step(20);
    maxPush = std::max(maxPush, -double(sim.state().ownerForce[0].z));
  }
  const StateArrays s = sim.state();
  EXPECT_GT(maxPush, 0.01);  // the grain did press on it (its weight is 6.6e-3 N)
  EXPECT_EQ(s.ownerPosition[0].x, s0.ownerPosition[0].x);
  EXPECT_EQ(s.ownerPosition[0].y, s0.ownerPosition[0].y);
  EXPECT_EQ(s.ownerPosition[0].z, s0.ownerPosition[0].z);
  EXPECT_EQ(s.ownerOrientation[0].w, s0.ownerOrientation[0].w);
  EXPECT_EQ(s.ownerOrientation[0].x, s0.ownerOrientation[0].x);
  EXPECT_TRUE(isZero(s.ownerVelocity[0]) && isZero(s.ownerAngularVelocity[0]));
}

TEST(Families, RisingPlatformReadsTheWeightOfTheGrainsOnIt) {
  // A body carrying the plane z = 0 rises at a constant 1 cm/s (a prescribed owner); five
  // separate grains of different sizes ride on it. Its load cell (ownerForce/ownerTorque)
  // must be minus the contact forces on the grains, and, once they ride steadily, minus
  // their weight.
  const double dt = 5e-5;
  const Material m = soil(0.2, 0.5);
  Model model = modelWith({m}, dt, Vec3(0, 0, Real(-kG)));
  std::array<DofRule, 6> dof = allFixed();
  dof[kDofZ] = DofRule::constant(0.01);
  model.families = {FamilyMotion{}, oneRule(dof)};
  WorldBuilder w;
  const Index platform = w.addBody(10.0, Vec3d(1, 1, 1), Vec3d(0.02, 0.01, -0.03), Quat(), Vec3d(), Vec3d(), 1);
  model.boundaries = {infinitePlane(Vec3d(), Vec3d(0, 0, 1), 0)};
  model.boundaries[0].owner = platform;
  double weight = 0;
  for (int i = 0; i < 5; ++i) {
    const double r = 0.004 + 0.0005 * i;
    w.addClump(sphereTemplate("grain", r, 0, m.density), Vec3d(0.03 * i, 0.01 * i, r));
    weight += sphereMass(r, m.density) * kG;
  }
  Simulation sim(model, w.state());
  sim.step(4000);  // 0.2 s: contact oscillations (period ~1 ms, e = 0.2) have died out
  const StateArrays s = sim.state();
  Vec3d sumF, sumT;
  for (int g = 1; g <= 5; ++g) {
    const Vec3d F(s.ownerForce[g]);  // a grain touches only the platform
    sumF += F;
    // The contact acts at the grain's lowest point, but its torque about the grain centre
    // is part of ownerTorque[g]: the reaction's moment is -(x_g - x_o) x F - tau_g.
    sumT -= cross(s.ownerPosition[g] - s.ownerPosition[0], F) + Vec3d(s.ownerTorque[g]);
  }
  // Same numbers summed in another order: equal to round-off (1e-12 relative).
  EXPECT_NEAR(s.ownerForce[0].x, -sumF.x, 1e-12 * weight);
  EXPECT_NEAR(s.ownerForce[0].y, -sumF.y, 1e-12 * weight);
  EXPECT_NEAR(s.ownerForce[0].z, -sumF.z, 1e-12 * weight);
  EXPECT_NEAR(s.ownerTorque[0].x, sumT.x, 1e-12 * weight);
  EXPECT_NEAR(s.ownerTorque[0].y, sumT.y, 1e-12 * weight);
  EXPECT_NEAR(s.ownerTorque[0].z, sumT.z, 1e-12 * weight);
  // Riding at constant speed the grains are unaccelerated, so the platform carries their
  // weight; the residual oscillation after 0.2 s is far below 0.1 %.
  EXPECT_NEAR(-s.ownerForce[0].z, weight, 1e-3 * weight);
  for (int g = 1; g <= 5; ++g) EXPECT_NEAR(s.ownerVelocity[g].z, 0.01, 1e-5);
}

TEST(Families, SlippingWheelSinksUntilItsWeightIsCarried) {
  // A wheel (a 2 cm sphere) spun at w = 5 rad/s about y with forward speed (1 - s) w R,
  // s = 0.3, its vertical DOF free under its own weight, above the floor z = 0.
  const double dt = 5e-5, R = 0.02, w = 5, slip = 0.3, mu = 0.5;
  const Material m = soil(0.2, mu);
  Model model = modelWith({m}, dt, Vec3(0, 0, Real(-kG)));
  model.boundaries = {infinitePlane(Vec3d(), Vec3d(0, 0, 1), 0)};
  std::array<DofRule, 6> dof = allFixed();
  dof[kDofX] = DofRule::constant((1 - slip) * w * R);
  dof[kDofZ] = DofRule::free();
  dof[kDofRotY] = DofRule::constant(w);
  model.families = {FamilyMotion{}, oneRule(dof)};
  WorldBuilder b;
  b.addClump(sphereTemplate("wheel", R, 0, m.density), Vec3d(0, 0, R + 1e-3), Quat(), Vec3d(), Vec3d(), 1);
  const double weight = sphereMass(R, m.density) * kG;
  Simulation sim(model, b.state());
  sim.step(6000);  // 0.3 s: drops 1 mm, then the bounce decays (e = 0.2)
  const StateArrays s = sim.state();
  // At rest vertically the floor carries the weight (residual oscillation << 0.1 %).
  EXPECT_NEAR(s.ownerForce[0].z, weight, 1e-3 * weight);
  EXPECT_NEAR(s.ownerVelocity[0].z, 0.0, 1e-5);
  // The contact point slides backwards at s w R, so Coulomb friction pushes the wheel
  // forwards at mu F_n (the drawbar pull a rig would read).
  EXPECT_NEAR(s.ownerForce[0].x, mu * s.ownerForce[0].z, 1e-3 * weight);
  EXPECT_EQ(s.ownerVelocity[0].x, Real((1 - slip) * w * R));
  EXPECT_EQ(s.ownerAngularVelocity[0].y, Real(w));
}

TEST(Families, PrescribedWorldSpinWhileFallingFreely) {
  // Rotation prescribed about all three world axes, translation free: it falls at g and
  // turns by exactly exp(w T) (constant w: each step's turn is exact).
  const double dt = 1e-4;
  const int n = 1000;
  Model model = modelWith({soil()}, dt, Vec3(0, 0, Real(-kG)));
  std::array<DofRule, 6> dof;
  dof[kDofRotX] = DofRule::constant(1);
  dof[kDofRotY] = DofRule::constant(-2);
  dof[kDofRotZ] = DofRule::constant(3);
  model.families = {FamilyMotion{}, oneRule(dof)};
  WorldBuilder w;
  const Quat q0 = normalized(Quat(0.8, 0.2, -0.4, 0.1));
  w.addBody(1.0, Vec3d(1e-3, 2e-3, 3e-3), Vec3d(), q0, Vec3d(), Vec3d(0.5, 0.5, 0.5), 1);
  Simulation sim(model, w.state());
  sim.step(n);
  const StateArrays s = sim.state();
  expectFreeFall(s, n * dt);
  EXPECT_EQ(s.ownerAngularVelocity[0].x, 1.0);
  EXPECT_EQ(s.ownerAngularVelocity[0].y, -2.0);
  EXPECT_EQ(s.ownerAngularVelocity[0].z, 3.0);
  const Quat expected = normalized(quatFromRotationVector(Vec3d(1, -2, 3) * (n * dt)) * q0);
  const Quat q = s.ownerOrientation[0];
  // 1000 renormalised products: round-off ~1e-13.
  EXPECT_NEAR(q.w, expected.w, 1e-12);
  EXPECT_NEAR(q.x, expected.x, 1e-12);
  EXPECT_NEAR(q.y, expected.y, 1e-12);
  EXPECT_NEAR(q.z, expected.z, 1e-12);
}

TEST(Families, PrescribedBodySpinWhileFallingFreely) {
  // A ring-like body (distinct principal moments) spun at 4 rad/s about its own principal
  // z axis, its other body-axis rotations fixed, translation free: the body axis stays
  // put in the world, the spin stays 4 rad/s about it, and it falls at g.
  const double dt = 1e-4, spin = 4;
  const int n = 1000;
  Model model = modelWith({soil()}, dt, Vec3(0, 0, Real(-kG)));
  std::array<DofRule, 6> dof;
  dof[kDofRotX] = DofRule::fixed();
  dof[kDofRotY] = DofRule::fixed();
  dof[kDofRotZ] = DofRule::constant(spin);
  model.families = {FamilyMotion{}, oneRule(dof, RotationFrame::Body)};
  WorldBuilder w;
  const Quat q0 = normalized(Quat(0.7, 0.3, 0.5, -0.2));
  w.addBody(1.0, Vec3d(1e-3, 1e-3, 2e-3), Vec3d(), q0, Vec3d(), Vec3d(), 1);
  Simulation sim(model, w.state());
  sim.step(n);
  const StateArrays s = sim.state();
  expectFreeFall(s, n * dt);
  const Quat q = s.ownerOrientation[0];
  const Vec3d axis0 = rotate(q0, Vec3d(0, 0, 1)), axis = rotate(q, Vec3d(0, 0, 1));
  EXPECT_NEAR(norm(axis - axis0), 0.0, 1e-12);
  const Vec3 wb = rotateInverse(q, s.ownerAngularVelocity[0]);
  EXPECT_NEAR(wb.x, 0.0, 1e-12);
  EXPECT_NEAR(wb.y, 0.0, 1e-12);
  EXPECT_NEAR(wb.z, spin, 1e-12);
  // Turned by spin T about that axis: the body x axis moved by that angle.
  const Vec3d ex0 = rotate(q0, Vec3d(1, 0, 0)), ex = rotate(q, Vec3d(1, 0, 0));
  EXPECT_NEAR(std::atan2(dot(cross(ex0, ex), axis0), dot(ex0, ex)), spin * n * dt, 1e-10);
}

// Orbital angular velocity about the y axis of a grain at (x, z) moving at (vx, vz).
double orbitRate(const Vec3d& x, const Vec3& v) { return (x.z * v.x - x.x * v.z) / (x.x * x.x + x.z * x.z); }

TEST(Families, RotatingDrumDragsItsGrainsAlong) {
  // A drum (body at the origin carrying an inside cylinder of radius 4 cm about y) turns at
  // W = 40 rad/s: W^2 (R - r) = 5.9 g, the centrifuging regime. Five rough grains (mu = 1,
  // Crr = 0.5), kept in the xz plane by their own family (y and the off-axis rotations
  // fixed), start at rest on the bottom; friction must drag them up to the drum's rate.
  // A grain can ride with the wall only if neither sliding nor rolling back wins against
  // gravity: mu N >= m g sin(a) and, for rolling, Crr N >= m g sin(a) with
  // N = m (W^2 (R - r) + g cos a); the worst angle needs Crr >= 1/sqrt(5.9^2 - 1) = 0.17.
  const double dt = 5e-5, Rd = 0.04, r = 0.004, W = 40;
  const Material m = soil(0.3, 1.0, 0.5);
  Model model = modelWith({m}, dt, Vec3(0, 0, Real(-kG)));
  std::array<DofRule, 6> drum = allFixed();
  drum[kDofRotY] = DofRule::constant(W);
  std::array<DofRule, 6> planar;
  planar[kDofY] = DofRule::fixed();
  planar[kDofRotX] = DofRule::fixed();
  planar[kDofRotZ] = DofRule::fixed();
  model.families = {FamilyMotion{}, oneRule(drum), oneRule(planar)};
  WorldBuilder w;
  const Index body = w.addBody(1.0, Vec3d(1, 1, 1), Vec3d(), Quat(), Vec3d(), Vec3d(), 1);
  model.boundaries = {cylinder(Vec3d(), Vec3d(0, 1, 0), Rd, 0, true, 0)};
  model.boundaries[0].owner = body;
  const int grains = 5;
  for (int i = 0; i < grains; ++i) {
    const double a = (i - 2) * 15.0 * M_PI / 180.0;  // 15 deg apart around the bottom
    w.addClump(sphereTemplate("grain", r, 0, m.density), Vec3d((Rd - r) * std::sin(a), 0, -(Rd - r) * std::cos(a)),
               Quat(), Vec3d(), Vec3d(), 2);
  }
  Simulation sim(model, w.state());
  const auto meanRate = [&]() {
    const StateArrays s = sim.state();
    double mean = 0;
    for (int g = 1; g <= grains; ++g) mean += orbitRate(s.ownerPosition[g], s.ownerVelocity[g]);
    return mean / grains;
  };
  sim.step(200);               // 10 ms
  EXPECT_GT(meanRate(), 0.0);  // dragged the drum's way from the start
  sim.step(15800);
  // Over the last 0.2 s the grains ride with the wall (rolling resistance also turns their
  // spin to the drum's): the mean rate is the drum's to 1 %, a margin for the residual
  // rattling of the grains against each other.
  double lo = 1e9, hi = -1e9;
  for (int k = 0; k < 20; ++k) {
    sim.step(200);
    const double rate = meanRate();
    lo = std::min(lo, rate);
    hi = std::max(hi, rate);
  }
  EXPECT_NEAR(lo, W, 0.01 * W);
  EXPECT_NEAR(hi, W, 0.01 * W);
}

}  // namespace
}  // namespace regolith::test
