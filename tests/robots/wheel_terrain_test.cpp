// Bekker-Wong wheels of a MuJoCo model (robots/wheel_terrain.h), the issue's first two
// wheel tests: a wheel at rest sinks to solveSinkage's depth for its load, and a wheel
// driven at a fixed slip on flat ground feels the drawbar pull and torque of wheelForces
// at that slip and sinkage.
#include "robots/wheel_terrain.h"

#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "robots/controls.h"
#include "robots/robot_simulation.h"
#include "tests/robots/robot_test_support.h"

namespace regolith::test {
namespace {

constexpr double kWheelRadius = 0.1, kWheelWidth = 0.06, kWheelMass = 10, kEarthGravity = 9.81;

robots::TerrainSpec wheelTerrain(const std::string& extra = "") {
  const std::string text = R"({"surface": {"type": "flat", "height": 0}, "interact": [],
    "wheels": [{"body": "wheel", "radius": 0.1, "width": 0.06, "soil": {"preset": "lll-dry-sand"})" +
                           extra + R"(}]})";
  return robots::loadTerrain(writeScratchFile("wheel.terrain.json", text));
}

bekker::Wheel wheelGeometry() {
  bekker::Wheel w;
  w.radius = kWheelRadius;
  w.width = kWheelWidth;
  return w;
}

// A 10 kg wheel (axle y, no MuJoCo contact) on a vertical slide, let down from 5 mm above
// the sand. It sinks about 37 mm, where dW/dz is about 4,300 N/m (omega_n = 21 rad/s);
// the contact's normal damping is critical (damping_ratio 1), so the motion has decayed
// to below 1e-9 of the load by 1.5 s (e^(-omega_n t) (1 + omega_n t) = 1e-12). At rest
// W(z) = m g, and solveSinkage finds that z to 1e-12 r.
TEST(WheelTerrain, AtRestSinksToTheSinkageThatCarriesItsLoad) {
  const std::string xml = R"(<mujoco><option timestep="0.0002" gravity="0 0 -9.81"/><worldbody>
    <body name="wheel" pos="0 0 0.105"><joint name="z" type="slide" axis="0 0 1"/>
    <geom type="cylinder" size="0.1 0.03" zaxis="0 1 0" mass="10" contype="0" conaffinity="0"/>
    </body></worldbody></mujoco>)";
  robots::RobotSimulation sim(writeScratchFile("wheel_rest.xml", xml), wheelTerrain());
  while (sim.time() < 1.5) sim.step();
  ASSERT_TRUE(sim.finite());
  const robots::WheelSoilWrench& w = sim.wheels().wheels().at(0).last;
  const bekker::WheelForces expected = bekker::solveSinkage(
      bekker::soilPreset("lll-dry-sand").soil, bekker::StressShape{}, wheelGeometry(), kWheelMass * kEarthGravity, 0);
  EXPECT_TRUE(w.contact);
  EXPECT_NEAR(w.slip, 0, 1e-12);
  EXPECT_NEAR(w.sinkage, expected.sinkage, 1e-6 * expected.sinkage);
  EXPECT_NEAR(w.load, kWheelMass * kEarthGravity, 1e-6 * kWheelMass * kEarthGravity);
  const robots::BodySample b = sim.sample().at(0);
  EXPECT_NEAR(b.terrainForce.z(), kWheelMass * kEarthGravity, 1e-6 * kWheelMass * kEarthGravity)
      << "the run's series carries it";
  EXPECT_NEAR(b.sinkage, expected.sinkage, 1e-6 * expected.sinkage);
}

// The wheel on a carriage driven along x at 0.2 m/s by a stiff velocity servo, its spin held
// at 2.5 rad/s by another (slip 1 - v / (omega r) = 0.2), its 10 kg free to sink. After 1.5
// s it runs at the commanded slip (the servos sag by force / kv: under 1e-3 in slip), at the
// sinkage that carries its load at that slip (solveSinkage), with the drawbar pull and
// torque of wheelForces there: 1 % (the slip's sag moves DP by about 0.5 %).
TEST(WheelTerrain, DrivenAtFixedSlipFeelsTheWheelIntegrals) {
  const std::string xml = R"(<mujoco><option timestep="0.0002" gravity="0 0 -9.81" integrator="implicit"/>
    <worldbody><body name="carriage" pos="0 0 0.105"><joint name="x" type="slide" axis="1 0 0"/>
    <geom type="box" size="0.01 0.01 0.01" mass="1" contype="0" conaffinity="0"/>
    <body name="wheel"><joint name="z" type="slide" axis="0 0 1"/>
    <joint name="spin" type="hinge" axis="0 1 0"/>
    <geom type="cylinder" size="0.1 0.03" zaxis="0 1 0" mass="10" contype="0" conaffinity="0"/>
    </body></body></worldbody>
    <actuator><velocity name="x" joint="x" kv="100000"/><velocity name="spin" joint="spin" kv="10000"/></actuator>
    </mujoco>)";
  robots::RobotSimulation sim(writeScratchFile("wheel_driven.xml", xml), wheelTerrain());
  sim.setController(robots::controlTableFromCsv(
      writeScratchFile("wheel_driven.csv", "time,x,spin\n0,0.2,2.5\n100,0.2,2.5\n"), sim.model()));
  while (sim.time() < 1.5) sim.step();
  ASSERT_TRUE(sim.finite());
  const robots::WheelSoilWrench& w = sim.wheels().wheels().at(0).last;
  const bekker::SoilParameters soil = bekker::soilPreset("lll-dry-sand").soil;
  const bekker::WheelForces atSlip = bekker::solveSinkage(soil, bekker::StressShape{}, wheelGeometry(),
                                                          kWheelMass * kEarthGravity, 0.2);
  EXPECT_NEAR(w.slip, 0.2, 1e-3);
  EXPECT_NEAR(w.sinkage, atSlip.sinkage, 0.01 * atSlip.sinkage);
  EXPECT_NEAR(w.force.x(), atSlip.drawbarPull, 0.01 * std::fabs(atSlip.drawbarPull));
  EXPECT_NEAR(w.moment.y(), -atSlip.torque, 0.01 * atSlip.torque);
  EXPECT_GT(atSlip.drawbarPull, 0) << "lll-dry-sand pulls at 20 % slip";
}

// The ground under a wheel: on flat and sloped sand the plane's own normal (exactly
// (0, 0, 1) on flat sand, as the central differences gave it), on a deforming grid
// central differences of its heights.
TEST(WheelTerrain, GroundUnderAPlaneHasThePlanesNormal) {
  const robots::TerrainSurface flat{robots::SurfaceSpec{}};
  const robots::GroundPlane onFlat = robots::groundUnder(flat, 0.3, -0.2, 0.025);
  EXPECT_EQ(onFlat.normal, Eigen::Vector3d::UnitZ());
  EXPECT_EQ(onFlat.point, Eigen::Vector3d(0.3, -0.2, 0));

  robots::SurfaceSpec slope;
  slope.kind = robots::SurfaceSpec::Kind::Slope;
  slope.height = 0.02;
  slope.slopeAngle = 10 * M_PI / 180;
  slope.slopeDirection = 30 * M_PI / 180;
  const robots::TerrainSurface sloped{slope};
  const robots::GroundPlane onSlope = robots::groundUnder(sloped, 0.3, -0.2, 0.025);
  EXPECT_EQ(onSlope.point.z(), sloped.rftHeightAt(0.3, -0.2));
  EXPECT_NEAR(onSlope.normal.norm(), 1, 1e-15);
  EXPECT_NEAR(std::acos(onSlope.normal.z()), slope.slopeAngle, 1e-12);
  // Perpendicular to the surface along and across the slope's direction.
  const Eigen::Vector3d along(std::cos(slope.slopeDirection), std::sin(slope.slopeDirection),
                              std::tan(slope.slopeAngle));
  EXPECT_NEAR(onSlope.normal.dot(along), 0, 1e-15);
  EXPECT_NEAR(onSlope.normal.dot(Eigen::Vector3d(-along.y(), along.x(), 0)), 0, 1e-15);

  robots::DeformationSpec grid;
  grid.enabled = true;
  const robots::TerrainSurface deforming{slope, grid};
  EXPECT_FALSE(deforming.planeNormal().has_value());
  EXPECT_LT((robots::groundUnder(deforming, 0.3, -0.2, 0.025).normal - onSlope.normal).norm(), 1e-12);
}

// A terrain file's wheel must name a body of the model; the problem carries its pointer.
TEST(WheelTerrain, UnknownWheelBodyGivesItsPointer) {
  const std::string xml = R"(<mujoco><worldbody><body name="chassis"><freejoint/>
    <geom type="box" size="0.1 0.1 0.1" mass="1"/></body></worldbody></mujoco>)";
  try {
    robots::RobotSimulation sim(writeScratchFile("no_wheel.xml", xml), wheelTerrain());
    FAIL() << "expected a TerrainError";
  } catch (const robots::TerrainError& e) {
    ASSERT_EQ(e.problems().size(), 1u);
    EXPECT_EQ(e.problems()[0].pointer, "/wheels/0/body");
  }
}

}  // namespace
}  // namespace regolith::test
