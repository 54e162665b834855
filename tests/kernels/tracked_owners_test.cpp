// A coupling's two engine calls (core/simulation.h, "Coupling to another code"): the loads
// of tracked owners averaged over the steps since the last take, and owners moved at a
// prescribed constant velocity. Checked against the integrator's own impulse balance, the
// per-step loads summed by hand, exact kinematics, and a save and restore mid-interval.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/support/test_support.h"

namespace regolith::test {
namespace {

constexpr double kG = 9.81;

Material grain() { return material("grain", 1e7, 0.3, 2500, 0.5, 0.4); }

// A platform body (owner 0, an owned plane, family 1 all fixed) under three grains that
// fall onto it and bounce, so the loads change every step.
struct Platform {
  Model model;
  StateArrays initial;
};
Platform platformScene() {
  Platform p;
  const Material m = grain();
  p.model = modelWith({m}, 5e-5, Vec3(0, 0, Real(-kG)));
  MotionPhase fixed;
  for (DofRule& r : fixed.dof) r = DofRule::fixed();
  p.model.families = {FamilyMotion{}, FamilyMotion{{fixed}}};
  WorldBuilder w;
  const Index platform = w.addBody(10.0, Vec3d(1, 1, 1), Vec3d(0.01, 0.02, -0.01), Quat(), Vec3d(), Vec3d(), 1);
  p.model.boundaries = {infinitePlane(Vec3d(), Vec3d(0, 0, 1), 0)};
  p.model.boundaries[0].owner = platform;
  for (int i = 0; i < 3; ++i) {
    const double r = 0.004 + 0.001 * i;
    w.addClump(sphereTemplate("grain", r, 0, m.density), Vec3d(0.02 * i, 0, r + 0.001 * i), Quat(), Vec3d(0, 0, -0.1),
               Vec3d());
  }
  p.initial = w.take();
  return p;
}

TEST(TrackedOwners, MeanIsTheStepsLoadsSummedInStepOrder) {
  const Platform p = platformScene();
  Simulation tracked(p.model, p.initial), byHand(p.model, p.initial);
  tracked.trackOwners({0, 2});
  const int n = 40;
  Vec3d force0, torque0, force2;
  for (int k = 0; k < n; ++k) {
    byHand.step();
    const StateArrays s = byHand.state();
    force0 += Vec3d(s.ownerForce[0]);
    torque0 += Vec3d(s.ownerTorque[0]);
    force2 += Vec3d(s.ownerForce[2]);
  }
  tracked.step(n);
  const std::vector<Simulation::TrackedOwner> t = tracked.takeTrackedOwners();
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].steps, std::uint64_t(n));
  // The same additions in the same order: the same bits, divided by n once.
  EXPECT_EQ(t[0].force.z, force0.z * (1.0 / n));
  EXPECT_EQ(t[0].force.x, force0.x * (1.0 / n));
  EXPECT_EQ(t[0].torque.y, torque0.y * (1.0 / n));
  EXPECT_EQ(t[1].force.z, force2.z * (1.0 / n));
  EXPECT_GT(-t[0].force.z, 0.0);  // the grains press on the platform
  // Pose and velocity now.
  const StateArrays s = tracked.state();
  EXPECT_EQ(t[1].position.z, s.ownerPosition[2].z);
  EXPECT_EQ(t[1].velocity.z, double(s.ownerVelocity[2].z));
  // A second take starts from zero sums.
  tracked.step(1);
  const std::vector<Simulation::TrackedOwner> next = tracked.takeTrackedOwners();
  EXPECT_EQ(next[0].steps, 1u);
  EXPECT_EQ(next[0].force.z, double(tracked.state().ownerForce[0].z));
}

