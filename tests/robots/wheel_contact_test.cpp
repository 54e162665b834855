// One wheel on Bekker-Wong soil from its pose and motion (robots/wheel_contact.h): the
// wrench must be models/bekker's wheel integrals, placed in the wheel's frame.
#include "robots/wheel_contact.h"

#include <Eigen/Geometry>
#include <cmath>
#include <stdexcept>

#include <gtest/gtest.h>

namespace regolith::test {
namespace {

robots::BekkerWheelTerrain lllSand(const robots::BekkerWheelOptions& options = {}) {
  return robots::BekkerWheelTerrain(bekker::soilPreset("lll-dry-sand").soil, bekker::StressShape{},
                                    bekker::Wheel{0.1, 0.06}, options);
}

// A wheel with its axle along y over the ground z = 0, `sinkage` deep, moving forward at v
// with the spin that gives slip s (driving: omega r = v / (1 - s)).
robots::WheelMotion drivenWheel(double sinkage, double v, double s, double radius = 0.1) {
  robots::WheelMotion m;
  m.centre = Eigen::Vector3d(0.3, -0.2, radius - sinkage);
  m.velocity = Eigen::Vector3d(v, 0, 0);
  m.angularVelocity = Eigen::Vector3d(0, v / (1 - s) / radius, 0);
  return m;
}

// The test: driven at a fixed slip on flat ground, the wheel feels W, DP and T of
// wheelForces at that slip and sinkage. Same function, same inputs: to rounding.
TEST(WheelContact, DrivenAtFixedSlipGivesTheWheelIntegrals) {
  const robots::BekkerWheelTerrain t = lllSand();
  for (double s : {0.05, 0.2, 0.6}) {
    const double z = 0.012;
    const robots::WheelSoilWrench w = t.wrench(drivenWheel(z, 0.2, s), robots::GroundPlane{});
    const bekker::WheelForces f = bekker::wheelForces(t.soil(), t.shape(), t.wheel(), z, s);
    ASSERT_TRUE(w.contact);
    EXPECT_NEAR(w.sinkage, z, 1e-15);
    EXPECT_NEAR(w.slip, s, 1e-12);
    EXPECT_NEAR(w.force.z(), f.load, 1e-9 * f.load);
    EXPECT_NEAR(w.force.x(), f.drawbarPull, 1e-9 * f.load);
    EXPECT_NEAR(w.moment.y(), -f.torque, 1e-9 * std::fabs(f.torque));
    EXPECT_NEAR(w.force.y(), 0, 1e-12);
    EXPECT_NEAR(w.moment.x(), 0, 1e-12);
    EXPECT_NEAR(w.moment.z(), 0, 1e-12);
  }
}

// Braking (omega r < v): slip negative, the soil drives the spin (T < 0, moment along +y).
TEST(WheelContact, BrakedWheelIsDrivenBySoil) {
  const robots::BekkerWheelTerrain t = lllSand();
  robots::WheelMotion m = drivenWheel(0.01, 0.2, 0);
  m.angularVelocity.y() = 0.5 * 0.2 / 0.1;  // omega r = v / 2: s = -0.5
  const robots::WheelSoilWrench w = t.wrench(m, robots::GroundPlane{});
  const bekker::WheelForces f = bekker::wheelForces(t.soil(), t.shape(), t.wheel(), 0.01, -0.5);
  EXPECT_NEAR(w.slip, -0.5, 1e-12);
  EXPECT_LT(f.torque, 0);
  EXPECT_NEAR(w.moment.y(), -f.torque, 1e-9 * std::fabs(f.torque));
  EXPECT_LT(w.force.x(), 0) << "a braked wheel is held back";
}

// Turning the whole set-up (wheel, motion, ground) turns the wrench with it: nothing in the
// rule depends on the world's axes.
TEST(WheelContact, WrenchIsFrameIndependent) {
  const robots::BekkerWheelTerrain t = lllSand();
  robots::WheelMotion m = drivenWheel(0.015, 0.3, 0.3);
  m.velocity.y() = 0.05;  // a slip angle, so the lateral force and its moment are in it
  const robots::WheelSoilWrench flat = t.wrench(m, robots::GroundPlane{});
  const Eigen::Matrix3d q = (Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, 3).normalized()) *
                             Eigen::AngleAxisd(-0.4, Eigen::Vector3d::UnitX()))
                                .toRotationMatrix();
  robots::WheelMotion turned = m;
  turned.centre = q * m.centre;
  turned.axle = q * m.axle;
  turned.velocity = q * m.velocity;
  turned.angularVelocity = q * m.angularVelocity;
  robots::GroundPlane ground;
  ground.normal = q * Eigen::Vector3d::UnitZ();
  const robots::WheelSoilWrench w = t.wrench(turned, ground);
  const double scale = flat.force.norm();
  EXPECT_LT((w.force - q * flat.force).norm(), 1e-9 * scale);
  EXPECT_LT((w.moment - q * flat.moment).norm(), 1e-9 * scale * t.wheel().radius);
  EXPECT_NEAR(w.slipAngle, flat.slipAngle, 1e-12);
}

