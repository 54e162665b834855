// Chung & Ooi (2011, Granular Matter 13:643) particle-impact verification, tests 1–4,
// set-ups from shared/reference/chung-ooi.md. Targets are recomputed from Hertz theory and
// rigid-body impulse relations here, not pasted.
//
// Time step: t_c / 1000 (the reference asks for at most 1 % of t_c). The peak force and
// overlap are sampled once per step; near the peak they vary as 1 - O((t/t_c)^2), so the
// sampling error is ~1e-5 relative, and the duration comes from interpolated zero
// crossings. What remains is the integrator's O(dt^2) error, far below the tolerances.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "tests/support/impact_recorder.h"
#include "tests/support/test_support.h"

namespace regolith::test {
namespace {

struct HertzTargets {
  double overlap, force, duration;
};

// Hertz elastic impact with relative normal speed v.
HertzTargets hertz(double Estar, double Rstar, double mstar, double v) {
  HertzTargets t;
  t.overlap = std::pow(15.0 * mstar * v * v / (16.0 * Estar * std::sqrt(Rstar)), 0.4);
  t.force = 4.0 / 3.0 * Estar * std::sqrt(Rstar) * std::pow(t.overlap, 1.5);
  t.duration = 2.868 * std::pow(mstar * mstar / (Rstar * Estar * Estar * v), 0.2);
  return t;
}

double effectiveYoung(const Material& a, const Material& b) {
  return 1.0 / ((1 - a.poissonRatio * a.poissonRatio) / a.youngsModulus +
                (1 - b.poissonRatio * b.poissonRatio) / b.youngsModulus);
}

void expectWithin(double measured, double target, double relTol, const char* what) {
  EXPECT_NEAR(measured / target, 1.0, relTol) << what << ": measured " << measured << ", Hertz " << target;
}

// ---- Test 1: two identical spheres, head-on, e = 1 ----

void headOn(const Material& mat) {
  const double R = 0.01, v = 10.0;
  const double m = sphereMass(R, mat.density);
  const HertzTargets target = hertz(effectiveYoung(mat, mat), R / 2, m / 2, 2 * v);
  Model model = modelWith({mat}, target.duration / 1000);
  WorldBuilder w;
  const ClumpTemplate ball = sphereTemplate("ball", R, 0, mat.density);
  const double gap = 1e-5;
  w.addClump(ball, Vec3d(-(R + gap / 2), 0, 0), Quat(), Vec3d(v, 0, 0));
  w.addClump(ball, Vec3d(R + gap / 2, 0, 0), Quat(), Vec3d(-v, 0, 0));
  Simulation sim(model, w.state());
  const ImpactRecord r = recordImpact(
      sim, [&](const StateArrays& s) { return 2 * R - norm(s.ownerPosition[1] - s.ownerPosition[0]); }, 10000);
  ASSERT_TRUE(r.separated);
  // 0.5 %: the tolerance the benchmark sets; the scheme's error is ~1e-5 (see top).
  expectWithin(r.peakOverlap, target.overlap, 0.005, "peak overlap");
  expectWithin(r.peakForce, target.force, 0.005, "peak force");
  expectWithin(r.duration, target.duration, 0.005, "contact duration");
  // Elastic (beta = 0): the rebound speed equals the impact speed within 0.1 %.
  EXPECT_NEAR(r.after.ownerVelocity[1].x / v, 1.0, 0.001);
  EXPECT_NEAR(-r.after.ownerVelocity[0].x / v, 1.0, 0.001);
}

TEST(ChungOoi, Test1_ElasticSphereSphere) {
  headOn(material("glass", 4.8e10, 0.20, 2800));
  headOn(material("limestone", 2.0e10, 0.25, 2500));
}

// ---- Sphere on a rigid wall (tests 2–4) ----

struct WallImpact {
  ImpactRecord record;
  HertzTargets elastic;  // Hertz targets for the normal component
  double vn, vt, R;
};

// Sphere of radius R hits the plane z = 0 with speed `speed` at `angleDeg` from the normal.
WallImpact wallImpact(const Material& mat, double R, double speed, double angleDeg) {
  const Material wallMat = rigidWallOf(mat);
  const double th = angleDeg * M_PI / 180.0;
  const double vn = speed * std::cos(th), vt = speed * std::sin(th);
  const double m = sphereMass(R, mat.density);
  WallImpact out;
  out.elastic = hertz(effectiveYoung(mat, wallMat), R, m, vn);
  out.vn = vn;
  out.vt = vt;
  out.R = R;
  Model model = modelWith({mat, wallMat}, out.elastic.duration / 1000);
  model.boundaries = {infinitePlane(Vec3d(0, 0, 0), Vec3d(0, 0, 1), 1)};
  WorldBuilder w;
  // Start 20 steps of flight above the wall.
  const double gap = 20 * vn * model.timeStep;
  w.addClump(sphereTemplate("ball", R, 0, mat.density), Vec3d(0, 0, R + gap), Quat(), Vec3d(vt, 0, -vn));
  Simulation sim(model, w.state());
  out.record = recordImpact(
      sim, [&](const StateArrays& s) { return R - s.ownerPosition[0].z; }, 20000);
  return out;
}

void elasticWall(const Material& mat, double R, double v) {
  const WallImpact w = wallImpact(mat, R, v, 0);
  ASSERT_TRUE(w.record.separated);
  expectWithin(w.record.peakOverlap, w.elastic.overlap, 0.005, "peak overlap");
  expectWithin(w.record.peakForce, w.elastic.force, 0.005, "peak force");
  expectWithin(w.record.duration, w.elastic.duration, 0.005, "contact duration");
  EXPECT_NEAR(w.record.after.ownerVelocity[0].z / v, 1.0, 0.001);
}

TEST(ChungOoi, Test2_ElasticSphereWall) {
  elasticWall(material("aluminium alloy", 7.0e10, 0.30, 2699), 0.1, 0.2);
  elasticWall(material("magnesium alloy", 4.0e10, 0.35, 1800), 0.1, 0.2);
}

TEST(ChungOoi, Test3_Restitution) {
  for (const Material& base :
       {material("aluminium oxide", 3.8e11, 0.23, 4000), material("cast iron", 1.0e11, 0.25, 7000)}) {
    for (double e : {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0}) {
      Material mat = base;
      mat.restitution = e;
      mat.friction = 0;
      const WallImpact w = wallImpact(mat, 0.0025, 3.9, 0);
      ASSERT_TRUE(w.record.separated) << base.name << " e = " << e;
      // 1 %: the benchmark's tolerance. The damping formula reproduces e exactly in
      // continuous time (the attractive tail is kept, see kernels/forces/hertz_mindlin.h); the
      // step adds ~1e-5.
      EXPECT_NEAR(w.record.after.ownerVelocity[0].z / 3.9 / e, 1.0, 0.01) << base.name << " e_in = " << e;
      if (e == 1.0) {
        expectWithin(w.record.duration, w.elastic.duration, 0.005, "elastic contact duration");
        expectWithin(w.record.peakForce, w.elastic.force, 0.005, "elastic peak force");
      }
    }
  }
}

// ---- Test 4: oblique impacts at constant speed ----

struct ObliqueResult {
  double angle, tangentialRestitution, spin, contactPointAngleDeg, normalRestitution;
};

ObliqueResult oblique(double angleDeg) {
  Material mat = material("aluminium oxide", 3.8e11, 0.23, 4000, 0.98, 0.092);
  const WallImpact w = wallImpact(mat, 0.0025, 3.9, angleDeg);
  EXPECT_TRUE(w.record.separated) << angleDeg << " deg";
  const Vec3& v = w.record.after.ownerVelocity[0];
  const Vec3& om = w.record.after.ownerAngularVelocity[0];
  ObliqueResult r;
  r.angle = angleDeg;
  r.normalRestitution = v.z / w.vn;
  r.tangentialRestitution = v.x / w.vt;
  r.spin = om.y;  // incoming along +x over a wall below: forward roll spins about +y
  // Contact point (at -R z) tangential velocity v_x + (omega x (-R z))_x = v_x - R omega_y.
  const double vcp = v.x - w.R * om.y;
  r.contactPointAngleDeg = std::atan2(vcp, v.z) * 180.0 / M_PI;
  return r;
}

TEST(ChungOoi, Test4_ObliqueConstantSpeed) {
  const double mu = 0.092, R = 0.0025, speed = 3.9;
  for (double a = 5; a <= 85; a += 5) {
    const ObliqueResult r = oblique(a);
    std::printf("  angle %4.0f deg: e_n %.4f  e_t %.4f  spin %9.2f rad/s  contact-point angle %7.2f deg\n", a,
                r.normalRestitution, r.tangentialRestitution, r.spin, r.contactPointAngleDeg);
    const double th = a * M_PI / 180.0;
    const double e = r.normalRestitution;
    const bool grossSliding = std::tan(th) > 3.5 * mu * (1 + e);
    if (grossSliding && a >= 40) {
      // Rigid-body Coulomb solution; 1 % as the benchmark sets. (Just above the 32.5 deg
      // threshold, micro-slip of the compliant contact still shifts e_t by a few percent,
      // so the check starts at 40 deg, well inside gross sliding.)
      const double et = 1 - mu * (1 + e) / std::tan(th);
      const double spin = 2.5 * mu * (1 + e) * speed * std::cos(th) / R;
      EXPECT_NEAR(r.tangentialRestitution / et, 1.0, 0.01) << a << " deg";
      EXPECT_NEAR(r.spin / spin, 1.0, 0.01) << a << " deg";
    }
  }
  // Below the threshold, Maw, Barber & Fawcett's compliant trend: e_t above the rigid 5/7
  // near normal incidence, below it around 10–30 deg, and a negative contact-point rebound
  // angle there (the tangential spring throws the contact point back).
  EXPECT_GT(oblique(5).tangentialRestitution, 5.0 / 7.0);
  for (double a : {15.0, 20.0, 25.0}) {
    const ObliqueResult r = oblique(a);
    EXPECT_LT(r.tangentialRestitution, 5.0 / 7.0) << a << " deg";
    EXPECT_LT(r.contactPointAngleDeg, 0.0) << a << " deg";
  }
}

// ---- Tests 6 and 8: a spinning sphere at constant normal speed ----
//
// Chung & Ooi's tests 6 (a sphere on a rigid wall) and 8 (a sphere on a sphere five times
// its radius and a thousand times its density, which barely moves): R = 0.1 m, normal
// speed v_n = 0.2 m/s, no tangential speed, a spin omega_0 about an axis in the contact
// plane; e = 0.5, mu = 0.4; aluminium alloy (E = 7.0e10 Pa, nu = 0.33, 2700 kg/m^3) and
// nylon (2.5e9 Pa, 0.4, 1000 kg/m^3), the set-ups as the public suites (Kratos, PySPH)
// run them. The measure is the contact point's rebound angle
//   beta = V'_ct / V'_n, the tangential over the normal relative velocity after the impact.
// Rigid-body Coulomb: the contact point slips at omega_0 R; a tangential impulse J_t changes
// the slip by 3.5 J_t / m* (a solid sphere; both bodies for test 8), so it slides throughout
// when omega_0 R / v_n > 3.5 mu (1 + e) = 2.1 (a friction impulse mu J_n, J_n = (1 + e) m* v_n),
// and leaves at
//   beta = (omega_0 R / v_n - 3.5 mu (1 + e)) / e.
// Below the limit it sticks (beta = 0, less what the tangential spring gives back).

struct SpinImpact {
  double beta, rigid;
};

// Sphere 1 (radius R, spin w0 about +y) falls along -z at v_n onto the wall z = 0 (test 6)
// or onto a sphere of 5 R and 1000 times the density below it (test 8).
SpinImpact spinImpact(Material mat, double spinRatio, bool onBigSphere, bool compressive) {
  const double R = 0.1, vn = 0.2, e = 0.5, mu = 0.4;
  mat.restitution = e;
  mat.friction = mu;
  Material other = onBigSphere ? mat : rigidWallOf(mat);
  other.name = mat.name + "-target";
  other.density = onBigSphere ? 1000 * mat.density : mat.density;
  const double m = sphereMass(R, mat.density);
  const double Estar = effectiveYoung(mat, other);
  const double Rstar = onBigSphere ? R * 5 * R / (6 * R) : R;
  const double mstar = onBigSphere ? m * sphereMass(5 * R, other.density) / (m + sphereMass(5 * R, other.density)) : m;
  Model model = modelWith({mat, other}, hertz(Estar, Rstar, mstar, vn).duration / 1000);
  settingsOf<HertzMindlin>(model.contactSettings).compressive = compressive;
  WorldBuilder w;
  const double gap = 20 * vn * model.timeStep, w0 = spinRatio * vn / R;
  w.addClump(sphereTemplate("ball", R, 0, mat.density), Vec3d(0, 0, R + gap), Quat(), Vec3d(0, 0, -vn),
             Vec3d(0, w0, 0));
  if (onBigSphere) w.addClump(sphereTemplate("target", 5 * R, 1, other.density), Vec3d(0, 0, -5 * R));
  else model.boundaries = {infinitePlane(Vec3d(0, 0, 0), Vec3d(0, 0, 1), 1)};
  Simulation sim(model, w.state());
  const ImpactRecord r = recordImpact(
      sim,
      [&](const StateArrays& s) {
        return onBigSphere ? 6 * R - norm(s.ownerPosition[0] - s.ownerPosition[1]) : R - s.ownerPosition[0].z;
      },
      200000);
  EXPECT_TRUE(r.separated);
  // The contact points' velocities after the impact (the bodies apart: arms R and 5 R along
  // the line of centres, taken as z, which the small deflection of test 8 leaves to 1e-6).
  const StateArrays& a = r.after;
  Vec3d cp = Vec3d(a.ownerVelocity[0]) + cross(Vec3d(a.ownerAngularVelocity[0]), Vec3d(0, 0, -R));
  if (onBigSphere) cp = cp - (Vec3d(a.ownerVelocity[1]) + cross(Vec3d(a.ownerAngularVelocity[1]), Vec3d(0, 0, 5 * R)));
  // Spin +y moves the contact point along -x: the slip, and beta, counted along -x.
  SpinImpact out;
  out.beta = -cp.x / cp.z;
  const double limit = 3.5 * mu * (1 + e);
  out.rigid = spinRatio > limit ? (spinRatio - limit) / e : 0;
  return out;
}

// Both laws of the normal force, both materials, both tests. With the tensile tail
// ("damped", the default) the friction impulse is mu times the compressive normal impulse,
// 3.4 % more than mu J_n at e = 0.5, so beta falls short of the rigid-body value by a fixed
// 3.5 mu (1 + e) 0.034 / e = 0.14: a relative error that grows towards the stick limit.
// With "compressive" the friction impulse is mu J_n and beta is the rigid-body value.
TEST(ChungOoi, Test6And8_SpinningSphereReboundAngle) {
  const Material materials[] = {material("aluminium alloy", 7.0e10, 0.33, 2700), material("nylon", 2.5e9, 0.40, 1000)};
  // omega_0 R / v_n: 2.15 and 2.2 just above the slide limit 2.1 (beta = 0.1, 0.2), then
  // across Chung & Ooi's range (their omega_0 up to 22 rad/s: 11).
  const double ratios[] = {2.15, 2.2, 2.3, 2.5, 3.0, 4.0, 6.0, 8.0, 11.0};
  for (bool onBigSphere : {false, true}) {
    for (const Material& mat : materials) {
      for (double ratio : ratios) {
        const SpinImpact damped = spinImpact(mat, ratio, onBigSphere, false);
        const SpinImpact clipped = spinImpact(mat, ratio, onBigSphere, true);
        std::printf(
            "  test %d, %-15s omega R / v_n = %5.2f: beta rigid %7.3f, damped %7.3f (%+6.1f %%), "
            "compressive %7.3f (%+6.2f %%)\n",
            onBigSphere ? 8 : 6, mat.name.c_str(), ratio, damped.rigid, damped.beta,
            100 * (damped.beta / damped.rigid - 1), clipped.beta, 100 * (clipped.beta / clipped.rigid - 1));
        // The bounds: 1 % of beta where |beta| > 0.2; 3 % nearer the stick limit.
        // What is left is the lever arm: the torque acts at R - delta/2, so the spin change
        // falls short of the rigid sphere's by about delta/(2 R) averaged over the impulse,
        // a fixed +0.0005 to +0.0016 in beta (nylon, the softer, the most). Measured: at most
        // 0.83 % where beta > 0.2, 1.63 % at beta = 0.1 (nylon on the big sphere).
        const double tol = clipped.rigid > 0.2 + 1e-9 ? 0.01 : 0.03;
        EXPECT_NEAR(clipped.beta / clipped.rigid, 1.0, tol)
            << "test " << (onBigSphere ? 8 : 6) << ", " << mat.name << ", omega R / v_n = " << ratio;
        // The tail's deficit, as stated above: 0.14 below the rigid value, to 0.02.
        EXPECT_NEAR(damped.rigid - damped.beta, 3.5 * 0.4 * 1.5 * 0.034 / 0.5, 0.02);
      }
    }
  }
}

}  // namespace
}  // namespace regolith::test