TEST(TrackedOwners, MeanTimesIntervalIsTheImpulseOfAFreeGrain) {
  // Velocity Verlet: m (v_N - v_0) = dt (F_0/2 + F_1 + ... + F_{N-1} + F_N/2) + m g N dt,
  // with F_k the contact force evaluated at step k. The mean over the N steps is
  // (F_1 + ... + F_N) / N, so m dv - m g T = dt (N mean + (F_0 - F_N) / 2): the exchange
  // hands over exactly the impulse the engine applied, up to round-off.
  const Platform p = platformScene();
  Simulation sim(p.model, p.initial);
  const Index g = 3;
  sim.trackOwners({g});
  const StateArrays before = sim.state();
  const int n = 400;  // 20 ms: the grains land and bounce
  sim.step(n);
  const StateArrays after = sim.state();
  const Simulation::TrackedOwner t = sim.takeTrackedOwners()[0];
  const double mass = before.ownerMass[g], dt = p.model.timeStep;
  const double dv = after.ownerVelocity[g].z - before.ownerVelocity[g].z;
  const double impulse = dt * (n * t.force.z + 0.5 * (before.ownerForce[g].z - after.ownerForce[g].z));
  ASSERT_GT(std::fabs(impulse), 1e-3 * mass);  // it did land
  EXPECT_NEAR(mass * dv + mass * kG * n * dt, impulse, 1e-9 * std::fabs(impulse));
}

TEST(TrackedOwners, PrescribedVelocityMovesTheOwnerExactly) {
  // A free grain, then prescribed: it leaves its family, ignores gravity and moves at v, w.
  const Platform p = platformScene();
  Simulation sim(p.model, p.initial);
  const Index g = 1;
  const Vec3d x0 = sim.state().ownerPosition[g];
  const Vec3d v(0.1, -0.05, 0.2), w(0, 0, 3.0);
  sim.prescribeOwnerVelocity(g, v, w);
  const int n = 200;
  sim.step(n);
  const StateArrays s = sim.state();
  const double T = n * p.model.timeStep;
  EXPECT_NEAR(s.ownerPosition[g].x, x0.x + v.x * T, 1e-14);
  EXPECT_NEAR(s.ownerPosition[g].z, x0.z + v.z * T, 1e-14);
  EXPECT_EQ(double(s.ownerVelocity[g].z), v.z);
  EXPECT_EQ(double(s.ownerAngularVelocity[g].z), w.z);
  // Rotation by w T = 0.03 rad about z: q = (cos(wT/2), 0, 0, sin(wT/2)).
  EXPECT_NEAR(s.ownerOrientation[g].z, std::sin(0.5 * w.z * T), 1e-12);
  EXPECT_GT(s.ownerFamily[g], 1);  // a family of its own, past the model's two
  // A new velocity replaces the old from now on.
  sim.prescribeOwnerVelocity(g, Vec3d(), Vec3d());
  sim.step(10);
  EXPECT_EQ(sim.state().ownerPosition[g].x, s.ownerPosition[g].x);
  EXPECT_THROW(sim.prescribeOwnerVelocity(99, v, w), std::invalid_argument);
  EXPECT_THROW(sim.prescribeOwnerVelocity(g, Vec3d(NAN, 0, 0), w), std::invalid_argument);
  EXPECT_THROW(sim.trackOwners({1, 1}), std::invalid_argument);
  EXPECT_THROW(sim.trackOwners({-1}), std::invalid_argument);
}

TEST(TrackedOwners, SaveAndRestoreMidIntervalGiveTheSameMean) {
  const Platform p = platformScene();
  Simulation whole(p.model, p.initial), first(p.model, p.initial);
  whole.trackOwners({0});
  first.trackOwners({0});
  whole.step(60);
  first.step(25);
  const EngineState saved = first.saveState();
  ASSERT_EQ(saved.trackedSteps, 25u);
  Simulation second(p.model, p.initial);
  second.restoreState(saved);
  second.step(35);
  const Simulation::TrackedOwner a = whole.takeTrackedOwners()[0], b = second.takeTrackedOwners()[0];
  EXPECT_EQ(b.steps, 60u);
  EXPECT_EQ(a.force.z, b.force.z);  // bit for bit (CPU build; the engine's restore is)
  EXPECT_EQ(a.torque.x, b.torque.x);
}

}  // namespace
}  // namespace regolith::test