// Reversing the motion mirrors the longitudinal and lateral forces and the moment about
// the axle; the load and the slip stay.
TEST(WheelContact, ReverseTravelMirrorsTheForces) {
  const robots::BekkerWheelTerrain t = lllSand();
  robots::WheelMotion m = drivenWheel(0.01, 0.2, 0.25);
  m.velocity.y() = 0.03;
  const robots::WheelSoilWrench ahead = t.wrench(m, robots::GroundPlane{});
  m.velocity = -m.velocity;
  m.angularVelocity = -m.angularVelocity;
  const robots::WheelSoilWrench back = t.wrench(m, robots::GroundPlane{});
  EXPECT_EQ(back.direction, -1);
  EXPECT_NEAR(back.slip, ahead.slip, 1e-12);
  EXPECT_NEAR(back.force.z(), ahead.force.z(), 1e-9 * ahead.force.z());
  EXPECT_NEAR(back.force.x(), -ahead.force.x(), 1e-9 * ahead.force.z());
  EXPECT_NEAR(back.force.y(), -ahead.force.y(), 1e-9 * ahead.force.z());
  EXPECT_NEAR(back.moment.y(), -ahead.moment.y(), 1e-9 * std::fabs(ahead.moment.y()));
}

// The lateral force: none without a slip angle, against the side velocity, growing with
// the angle towards the patch's shear limit c A + W tan(phi) (lll-dry-sand: c = 1040 Pa,
// phi = 28 degrees).
TEST(WheelContact, LateralForceOpposesSideSlipUpToTheShearLimit) {
  const robots::BekkerWheelTerrain t = lllSand();
  double last = 0;
  for (double side : {0.0, 0.01, 0.05, 0.2, 2.0}) {
    robots::WheelMotion m = drivenWheel(0.01, 0.2, 0.1);
    m.velocity.y() = side;
    const robots::WheelSoilWrench w = t.wrench(m, robots::GroundPlane{});
    const double contactLength = t.wheel().radius * std::acos(1 - 0.01 / t.wheel().radius);  // no rear arc
    const double limit = t.soil().cohesion * t.wheel().width * contactLength +
                         w.load * std::tan(t.soil().frictionAngle);
    if (side == 0) {
      EXPECT_EQ(w.force.y(), 0);
    } else {
      EXPECT_LT(w.force.y(), 0) << "against +y side slip";
      EXPECT_GT(w.lateral, last);
      EXPECT_LE(w.lateral, limit * (1 + 1e-12));
    }
    last = w.lateral;
  }
}

// Above the ground nothing acts; at rest in the ground only the load does (quasi-static
// soil has no direction to push in), and it fades in linearly up to the rest speed.
TEST(WheelContact, NoContactAboveTheGroundAndOnlyTheLoadAtRest) {
  const robots::BekkerWheelTerrain t = lllSand();
  robots::WheelMotion above = drivenWheel(-0.001, 0.2, 0.2);
  const robots::WheelSoilWrench none = t.wrench(above, robots::GroundPlane{});
  EXPECT_FALSE(none.contact);
  EXPECT_EQ(none.force.norm(), 0);
  EXPECT_EQ(none.moment.norm(), 0);

  robots::WheelMotion rest = drivenWheel(0.01, 0, 0);
  rest.angularVelocity.setZero();
  const robots::WheelSoilWrench still = t.wrench(rest, robots::GroundPlane{});
  EXPECT_TRUE(still.contact);
  EXPECT_GT(still.force.z(), 0);
  EXPECT_EQ(still.force.x(), 0);
  EXPECT_EQ(still.moment.norm(), 0);

  const robots::WheelSoilWrench full = t.wrench(drivenWheel(0.01, 2 * t.options().restSpeed, 0.2),
                                                robots::GroundPlane{});
  const robots::WheelSoilWrench half = t.wrench(drivenWheel(0.01, 0.5 * t.options().restSpeed, 0.2),
                                                robots::GroundPlane{});
  // omega r = v / 0.8: at v = rest / 2 the fade is (v / 0.8) / rest = 0.625, for the
  // force and for the slip it is computed at.
  const bekker::WheelForces faded = bekker::wheelForces(t.soil(), t.shape(), t.wheel(), 0.01, 0.625 * 0.2);
  EXPECT_NEAR(half.slip, 0.625 * 0.2, 1e-12);
  EXPECT_NEAR(half.force.x(), 0.625 * faded.drawbarPull, 1e-9 * std::fabs(full.force.x()));
  EXPECT_NEAR(full.slip, 0.2, 1e-12);
}

// Opposite signs of travel and spin are slip's limits, not an error: spinning backwards
// against a slow forward push is s = 1 backwards; a wheel dragged forwards while turning
// slowly backwards is locked, s = -1.
TEST(WheelContact, SpinAgainstTheMotionIsTheSlipLimit) {
  const robots::BekkerWheelTerrain t = lllSand();
  robots::WheelMotion m = drivenWheel(0.01, 0.05, 0);
  m.angularVelocity.y() = -3;  // omega r = -0.3
  robots::WheelSoilWrench w = t.wrench(m, robots::GroundPlane{});
  EXPECT_EQ(w.direction, -1);
  EXPECT_EQ(w.slip, 1);
  m.angularVelocity.y() = -0.1;  // omega r = -0.01
  w = t.wrench(m, robots::GroundPlane{});
  EXPECT_EQ(w.direction, 1);
  EXPECT_EQ(w.slip, -1);
}

// The normal damping: sinking at 1 cm/s the wheel feels W + c 0.01, c = 2 zeta sqrt(k m)
// with k = (n + 1/2) W / z and m = W / g; rising fast it loses contact force (never pulled).
TEST(WheelContact, NormalDampingResistsSinkingAndNeverPulls) {
  const robots::BekkerWheelTerrain t = lllSand();
  robots::WheelMotion m = drivenWheel(0.01, 0.2, 0.2);
  const robots::WheelSoilWrench still = t.wrench(m, robots::GroundPlane{});
  EXPECT_EQ(still.normalForce, still.load) << "no normal velocity, no damping";
  m.velocity.z() = -0.01;
  const robots::WheelSoilWrench sinking = t.wrench(m, robots::GroundPlane{});
  const double k = (t.soil().n + 0.5) * sinking.load / 0.01;
  const double c = 2 * t.options().dampingRatio * std::sqrt(k * sinking.load / t.options().gravity);
  EXPECT_NEAR(sinking.normalForce, sinking.load + 0.01 * c, 1e-9 * sinking.load);
  EXPECT_NEAR(sinking.force.z(), sinking.normalForce, 1e-9 * sinking.load);
  m.velocity.z() = 10;
  EXPECT_EQ(t.wrench(m, robots::GroundPlane{}).normalForce, 0);
}

// The rim's lowest point, shared by the wrench and the ground lookup: r along the up
// direction's part in the wheel's plane; a wheel lying flat falls back to up itself.
TEST(WheelContact, RimLowestPointIsDownInTheWheelsPlane) {
  const Eigen::Vector3d c(0.3, -0.2, 0.5);
  const Eigen::Vector3d up = Eigen::Vector3d::UnitZ();
  EXPECT_TRUE(robots::rimLowestPoint(c, Eigen::Vector3d::UnitY(), 0.1, up).isApprox(c - 0.1 * up, 1e-15));
  const Eigen::Vector3d tilted(0, std::cos(M_PI / 6), std::sin(M_PI / 6));  // axle 30 degrees up
  const Eigen::Vector3d expected = c - 0.1 * Eigen::Vector3d(0, -0.5, std::cos(M_PI / 6));
  EXPECT_LT((robots::rimLowestPoint(c, tilted, 0.1, up) - expected).norm(), 1e-15);
  EXPECT_TRUE(robots::rimLowestPoint(c, up, 0.1, up).isApprox(c - 0.1 * up, 1e-15));
}

TEST(WheelContact, BadInputsAreRefusedWithWhatWasExpected) {
  const robots::BekkerWheelTerrain t = lllSand();
  robots::WheelMotion flatWheel = drivenWheel(0.01, 0.2, 0.2);
  flatWheel.axle = Eigen::Vector3d::UnitZ();
  EXPECT_THROW(t.wrench(flatWheel, robots::GroundPlane{}), std::invalid_argument);
  robots::WheelMotion nan = drivenWheel(0.01, 0.2, 0.2);
  nan.velocity.x() = std::nan("");
  EXPECT_THROW(t.wrench(nan, robots::GroundPlane{}), std::invalid_argument);
  robots::GroundPlane noNormal;
  noNormal.normal.setZero();
  EXPECT_THROW(t.wrench(drivenWheel(0.01, 0.2, 0.2), noNormal), std::invalid_argument);
  // Parameters out of range are refused when the wheel terrain is made, not per wrench.
  robots::BekkerWheelOptions noRest;
  noRest.restSpeed = 0;
  EXPECT_THROW(lllSand(noRest), std::invalid_argument);
  bekker::SoilParameters noFriction = t.soil();
  noFriction.frictionAngle = -1;
  EXPECT_THROW(robots::BekkerWheelTerrain(noFriction, t.shape(), t.wheel()), std::invalid_argument);
}

}  // namespace
}  // namespace regolith::test
